import type { GameSnapshot } from '@resim/contracts';
import { describe, expect, it, vi } from 'vitest';
import { platformMessage, platformRunToken } from './platform-link';

const pageAt = (href: string, stored: Record<string, string> = {}) => {
  const url = new URL(href);
  const storage = new Map(Object.entries(stored));
  const replaceState = vi.fn();
  return {
    replaceState,
    location: { hash: url.hash, search: url.search, pathname: url.pathname } as Location,
    history: { state: null, replaceState } as unknown as History,
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    } as Storage,
    storage,
  };
};

describe('platformRunToken', () => {
  it('takes the token from the fragment, drops it from the address and keeps it for a reload', () => {
    const page = pageAt('https://resim.example/play/lms/g1?origin=https%3A%2F%2Flms.example.edu%2Fmod%2Fscorm#token=secret');
    expect(platformRunToken('g1', page)).toEqual({ runToken: 'secret', parentOrigin: 'https://lms.example.edu' });
    expect(page.replaceState).toHaveBeenCalledWith(null, '', '/play/lms/g1?origin=https%3A%2F%2Flms.example.edu%2Fmod%2Fscorm');
    expect(page.storage.get('resim.lms.g1')).toBe('secret');
    const reloaded = pageAt('https://resim.example/play/lms/g1', Object.fromEntries(page.storage));
    expect(platformRunToken('g1', reloaded)).toEqual({ runToken: 'secret', parentOrigin: null });
    expect(reloaded.replaceState).not.toHaveBeenCalled();
  });

  it('tells no page that is not a web origin', () => {
    for (const origin of ['javascript:alert(1)', 'not a url', 'data:text/html,x'])
      expect(
        platformRunToken('g1', pageAt(`https://resim.example/play/lms/g1?origin=${encodeURIComponent(origin)}`)).parentOrigin,
      ).toBeNull();
  });
});

describe('platformMessage', () => {
  const snapshot = (ended: boolean): GameSnapshot =>
    ({
      gameId: 'g1',
      phase: 'open',
      endReason: ended ? 'ended' : null,
      view: { ended: ended ? { at: 1, reason: 'ended' } : null },
      score: ended
        ? {
            points: 30,
            durationMs: 61_000,
            answers: { actionsMatched: 1, actionsExpected: 1, conclusionsMatched: 1, conclusionsExpected: 1, correct: true },
          }
        : null,
    }) as unknown as GameSnapshot;

  it('says only where a run stands while it goes on, and its points and verdict once it ended', () => {
    expect(platformMessage(snapshot(false))).toEqual({
      type: 'resim:run',
      gameId: 'g1',
      phase: 'open',
      ended: false,
      points: null,
      passed: null,
      durationMs: null,
    });
    expect(platformMessage(snapshot(true))).toMatchObject({ ended: true, points: 30, passed: true, durationMs: 61_000 });
  });
});
