import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../auth/auth-paths';
import { isPlayerPath, parsePath, pathFor, spaceLearnersPath } from './routes';

describe('routes', () => {
  it('maps every page to its path and back', () => {
    const paths = {
      '/': 'HOME',
      '/monitoring': 'MONITORING',
      '/clients': 'CLIENTS',
      '/intel': 'INTEL',
      '/email-templates': 'TEMPLATES',
      '/subscriptions': 'SUBSCRIPTIONS',
      '/schedule': 'SCHEDULE',
      '/profile': 'PROFILE',
      '/assessment': 'ASSESSMENT',
    } as const;
    for (const [path, name] of Object.entries(paths)) {
      expect(parsePath(path)).toEqual({ name });
      expect(pathFor({ name })).toBe(path);
    }
  });

  it('names a space in the address of its learners', () => {
    expect(spaceLearnersPath('s 1&2')).toBe('/clients?space=s+1%262');
    expect(parsePath(spaceLearnersPath('s1').split('?')[0] ?? '')).toEqual({ name: 'CLIENTS' });
  });

  it('reads the scenario id of the editor path', () => {
    expect(parsePath('/resim/abc-123')).toEqual({ name: 'EDIT_RESIM', resimId: 'abc-123' });
    expect(pathFor({ name: 'EDIT_RESIM', resimId: 'a b' })).toBe('/resim/a%20b');
    expect(parsePath('/resim/a%20b')).toEqual({ name: 'EDIT_RESIM', resimId: 'a b' });
  });

  it('reads the space id of the space settings path', () => {
    expect(parsePath('/space/sp_1')).toEqual({ name: 'SPACE_SETTINGS', spaceId: 'sp_1' });
    expect(pathFor({ name: 'SPACE_SETTINGS', spaceId: 'a/b' })).toBe('/space/a%2Fb');
    expect(parsePath('/space/a%2Fb')).toEqual({ name: 'SPACE_SETTINGS', spaceId: 'a/b' });
    expect(parsePath('/space/%E0%A4%A')).toBeNull();
  });

  it('reads the space id of the space scoreboard path', () => {
    expect(parsePath('/space/sp_1/scoreboard')).toEqual({ name: 'SPACE_SCOREBOARD', spaceId: 'sp_1' });
    expect(pathFor({ name: 'SPACE_SCOREBOARD', spaceId: 'a/b' })).toBe('/space/a%2Fb/scoreboard');
    expect(parsePath('/space/a%2Fb/scoreboard/')).toEqual({ name: 'SPACE_SCOREBOARD', spaceId: 'a/b' });
  });

  it('accepts a trailing slash and refuses unknown paths', () => {
    expect(parsePath('/profile/')).toEqual({ name: 'PROFILE' });
    expect(parsePath('/nowhere')).toBeNull();
    expect(parsePath('/resim')).toBeNull();
    expect(parsePath('/resim/a/b')).toBeNull();
    expect(parsePath('/space')).toBeNull();
  });

  it('only returns to paths of this origin after sign-in', () => {
    expect(safeReturnTo('/profile')).toBe('/profile');
    expect(safeReturnTo('/resim/1?tab=flow')).toBe('/resim/1?tab=flow');
    expect(safeReturnTo('https://evil.example/')).toBe('/');
    expect(safeReturnTo('//evil.example/')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('/auth/callback?code=x')).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
  });

  it("tells the player's addresses from the console's", () => {
    expect(isPlayerPath('/play')).toBe(true);
    expect(isPlayerPath('/play/ABC123?join=1')).toBe(true);
    expect(isPlayerPath('/player')).toBe(false);
    expect(isPlayerPath('/resim/1')).toBe(false);
  });
});
