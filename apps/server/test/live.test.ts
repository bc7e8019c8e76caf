import { startRun } from '@resim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { liveGatherMs } from '../src/app';
import { systemClock } from '../src/lib/clock';
import { loadRunnableScenario } from '../src/modules/runs/scenario-cache';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import { createTestDatabase, dialects, type TestDatabase } from './harness';
import { startInstance, type Instance } from './live-server';
import { sessionScenario } from './session-scenario';
import { openLearner, openSocket } from './test-socket';

const setUp = async (instance: Instance, database: TestDatabase) => {
  const author = await createUser({
    db: database.db,
    clock: systemClock,
    email: `author-${Math.random()}@example.test`,
    password: 'Test-password-1',
    groups: '',
  });
  const { token } = await createToken({ db: database.db, clock: systemClock, userId: author.id, name: 'test' });
  const auth = { authorization: `Bearer ${token}` };
  const spaceId = (
    await instance.app.inject({ method: 'POST', url: '/admin/space', headers: auth, payload: { description: 'Ward' } })
  ).json<{ id: string }>().id;
  const created = (
    await instance.app.inject({ method: 'POST', url: '/admin/resim/new', headers: auth, payload: { groupId: spaceId } })
  ).json<{ id: string; code: string }>();
  await instance.app.inject({ method: 'PATCH', url: `/admin/resim/${created.id}`, headers: auth, payload: sessionScenario });
  return { auth, resimId: created.id, code: created.code };
};

const consoleUrl = (instance: Instance) => `${instance.url.replace('http', 'ws')}/admin/socket`;

/** The code a socket was closed with. */
const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) => {
    if (socket.readyState === socket.CLOSED) resolve(-1);
    socket.once('close', (code: number) => resolve(code));
  });

/** An API token of a new user who belongs to no space. */
const tokenOf = async (database: TestDatabase, name: string) => {
  const user = await createUser({
    db: database.db,
    clock: systemClock,
    email: `${name}-${Math.random()}@example.test`,
    password: 'Test-password-1',
    groups: '',
  });
  return (await createToken({ db: database.db, clock: systemClock, userId: user.id, name: 'test' })).token;
};

/** A learner joining with a nickname over HTTP: their run and its token. */
const joinAs = async (instance: Instance, code: string, nickname: string) =>
  (await instance.app.inject({ method: 'POST', url: `/learn/join/${code}`, payload: { nickname } })).json<{
    gameId: string;
    runToken: string;
  }>();

const socketUrl = (instance: Instance, gameId: string, token: string) =>
  `${instance.url.replace('http', 'ws')}/learn/socket?game=${encodeURIComponent(gameId)}&token=${encodeURIComponent(token)}`;

