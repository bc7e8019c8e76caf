import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestDatabase, dialects, testConfig, type TestDatabase } from './harness';
import { freePort } from './oidc-client';
import { queryCounter } from './query-counter';
import { sessionScenario } from './session-scenario';
import { openLearner } from './test-socket';
import { systemClock } from '../src/lib/clock';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';

type Join = { gameId: string; runToken: string | null };

describe.each(dialects)('accommodations in a live session over WebSocket on %s', (dialect) => {
  const counter = queryCounter();
  let server: { app: FastifyInstance; url: string; database: TestDatabase };

  beforeAll(async () => {
    const database = await createTestDatabase(dialect, { plugins: [counter.plugin] });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const app = await buildApp({
      config: testConfig(database.dataDir, { PORT: String(port), PUBLIC_URL: url }),
      db: database.db,
      dialect,
      logger: false,
      webDist: path.join(database.dataDir, 'no-web'),
    });
    await app.listen({ port, host: '127.0.0.1' });
    server = { app, url, database };
  });
  afterAll(async () => {
    await server.app.close();
    await server.database.drop();
  });

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

  it("reads the accommodations of a lobby's learners once at the Start, however many they are", async () => {
    const host = await tokenOf('host2@example.test');
    const spaceId = (await inject<{ id: string }>(host, 'POST', '/admin/space', { description: 'Ward' })).id;
    const created = await inject<{ id: string; code: string }>(host, 'POST', '/admin/resim/new', { groupId: spaceId });
    await inject(host, 'PATCH', `/admin/resim/${created.id}`, sessionScenario);
    const emails = Array.from({ length: 12 }, (_, at) => `learner${at}@hospital.test`);
    await inject(host, 'POST', `/admin/space/${spaceId}/learner`, {
      learners: emails.map((email, at) => ({
        email,
        tags: at % 3 === 0 ? ['night'] : [],
        ...(at % 4 === 1 ? { accommodation: { extraPercent: 25 } } : {}),
      })),
    });
    await inject(host, 'PUT', `/admin/space/${spaceId}/accommodation`, { tags: ['night'], accommodation: { untimed: true } });
    await inject(host, 'POST', `/admin/control/${created.id}/1`);
    const games = new Map<string, string>();
    for (const email of emails)
      games.set(email, (await inject<Join>(await tokenOf(email), 'POST', `/learn/join/${created.code}`, {})).gameId);

    const reads = await counter.selectsFrom('accommodations', () => inject(host, 'POST', `/admin/control/${created.id}/2`));
    expect(reads).toBe(1);
    const rows = await server.database.db.selectFrom('games').select(['email', 'state']).where('resim_id', '=', created.id).execute();
    const allowances = Object.fromEntries(rows.map((row) => [row.email, (JSON.parse(row.state!) as { allowance: unknown }).allowance]));
    expect(allowances).toEqual(
      Object.fromEntries(
        emails.map((email, at) => [
          email,
          // Their own wins over the tag's.
          at % 4 === 1
            ? { untimed: false, extraPercent: 25, extraSeconds: 0 }
            : at % 3 === 0
              ? { untimed: true, extraPercent: 0, extraSeconds: 0 }
              : null,
        ]),
      ),
    );
  });
});
