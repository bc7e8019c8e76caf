import type { ClientsResponse } from '@resim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import { systemClock } from '../src/lib/clock';
import { dialects } from './harness';
import { startLiveServer, type LiveServer } from './live-server';
import { sessionScenario } from './session-scenario';
import { openSocket } from './test-socket';

type Auth = { authorization: string };
type Join = { gameId: string; runToken: string | null };

const hours = 3_600_000;

describe.each(dialects)('GET /admin/clients on %s', (dialect) => {
  let server: LiveServer;
  // The server's clock, moved on to leave runs outside the recent window.
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  let author: Auth;
  let outsider: Auth;
  let nurse: Auth;
  let authorToken: string;
  let clinic: { id: string; code: string };
  let ward: { id: string; code: string };
  let ana: Join;
  let nurseRun: Join;
  let spaceId: string;

  const userAuth = async (email: string) => {
    const user = await createUser({ db: server.database.db, clock: systemClock, email, password: 'Test-password-1', groups: '' });
    const { token } = await createToken({ db: server.database.db, clock: systemClock, userId: user.id, name: 'test' });
    return { authorization: `Bearer ${token}` };
  };

  const call = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string> = {}, payload?: object) => {
    const response = await server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };

  const newScenario = async (headers: Auth, spaceId: string, name: string) => {
    const created = (await call<{ id: string; code: string }>('POST', '/admin/resim/new', headers, { groupId: spaceId })).body;
    const saved = await call('PATCH', `/admin/resim/${created.id}`, headers, {
      ...sessionScenario,
      details: { ...sessionScenario.details, resimName: name },
    });
    expect(saved.status).toBe(200);
    return created;
  };

  const clients = async (headers: Auth, query = '') => call<ClientsResponse>('GET', `/admin/clients${query}`, headers);
  const clientOf = (list: ClientsResponse, gameId: string) => list.clients.find((client) => client.gameId === gameId);

  beforeAll(async () => {
    server = await startLiveServer(dialect, {}, clock);
    author = await userAuth('author@example.test');
    authorToken = author.authorization.slice('Bearer '.length);
    outsider = await userAuth('outsider@example.test');
    nurse = await userAuth('nurse@hospital.test');
    spaceId = (await call<{ id: string }>('POST', '/admin/space', author, { description: 'Clinic' })).body.id;
    clinic = await newScenario(author, spaceId, 'Anaemia clinic');
    ward = await newScenario(author, spaceId, 'Ward round');
    const elsewhere = (await call<{ id: string }>('POST', '/admin/space', outsider, { description: 'Elsewhere' })).body.id;
    const theirs = await newScenario(outsider, elsewhere, 'Their scenario');

    for (const scenario of [clinic, ward, theirs]) {
      const headers = scenario === theirs ? outsider : author;
      expect((await call('POST', `/admin/control/${scenario.id}/1`, headers)).status).toBe(200);
      expect((await call('POST', `/admin/control/${scenario.id}/2`, headers)).status).toBe(200);
    }
    ana = (await call<Join>('POST', `/learn/join/${clinic.code}`, {}, { nickname: 'Ana' })).body;
    const ran = await call(
      'POST',
      `/learn/game/${ana.gameId}/event`,
      { 'x-run-token': ana.runToken! },
      { type: 'runAction', actionId: 'act1' },
    );
    expect(ran.status).toBe(200);
    nurseRun = (await call<Join>('POST', `/learn/join/${clinic.code}`, nurse, {})).body;
    expect((await call<Join>('POST', `/learn/join/${ward.code}`, {}, { nickname: 'Ben' })).status).toBe(201);
    expect((await call<Join>('POST', `/learn/join/${theirs.code}`, {}, { nickname: 'Cy' })).status).toBe(201);
  });
  afterAll(() => server.close());

  it("lists the runs of the caller's spaces with who, where, how far and the last step", async () => {
    const { status, body } = await clients(author);
    expect(status).toBe(200);
    expect(body).toMatchObject({ windowHours: 24, resimId: null, truncated: false });
    expect(body.clients.map((client) => client.learner.nickname).sort()).toEqual(['Ana', 'Ben', 'nurse']);
    expect(clientOf(body, ana.gameId)).toMatchObject({
      learner: { nickname: 'Ana', email: null, anonymous: true },
      scenario: { id: clinic.id, name: 'Anaemia clinic', spaceName: 'Clinic' },
      opening: { number: 1, status: 'open' },
      test: false,
      progress: { stages: { done: 1, total: 1 }, actions: { done: 1, total: 2 }, conclusions: { done: 0, total: 1 }, points: 10 },
      lastStep: { type: 'runAction', items: ['Full blood count'] },
      connected: false,
      finished: false,
    });
    expect(clientOf(body, nurseRun.gameId)).toMatchObject({
      learner: { email: 'nurse@hospital.test', anonymous: false },
      lastStep: null,
      progress: { points: 0 },
    });
    // The most recently active first.
    const times = body.clients.map((client) => client.lastActive);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('narrows the list to one scenario with ?id', async () => {
    const { status, body } = await clients(author, `?id=${clinic.id}`);
    expect(status).toBe(200);
    expect(body.resimId).toBe(clinic.id);
    expect(body.clients.map((client) => client.learner.nickname).sort()).toEqual(['Ana', 'nurse']);
    expect(new Set(body.clients.map((client) => client.scenario.id))).toEqual(new Set([clinic.id]));
  });

  it("shows an outsider none of the space's runs, and a scenario of it as not found", async () => {
    const own = await clients(outsider);
    expect(own.body.clients.map((client) => client.learner.nickname)).toEqual(['Cy']);
    const refused = await clients(outsider, `?id=${clinic.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'not_found' });
    expect((await clients(author, '?id=nothing-here')).status).toBe(404);
  });

  it('refuses a malformed ?id with a message naming it', async () => {
    for (const query of ['?id=', '?id=a%20b', `?id=${'x'.repeat(101)}`, '?id=a&other=1']) {
      const refused = await clients(author, query);
      expect(refused.status, query).toBe(400);
      expect(refused.body).toMatchObject({ code: 'bad_request' });
    }
    expect((await clients(author, '?id=a%20b')).body).toMatchObject({ message: expect.stringContaining('id') });
  });

  it('tells who is connected now, and tells the consoles following the scenario when that changes', async () => {
    const console = await openSocket(`${server.url.replace('http', 'ws')}/admin/socket`);
    console.socket.send(JSON.stringify({ type: 'auth', token: authorToken }));
    await console.next((m) => m.type === 'ready', 'ready');
    console.socket.send(JSON.stringify({ type: 'subscribe', resimId: clinic.id }));
    await console.next((m) => m.type === 'subscribed', 'subscribed');

    const learner = await openSocket(
      `${server.url.replace('http', 'ws')}/learn/socket?game=${ana.gameId}&token=${encodeURIComponent(ana.runToken!)}`,
    );
    await learner.next((m) => m.type === 'snapshot', 'snapshot');
    await console.next((m) => m.type === 'changed' && m.resimId === clinic.id, 'changed on connecting');
    const connected = (await clients(author)).body;
    expect(clientOf(connected, ana.gameId)?.connected).toBe(true);
    expect(clientOf(connected, nurseRun.gameId)?.connected).toBe(false);

    learner.close();
    await console.next((m) => m.type === 'changed' && m.resimId === clinic.id, 'changed on leaving');
    expect(clientOf((await clients(author)).body, ana.gameId)?.connected).toBe(false);
    console.close();
  });

  it("tells of learners connected to the server's other processes, while those processes beat", async () => {
    const db = server.database.db;
    const learner = await openSocket(
      `${server.url.replace('http', 'ws')}/learn/socket?game=${ana.gameId}&token=${encodeURIComponent(ana.runToken!)}`,
    );
    await learner.next((m) => m.type === 'snapshot', 'snapshot');
    // This process records its own learner's connection for the others to read.
    await expect
      .poll(async () => (await db.selectFrom('run_connections').select('game_id').execute()).map((row) => row.game_id))
      .toEqual([ana.gameId]);
    learner.close();
    await expect.poll(async () => (await db.selectFrom('run_connections').select('game_id').execute()).length).toBe(0);

    // Another process holds the nurse's socket.
    const now = clock.now().getTime();
    await db
      .insertInto('socket_servers')
      .values({ id: 'other', seen_at: new Date(now).toISOString() })
      .execute();
    await db
      .insertInto('run_connections')
      .values({ game_id: nurseRun.gameId, server_id: 'other', since: new Date(now).toISOString() })
      .execute();
    expect(clientOf((await clients(author)).body, nurseRun.gameId)?.connected).toBe(true);
    // Its beat lapses (a crash): within 15 s it is no longer believed.
    await db
      .updateTable('socket_servers')
      .set({ seen_at: new Date(now - 10_000).toISOString() })
      .where('id', '=', 'other')
      .execute();
    expect(clientOf((await clients(author)).body, nurseRun.gameId)?.connected).toBe(true);
    await db
      .updateTable('socket_servers')
      .set({ seen_at: new Date(now - 15_001).toISOString() })
      .where('id', '=', 'other')
      .execute();
    expect(clientOf((await clients(author)).body, nurseRun.gameId)?.connected).toBe(false);
    await db.deleteFrom('socket_servers').where('id', '=', 'other').execute();
  });

  it('leaves out runs idle for longer than the window, unless their learner is connected', async () => {
    offset = 25 * hours;
    try {
      const later = (await clients(author)).body;
      expect(later.clients).toEqual([]);
      expect(Date.parse(later.since)).toBeGreaterThan(Date.now());

      const learner = await openSocket(
        `${server.url.replace('http', 'ws')}/learn/socket?game=${ana.gameId}&token=${encodeURIComponent(ana.runToken!)}`,
      );
      await learner.next((m) => m.type === 'snapshot', 'snapshot');
      expect((await clients(author)).body.clients.map((client) => [client.learner.nickname, client.connected])).toEqual([['Ana', true]]);
      learner.close();
    } finally {
      offset = 0;
    }
    // Within the window again (23 hours on), every run is back.
    offset = 23 * hours;
    try {
      expect((await clients(author)).body.clients).toHaveLength(3);
    } finally {
      offset = 0;
    }
  });

  it("marks an author's Test Mode runs apart from learners'", async () => {
    for (const status of [3, 0, 4]) expect((await call('POST', `/admin/control/${ward.id}/${status}`, author)).status).toBe(200);
    const tried = await call<Join>('POST', `/learn/join/${ward.code}`, author, {});
    expect(tried.status).toBe(201);
    const { body } = await clients(author, `?id=${ward.id}`);
    expect(clientOf(body, tried.body.gameId)).toMatchObject({ test: true, opening: { id: 'test', number: null, status: 'open' } });
    // Ben's run belongs to the opening the author closed before testing.
    expect(body.clients.find((client) => client.learner.nickname === 'Ben')).toMatchObject({
      test: false,
      opening: { number: 1, status: 'closed' },
      finished: true,
    });
  });

  it('is in the API document', async () => {
    const document = (await call<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>('GET', '/openapi.json')).body;
    expect(document.paths['/admin/clients']?.get?.parameters?.map((parameter) => parameter.name)).toEqual(['id']);
  });
  it('counts a learner the host removed as neither connected nor playing, though their phone still holds its socket', async () => {
    const lab = await newScenario(author, spaceId, 'Lab round');
    for (const status of [1, 2]) expect((await call('POST', `/admin/control/${lab.id}/${status}`, author)).status).toBe(200);
    const zed = (await call<Join>('POST', `/learn/join/${lab.code}`, {}, { nickname: 'Zed' })).body;
    const learner = await openSocket(
      `${server.url.replace('http', 'ws')}/learn/socket?game=${zed.gameId}&token=${encodeURIComponent(zed.runToken!)}`,
    );
    await learner.next((m) => m.type === 'snapshot', 'snapshot');
    expect(clientOf((await clients(author)).body, zed.gameId)).toMatchObject({ connected: true, finished: false });
    const { currentInstanceId } = (await call<{ currentInstanceId: string }>('GET', `/admin/resim/${lab.id}/dashboard`, author)).body;
    const removed = await call('POST', `/admin/resim/${lab.id}/instance/${currentInstanceId}/games/${zed.gameId}/remove`, author);
    expect(removed.status).toBe(200);
    expect(clientOf((await clients(author)).body, zed.gameId)).toMatchObject({ connected: false, finished: true, endReason: 'removed' });
    learner.close();
  });
});
