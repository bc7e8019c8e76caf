import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Preview = { gameId: string; path: string };
type Snapshot = { gameId: string; phase: string; eventCount: number; view: { measures: { id: string; value: number }[] } | null };

describe.each(dialects)('previews and Test Mode on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let outsider: TestUser;
  let resimId: string;
  let code: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.user('author@example.test');
    outsider = await t.user('outsider@example.test');
    const spaceId = (
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: author.auth, payload: { description: 'Clinic' } })
    ).json<{ id: string }>().id;
    const created = (
      await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: author.auth, payload: { groupId: spaceId } })
    ).json<{ id: string; code: string }>();
    resimId = created.id;
    code = created.code;
    await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: author.auth, payload: sessionScenario });
  });
  afterAll(() => t.close());

  const call = async <T>(method: 'GET' | 'POST', url: string, who?: TestUser, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };

  it('shows a scenario in Test Mode open to its authors, closed to everyone else', async () => {
    expect((await call('POST', `/admin/control/${resimId}/4`, author)).status).toBe(200);
    expect((await call<{ phase: string }>('GET', `/learn/join/${code}`, author)).body.phase).toBe('open');
    expect((await call<{ phase: string }>('GET', `/learn/join/${code}`, outsider)).body.phase).toBe('closed');
    expect((await call<{ phase: string }>('GET', `/learn/join/${code}`)).body.phase).toBe('closed');
    expect((await call('POST', `/admin/control/${resimId}/0`, author)).status).toBe(200);
  });

  it('starts a preview in any status, playable by its author, apart from the real runs', async () => {
    // Initialized: no learner may join, but the author previews.
    const started = await call<Preview>('POST', `/admin/resim/${resimId}/preview`, author);
    expect(started.status).toBe(201);
    expect(started.body.path).toBe(`/play/preview/${resimId}/${started.body.gameId}`);

    const snapshot = await call<Snapshot>('GET', `/learn/game/${started.body.gameId}`, author);
    expect(snapshot.body).toMatchObject({ phase: 'open', eventCount: 0 });
    const stepped = await call<Snapshot>('POST', `/learn/game/${started.body.gameId}/event`, author, {
      type: 'runAction',
      actionId: 'act1',
    });
    expect(stepped.status).toBe(200);
    expect(stepped.body.view?.measures).toContainEqual(expect.objectContaining({ id: 'points', value: 10 }));

    // The real records know nothing of it.
    expect((await call('GET', `/admin/resim/${resimId}/games`, author)).body).toEqual([]);
    expect((await call('GET', `/admin/resim/${resimId}/audit`, author)).body).toEqual({ entries: [], nextCursor: null, total: 0 });
    expect((await call('GET', `/admin/resim/${resimId}/dashboard`, author)).body).toMatchObject({ instances: [], testRuns: 0 });
    expect((await call('GET', `/resim/${resimId}/score`, author)).body).toMatchObject({ players: 0, mine: [] });
    expect((await call('GET', `/admin/resim/${resimId}/instance/preview-${resimId}/scoreboard`, author)).status).toBe(404);
  });

  it('starts afresh on the next preview, the earlier one gone', async () => {
    const first = (await call<Preview>('POST', `/admin/resim/${resimId}/preview`, author)).body;
    const second = (await call<Preview>('POST', `/admin/resim/${resimId}/preview`, author)).body;
    expect(second.gameId).not.toBe(first.gameId);
    expect((await call('GET', `/learn/game/${first.gameId}`, author)).status).toBe(404);
    expect((await call<Snapshot>('GET', `/learn/game/${second.gameId}`, author)).body.eventCount).toBe(0);
  });

  it('lets only the members of the scenario space preview it, and only its author play the preview', async () => {
    const before = await t.snapshot();
    expect((await call('POST', `/admin/resim/${resimId}/preview`, outsider)).status).toBe(404);
    expect((await call('POST', `/admin/resim/${resimId}/preview`)).status).toBe(401);
    expect((await call('POST', '/admin/resim/unknown/preview', author)).status).toBe(404);
    expect(await t.snapshot()).toBe(before);
    const mine = (await call<Preview>('POST', `/admin/resim/${resimId}/preview`, author)).body;
    expect((await call('GET', `/learn/game/${mine.gameId}`, outsider)).status).toBe(404);
  });
});