describe.each(dialects)('live sessions over WebSocket on %s', (dialect) => {
  let database: TestDatabase;
  let server: Instance;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startInstance(database);
  });
  afterAll(async () => {
    await server.app.close();
    await database.drop();
  });

  it("does not push a learner's socket a change that would only tell the server's clock", async () => {
    const { auth, resimId, code } = await setUp(server, database);
    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: auth });
    const joined = await joinAs(server, code, 'Quiet');
    const learner = await openLearner(socketUrl(server, joined.gameId, joined.runToken));
    await learner.until(() => true, 'first snapshot');
    // The join's news reaches this process after the socket opened: its run is read again, and nothing of it changed.
    await new Promise((resolve) => setTimeout(resolve, liveGatherMs * 4));
    expect(learner.version()).toBe(1);
    learner.close();
  });

  it('pushes the start, answers steps with what changed, delivers messages and pushes the stop', async () => {
    const { auth, resimId, code } = await setUp(server, database);
    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: auth });
    const joined = await joinAs(server, code, 'Ana');
    const learner = await openLearner(socketUrl(server, joined.gameId, joined.runToken));
    expect(await learner.next((m) => m.type === 'snapshot', 'first snapshot')).toMatchObject({ version: 1, snapshot: { phase: 'lobby' } });
    const stored = async () =>
      (await server.app.inject({ method: 'GET', url: `/learn/game/${joined.gameId}`, headers: { 'x-run-token': joined.runToken } })).json<
        Record<string, unknown>
      >();
    const sameAsStored = async () => expect({ ...learner.snapshot(), serverTime: 0 }).toEqual({ ...(await stored()), serverTime: 0 });

    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: auth });
    await learner.until((snapshot) => snapshot.phase === 'open' && snapshot.view !== null, 'start');
    await sameAsStored();

    const result = await learner.step({ type: 'runAction', actionId: 'act1' });
    expect(result).toMatchObject({ ok: true, version: learner.version(), delta: { set: { eventCount: 1 } } });
    expect(result).not.toHaveProperty('snapshot');
    // The answer is what changed, a small part of the whole.
    expect(JSON.stringify(result).length).toBeLessThan(JSON.stringify(learner.snapshot()).length / 2);
    await sameAsStored();
    expect(learner.snapshot().view?.actions.find((action) => action.id === 'act1')?.availability).toBe('done');

    expect(await learner.step({ type: 'runAction', actionId: 'act1' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    learner.socket.send('not json');
    expect(await learner.next((m) => m.type === 'error', 'error')).toMatchObject({ code: 'bad_request' });
    learner.socket.send(JSON.stringify({ type: 'event', requestId: 'r3', event: { type: 'teleport' } }));
    expect(await learner.next((m) => m.type === 'error', 'error')).toMatchObject({ code: 'bad_request' });

    await server.app.inject({
      method: 'POST',
      url: `/admin/control/${resimId}/message`,
      headers: auth,
      payload: { id: 'm1', title: 'Hello', message: 'Start now' },
    });
    expect(await learner.next((m) => m.type === 'message', 'message')).toMatchObject({
      message: { id: 'm1', title: 'Hello', message: 'Start now' },
    });

    // A client that lost track asks for the whole snapshot, and goes on from its version.
    const before = learner.version();
    learner.socket.send(JSON.stringify({ type: 'sync' }));
    expect(await learner.next((m) => m.type === 'snapshot', 'whole snapshot')).toMatchObject({
      version: before + 1,
      snapshot: { eventCount: 1 },
    });

    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/3`, headers: auth });
    await learner.until(
      (snapshot) => snapshot.phase === 'closed' && snapshot.view?.ended?.reason === 'stopped' && snapshot.score !== null,
      'stop with the score',
    );
    await sameAsStored();
    expect(learner.snapshot().score).toMatchObject({ points: 10, rank: 1, of: 1, ended: true });
    learner.close();
  });

  it('does not put a started learner back in the lobby when their run is read again before the Start is heard', async () => {
    const { auth, resimId, code } = await setUp(server, database);
    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: auth });
    const joined = await joinAs(server, code, 'Eve');
    const learner = await openLearner(socketUrl(server, joined.gameId, joined.runToken));
    await learner.until((snapshot) => snapshot.phase === 'lobby', 'the lobby');
    // A Start as another process makes it, whose news has not come yet: the status set, then the lobby released.
    await database.db.updateTable('resims').set({ status: 2 }).where('id', '=', resimId).execute();
    const scenario = (await loadRunnableScenario(database.db, { id: resimId }))!;
    const at = new Date();
    await database.db
      .updateTable('games')
      .set({ state: JSON.stringify(startRun(scenario, at.getTime())), started_at: at.toISOString(), updated_at: at.toISOString() })
      .where('id', '=', joined.gameId)
      .execute();
    // The run read again (as on a change made elsewhere) within the second the scenario's last reading is believed.
    learner.socket.send(JSON.stringify({ type: 'sync' }));
    expect(await learner.until((snapshot) => snapshot.phase === 'open' && snapshot.view !== null, 'the run as started')).toMatchObject({
      resimStatus: 2,
    });
    learner.close();
  });

  it('refuses steps beyond those a socket may have waiting, and stores nothing for them', async () => {
    const { auth, resimId, code } = await setUp(server, database);
    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: auth });
    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: auth });
    const joined = await joinAs(server, code, 'Flood');
    const learner = await openSocket(socketUrl(server, joined.gameId, joined.runToken));
    await learner.next((m) => m.type === 'snapshot', 'first snapshot');

    const count = 40;
    for (let at = 1; at <= count; at += 1)
      learner.socket.send(JSON.stringify({ type: 'event', requestId: `f${at}`, event: { type: 'runAction', actionId: 'act1' } }));
    const results = await Promise.all(
      Array.from({ length: count }, (_, at) =>
        learner.next((m) => m.type === 'result' && m.requestId === `f${at + 1}`, `result f${at + 1}`),
      ),
    );
    const codes = results.map((result) => (result.ok ? 'ok' : (result.error as { code: string }).code));
    expect(codes[0]).toBe('ok');
    expect(codes.filter((found) => found === 'busy').length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(['ok', 'busy', 'conflict']));
    expect(results.find((result) => !result.ok && (result.error as { code: string }).code === 'busy')).toMatchObject({
      error: { message: expect.stringContaining('try again') },
    });
    const run = (
      await server.app.inject({ method: 'GET', url: `/learn/game/${joined.gameId}`, headers: { 'x-run-token': joined.runToken } })
    ).json<{
      eventCount: number;
    }>();
    expect(run.eventCount).toBe(1);
    learner.close();
  });

  it('keeps nothing of the upgrade request on a served socket, and still drops a socket that fails', async () => {
    const { auth, resimId, code } = await setUp(server, database);
    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: auth });
    const joined = await joinAs(server, code, 'Cy');
    const before = new Set(server.app.websocketServer.clients);
    const learner = await openLearner(socketUrl(server, joined.gameId, joined.runToken));
    await learner.next((m) => m.type === 'snapshot', 'first snapshot');
    const served = [...server.app.websocketServer.clients].find((client) => !before.has(client));
    if (!served) throw new Error('the served socket is not among the server’s clients');
    // The plugin's error listener held the request and reply; the upgraded socket held a response.
    expect(served.listenerCount('error')).toBe(1);
    const raw = (served as unknown as { _socket: { _httpMessage?: unknown } })._socket;
    expect(raw._httpMessage ?? null).toBeNull();
    const gone = closed(learner.socket);
    served.emit('error', new Error('broken frame'));
    expect(await gone).toBe(1006);
  });

  it('refuses a socket without a valid run token', async () => {
    const { auth, resimId, code } = await setUp(server, database);
    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: auth });
    const joined = await joinAs(server, code, 'Bo');
    expect(joined.gameId).toEqual(expect.any(String));
    const intruder = await openSocket(socketUrl(server, joined.gameId, 'stolen'));
    expect(await intruder.next((m) => m.type === 'error', 'refusal')).toMatchObject({ code: 'unauthenticated' });
    intruder.close();
  });

  it('refuses a console socket without a valid token, and one that subscribes before authenticating', async () => {
    const stranger = await openSocket(consoleUrl(server));
    stranger.socket.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect(await stranger.next((m) => m.type === 'error', 'refusal')).toMatchObject({ code: 'unauthenticated' });
    expect(await closed(stranger.socket)).toBe(1008);

    const { resimId } = await setUp(server, database);
    const hasty = await openSocket(consoleUrl(server));
    hasty.socket.send(JSON.stringify({ type: 'subscribe', resimId }));
    expect(await hasty.next((m) => m.type === 'error', 'refusal')).toMatchObject({ code: 'unauthenticated' });
    expect(await closed(hasty.socket)).toBe(1008);
  });

  it("pushes a scenario's status and run changes to the consoles of its space, and to no one else", async () => {
    const { auth, resimId, code } = await setUp(server, database);
    const author = await openSocket(consoleUrl(server));
    author.socket.send(JSON.stringify({ type: 'auth', token: auth.authorization.slice('Bearer '.length) }));
    await author.next((m) => m.type === 'ready', 'ready');
    author.socket.send(JSON.stringify({ type: 'subscribe', resimId }));
    await author.next((m) => m.type === 'subscribed', 'subscribed');

    const outsider = await openSocket(consoleUrl(server));
    outsider.socket.send(JSON.stringify({ type: 'auth', token: await tokenOf(database, 'outsider') }));
    await outsider.next((m) => m.type === 'ready', 'ready');
    outsider.socket.send(JSON.stringify({ type: 'subscribe', resimId }));
    expect(await outsider.next((m) => m.type === 'error', 'refusal')).toMatchObject({ code: 'not_found', resimId });
    outsider.socket.send(JSON.stringify({ type: 'subscribe', resimId: 'x'.repeat(101) }));
    expect(await outsider.next((m) => m.type === 'error', 'bad request')).toMatchObject({ code: 'bad_request' });

    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: auth });
    expect(await author.next((m) => m.type === 'status', 'status')).toEqual({ type: 'status', resimId, status: 1 });
    await server.app.inject({ method: 'POST', url: `/learn/join/${code}`, payload: { nickname: 'Di' } });
    expect(await author.next((m) => m.type === 'changed', 'changed')).toEqual({ type: 'changed', resimId, runs: 1 });

    // Unsubscribed, the console hears no more of it.
    author.socket.send(JSON.stringify({ type: 'unsubscribe', resimId }));
    author.socket.send(JSON.stringify({ type: 'ping' }));
    await author.next((m) => m.type === 'pong', 'pong');
    await server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: auth });
    author.socket.send(JSON.stringify({ type: 'ping' }));
    await author.next((m) => m.type === 'pong', 'pong');
    await Promise.all([
      expect(author.next((m) => m.type === 'status', 'status after unsubscribing')).rejects.toThrow(/no status after/),
      expect(outsider.next((m) => m.type === 'status' || m.type === 'changed', 'news')).rejects.toThrow(/no news/),
    ]);
    author.close();
    outsider.close();
  });
});

describe.runIf(dialects.includes('postgres'))('two server instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let first: Instance;
  let second: Instance;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    first = await startInstance(database);
    second = await startInstance(database);
  });
  afterAll(async () => {
    await first.app.close();
    await second.app.close();
    await database.drop();
  });

  it('delivers to a learner on one instance what the presenter sends through the other', async () => {
    const { auth, resimId, code } = await setUp(first, database);
    await second.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: auth });
    const joined = await joinAs(first, code, 'Cy');
    const learner = await openLearner(socketUrl(first, joined.gameId, joined.runToken));
    await learner.next((m) => m.type === 'snapshot', 'first snapshot');

    await second.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: auth });
    await learner.until((snapshot) => snapshot.phase === 'open' && snapshot.view !== null, 'start from the other instance');
    const sent = await second.app.inject({
      method: 'POST',
      url: `/admin/control/${resimId}/message`,
      headers: auth,
      payload: { id: 'x1', title: 'From B', message: 'Across processes' },
    });
    expect(sent.statusCode).toBe(201);
    expect(await learner.next((m) => m.type === 'message', 'message from the other instance')).toMatchObject({
      message: { id: 'x1', title: 'From B' },
    });
    learner.close();
  });

  it('delivers messages of the longest length, in control characters and in emoji, to learners on either instance', async () => {
    const { auth, resimId, code } = await setUp(first, database);
    await first.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: auth });
    const learners = await Promise.all(
      [first, second].map(async (instance, at) => {
        const joined = await joinAs(instance, code, `Far ${at}`);
        const learner = await openLearner(socketUrl(instance, joined.gameId, joined.runToken));
        await learner.next((m) => m.type === 'snapshot', 'first snapshot');
        return learner;
      }),
    );
    // Escaped as JSON, 2,000 control characters are 12,000 bytes: more than a NOTIFY may carry.
    const messages = [
      { id: 'ctl', title: '\u0007'.repeat(200), message: `a${'\u0001'.repeat(1998)}z` },
      { id: 'emoji', title: '🩺'.repeat(100), message: '🫀'.repeat(1000) },
    ];
    for (const message of messages) {
      const sent = await second.app.inject({ method: 'POST', url: `/admin/control/${resimId}/message`, headers: auth, payload: message });
      expect(sent.statusCode).toBe(201);
      for (const learner of learners)
        expect(await learner.next((m) => m.type === 'message', `message ${message.id}`)).toMatchObject({ message });
    }
    for (const learner of learners) learner.close();
  });

  it('tells a console on one instance of a status change made through the other', async () => {
    const { auth, resimId } = await setUp(first, database);
    const watcher = await openSocket(consoleUrl(first));
    watcher.socket.send(JSON.stringify({ type: 'auth', token: auth.authorization.slice('Bearer '.length) }));
    watcher.socket.send(JSON.stringify({ type: 'subscribe', resimId }));
    await watcher.next((m) => m.type === 'subscribed', 'subscribed');
    await second.app.inject({ method: 'POST', url: `/admin/control/${resimId}/1`, headers: auth });
    expect(await watcher.next((m) => m.type === 'status', 'status from the other instance')).toMatchObject({ resimId, status: 1 });
    watcher.close();
  });
});
