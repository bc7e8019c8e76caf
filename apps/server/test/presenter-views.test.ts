import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type SavedView = {
  id: string;
  resimId: string;
  name: string;
  panels: string[];
  hideNames: boolean;
  theme: string;
  isDefault: boolean;
};
type Display = {
  learners: { nickname: string; rank: number | null; points: number | null }[];
  measures: { id: string; name: string; type: number; timeUnit: string; average: number; learners: number }[];
  layout: { viewId: string | null; name: string; panels: string[]; hideNames: boolean; theme: string };
};

describe.each(dialects)('presenter views on %s', (dialect) => {
  let t: TestApp;
  let host: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let spaceId: string;
  let resimId: string;
  let otherResimId: string;
  let code: string;

  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who?: TestUser, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: who?.auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json<T & { message: string }>() };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    host = await t.user('host@example.test');
    stranger = await t.user('stranger@elsewhere.test');
    spaceId = (await call<{ id: string }>('POST', '/admin/space', host, { description: 'Lecture hall' })).body.id;
    reader = await t.user('reader@example.test', spaceId);
    const created = await call<{ id: string; code: string }>('POST', '/admin/resim/new', host, { groupId: spaceId });
    resimId = created.body.id;
    code = created.body.code;
    otherResimId = (await call<{ id: string }>('POST', '/admin/resim/new', host, { groupId: spaceId })).body.id;
    expect((await call('PATCH', `/admin/resim/${resimId}`, host, sessionScenario)).status).toBe(200);
    expect((await call('POST', `/admin/control/${resimId}/1`, host)).status).toBe(200);
    for (const nickname of ['Ann', 'Bo']) {
      const joined = await call<{ gameId: string; runToken: string }>('POST', `/learn/join/${code}`, undefined, { nickname });
      expect(joined.status).toBe(201);
    }
  });
  afterAll(() => t.close());

  let leaderboard: SavedView;

  it('has no saved views at first, and shows the standard layout', async () => {
    expect((await call('GET', `/admin/resim/${resimId}/presenter`, host)).body).toEqual([]);
    const display = await call<Display>('GET', `/presenter/resim/${resimId}/current`, host);
    expect(display.body.layout).toEqual({
      viewId: null,
      name: 'Standard',
      panels: ['join', 'lobby', 'leaderboard', 'measures', 'messages'],
      hideNames: false,
      theme: 'dark',
    });
    expect(display.body.learners.map((learner) => learner.nickname).sort()).toEqual(['Ann', 'Bo']);
  });

  it('saves a view of the scenario, with defaults for what the body leaves out', async () => {
    const created = await call<SavedView>('POST', '/admin/presenter', host, { resimId, name: 'Scores only', panels: ['leaderboard'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      resimId,
      name: 'Scores only',
      panels: ['leaderboard'],
      hideNames: false,
      theme: 'dark',
      isDefault: false,
    });
    leaderboard = created.body;
    expect((await call<SavedView[]>('GET', `/admin/resim/${resimId}/presenter`, host)).body).toEqual([leaderboard]);
    expect((await call('GET', `/admin/resim/${otherResimId}/presenter`, host)).body).toEqual([]);
  });

  it('changes only the fields a PATCH sends', async () => {
    const patched = await call<SavedView>('PATCH', `/admin/presenter/${leaderboard.id}`, host, { hideNames: true, theme: 'light' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Scores only', panels: ['leaderboard'], hideNames: true, theme: 'light' });
    leaderboard = patched.body;
    expect((await call<SavedView[]>('GET', `/admin/resim/${resimId}/presenter`, host)).body).toEqual([leaderboard]);
  });

  it('shows the view the display names, learners numbered in the order they joined', async () => {
    const display = await call<Display>('GET', `/presenter/resim/${resimId}/current?view=${leaderboard.id}`, host);
    expect(display.status).toBe(200);
    expect(display.body.layout).toEqual({
      viewId: leaderboard.id,
      name: 'Scores only',
      panels: ['leaderboard'],
      hideNames: true,
      theme: 'light',
    });
    expect(display.body.learners.map((learner) => learner.nickname).sort()).toEqual(['Learner 1', 'Learner 2']);
    expect(JSON.stringify(display.body)).not.toMatch(/"Ann"|"Bo"/);
    // Without ?view= and no default, the names are there.
    expect((await call<Display>('GET', `/presenter/resim/${resimId}/current`, host)).body.layout.viewId).toBeNull();
  });

  it('shows the default view when the display names none, one default at a time', async () => {
    const room = await call<SavedView>('POST', '/admin/presenter', host, {
      resimId,
      name: 'Room',
      panels: ['join', 'lobby'],
      isDefault: true,
    });
    expect((await call<Display>('GET', `/presenter/resim/${resimId}/current`, host)).body.layout.viewId).toBe(room.body.id);
    expect((await call('PATCH', `/admin/presenter/${leaderboard.id}`, host, { isDefault: true })).status).toBe(200);
    const views = (await call<SavedView[]>('GET', `/admin/resim/${resimId}/presenter`, host)).body;
    expect(views.map((view) => [view.name, view.isDefault])).toEqual([
      ['Scores only', true],
      ['Room', false],
    ]);
    expect((await call<Display>('GET', `/presenter/resim/${resimId}/current`, host)).body.layout.viewId).toBe(leaderboard.id);
  });

  it('averages each measure over the learners with a score', async () => {
    const display = await call<Display>('GET', `/presenter/resim/${resimId}/current`, host);
    expect(display.body.measures).toEqual([]);
    expect((await call('POST', `/admin/control/${resimId}/2`, host)).status).toBe(200);
    const started = await call<Display>('GET', `/presenter/resim/${resimId}/current`, host);
    expect(started.body.measures).toEqual([{ id: 'points', name: 'Points', type: 7, timeUnit: 'seconds', average: 0, learners: 2 }]);
    expect(started.body).toMatchObject({ currency: 'USD' });
  });

  it('refuses a view that is unknown or belongs to another scenario', async () => {
    const other = await call<SavedView>('POST', '/admin/presenter', host, { resimId: otherResimId, name: 'Other', panels: ['join'] });
    expect(other.status).toBe(201);
    const foreign = await call('GET', `/presenter/resim/${resimId}/current?view=${other.body.id}`, host);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Presenter view not found');
    expect((await call('GET', `/presenter/resim/${resimId}/current?view=nope`, host)).status).toBe(404);
    const empty = await call('GET', `/presenter/resim/${resimId}/current?view=`, host);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('view');
  });

  it('answers 400 naming the field of a bad body, and writes nothing', async () => {
    const before = await t.snapshot();
    const cases: [unknown, string][] = [
      [{ resimId, name: '', panels: ['join'] }, 'name'],
      [{ resimId, name: 'X', panels: [] }, 'panels'],
      [{ resimId, name: 'X', panels: ['join', 'join'] }, 'panels'],
      [{ resimId, name: 'X', panels: ['scoreboard'] }, 'panels'],
      [{ resimId, name: 'X', panels: ['join'], theme: 'blue' }, 'theme'],
      [{ resimId, name: 'X', panels: ['join'], hideNames: 'yes' }, 'hideNames'],
      [{ name: 'X', panels: ['join'] }, 'resimId'],
      [{ resimId, name: 'X', panels: ['join'], colour: 'red' }, 'colour'],
    ];
    for (const [payload, field] of cases) {
      const refused = await call('POST', '/admin/presenter', host, payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.message).toContain(field);
    }
    const patch = await call('PATCH', `/admin/presenter/${leaderboard.id}`, host, { theme: 'blue' });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toContain('theme');
    expect(await t.snapshot()).toBe(before);
  });

  it('hides the views of a space from outsiders, as if they did not exist', async () => {
    const before = await t.snapshot();
    expect((await call('GET', `/admin/resim/${resimId}/presenter`, stranger)).status).toBe(404);
    expect((await call('POST', '/admin/presenter', stranger, { resimId, name: 'Mine', panels: ['join'] })).status).toBe(404);
    const patch = await call('PATCH', `/admin/presenter/${leaderboard.id}`, stranger, { name: 'Mine' });
    expect(patch.status).toBe(404);
    expect(patch.body.message).toBe('Presenter view not found');
    expect((await call('PATCH', '/admin/presenter/unknown', host, { name: 'Mine' })).status).toBe(404);
    expect((await call('GET', `/presenter/resim/${resimId}/current?view=${leaderboard.id}`, stranger)).status).toBe(404);
    expect(await t.snapshot()).toBe(before);
  });

  it('lets a member read the views, and change them only while the space allows editing', async () => {
    expect((await call<SavedView[]>('GET', `/admin/resim/${resimId}/presenter`, reader)).body).toHaveLength(2);
    expect((await call('PATCH', `/admin/presenter/${leaderboard.id}`, reader, { name: 'Leaders' })).status).toBe(200);
    expect((await call('PUT', `/admin/space/${spaceId}/security`, host, { canEdit: false })).status).toBe(200);
    const before = await t.snapshot();
    const refused = await call('PATCH', `/admin/presenter/${leaderboard.id}`, reader, { name: 'Again' });
    expect(refused.status).toBe(403);
    expect((await call('POST', '/admin/presenter', reader, { resimId, name: 'Mine', panels: ['join'] })).status).toBe(403);
    expect(await t.snapshot()).toBe(before);
    // The owner may always edit.
    expect((await call('PATCH', `/admin/presenter/${leaderboard.id}`, host, { name: 'Scores' })).status).toBe(200);
    expect((await call<SavedView[]>('GET', `/admin/resim/${resimId}/presenter`, reader)).body.map((view) => view.name)).toEqual([
      'Scores',
      'Room',
    ]);
  });
});
