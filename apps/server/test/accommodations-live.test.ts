import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './harness';
import { startLiveServer, type LiveServer } from './live-server';
import { sessionScenario } from './session-scenario';
import { openLearner } from './test-socket';
import { systemClock } from '../src/lib/clock';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';

type Join = { gameId: string; runToken: string | null };

describe.each(dialects)('accommodations in a live session over WebSocket on %s', (dialect) => {
  let server: LiveServer;

  beforeAll(async () => {
    server = await startLiveServer(dialect);
  });
  afterAll(() => server.close());

  const tokenOf = async (email: string) => {
    const user = await createUser({ db: server.database.db, clock: systemClock, email, password: 'Test-password-1', groups: '' });
    return (await createToken({ db: server.database.db, clock: systemClock, userId: user.id, name: 'test' })).token;
  };
  const inject = async <T>(token: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
    const response = await server.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  };
  const socketUrl = (gameId: string, token: string) =>
    `${server.url.replace('http', 'ws')}/learn/socket?game=${encodeURIComponent(gameId)}&token=${encodeURIComponent(token)}`;

  it("pushes the Start to each learner in the lobby with their own allowance, the same as their stored run's", async () => {
    const host = await tokenOf('host@example.test');
    const spaceId = (await inject<{ id: string }>(host, 'POST', '/admin/space', { description: 'Ward' })).id;
    const created = await inject<{ id: string; code: string }>(host, 'POST', '/admin/resim/new', { groupId: spaceId });
    await inject(host, 'PATCH', `/admin/resim/${created.id}`, sessionScenario);
    await inject(host, 'POST', `/admin/space/${spaceId}/learner`, {
      learners: [{ email: 'ann@hospital.test', accommodation: { untimed: true } }, { email: 'bob@hospital.test' }],
    });
    await inject(host, 'POST', `/admin/control/${created.id}/1`);

    const annToken = await tokenOf('ann@hospital.test');
    const bobToken = await tokenOf('bob@hospital.test');
    const annJoin = await inject<Join>(annToken, 'POST', `/learn/join/${created.code}`, {});
    const bobJoin = await inject<Join>(bobToken, 'POST', `/learn/join/${created.code}`, {});
    const ann = await openLearner(socketUrl(annJoin.gameId, annToken));
    const bob = await openLearner(socketUrl(bobJoin.gameId, bobToken));
    await ann.until((snapshot) => snapshot.phase === 'lobby', 'the lobby');
    await bob.until((snapshot) => snapshot.phase === 'lobby', 'the lobby');

    await inject(host, 'POST', `/admin/control/${created.id}/2`);
    const annStarted = await ann.until((snapshot) => snapshot.view !== null, 'the start');
    const bobStarted = await bob.until((snapshot) => snapshot.view !== null, 'the start');
    expect(annStarted.allowance).toEqual({ untimed: true, extraSeconds: null });
    expect(bobStarted.allowance).toBeNull();
    const stored = async (gameId: string, token: string) =>
      ({ ...(await inject<Record<string, unknown>>(token, 'GET', `/learn/game/${gameId}`)), serverTime: 0 }) as Record<string, unknown>;
    expect({ ...ann.snapshot(), serverTime: 0 }).toEqual(await stored(annJoin.gameId, annToken));
    expect({ ...bob.snapshot(), serverTime: 0 }).toEqual(await stored(bobJoin.gameId, bobToken));
    // Steps go on from the run as started, its allowance kept.
    expect(await ann.step({ type: 'runAction', actionId: 'act1' })).toMatchObject({ ok: true });
    const state = await server.database.db.selectFrom('games').select('state').where('id', '=', annJoin.gameId).executeTakeFirstOrThrow();
    expect((JSON.parse(state.state!) as { allowance: unknown }).allowance).toEqual({ untimed: true, extraPercent: 0, extraSeconds: 0 });
    ann.close();
    bob.close();
  });
});
