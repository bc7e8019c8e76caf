import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createInProcessBus } from '../src/adapters/live/live-bus';
import { buildApp } from '../src/app';
import { closeDatabase, createDatabase, sqliteFileOf, type Database } from '../src/db/database';
import type { GameRow } from '../src/db/schema';
import { systemClock } from '../src/lib/clock';
import { instanceScoreboard, instanceScoreboardCsv, presenterView } from '../src/modules/runs/boards.service';
import { listGames, resimScore } from '../src/modules/runs/records.service';
import { stopsSettled } from '../src/modules/runs/session.service';
import * as runs from '../src/modules/runs/runs.repository';
import { createSocketHub } from '../src/modules/runs/socket-hub';
import { createStepWriter, type StepWrite } from '../src/modules/runs/step-writer';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import { createTestDatabase, dialects, testConfig, type TestDatabase } from './harness';
import { freePort } from './oidc-client';
import { queryCounter } from './query-counter';
import { sessionScenario } from './session-scenario';
import { openLearner, openSocket } from './test-socket';

type Server = { app: FastifyInstance; url: string; db: Database };

const startServer = async (database: TestDatabase, env: Record<string, string> = {}, db = database.db): Promise<Server> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildApp({
    config: testConfig(database.dataDir, { PORT: String(port), PUBLIC_URL: url, ...env }),
    db,
    dialect: database.dialect,
    logger: false,
    webDist: path.join(database.dataDir, 'no-web'),
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url, db };
};

const authorOf = async (db: Database) => {
  const user = await createUser({
    db,
    clock: systemClock,
    email: `author-${Math.random()}@example.test`,
    password: 'Test-password-1',
    groups: '',
  });
  const { token } = await createToken({ db, clock: systemClock, userId: user.id, name: 'test' });
  return { user, token, auth: { authorization: `Bearer ${token}` } };
};

const scenarioOf = async (server: Server, auth: Record<string, string>, details: Record<string, unknown> = {}) => {
  const spaceId = (
    await server.app.inject({ method: 'POST', url: '/admin/space', headers: auth, payload: { description: 'Congress' } })
  ).json<{ id: string }>().id;
  const created = (
    await server.app.inject({ method: 'POST', url: '/admin/resim/new', headers: auth, payload: { groupId: spaceId } })
  ).json<{ id: string; code: string; revision: number }>();
  const saved = await server.app.inject({
    method: 'PATCH',
    url: `/admin/resim/${created.id}`,
    headers: auth,
    payload: { ...sessionScenario, revision: created.revision, details: { ...sessionScenario.details, ...details } },
  });
  expect(saved.statusCode).toBe(200);
  return { resimId: created.id, code: created.code };
};

const control = (server: Server, auth: Record<string, string>, resimId: string, status: number) =>
  server.app.inject({ method: 'POST', url: `/admin/control/${resimId}/${status}`, headers: auth });

const currentInstance = async (server: Server, auth: Record<string, string>, resimId: string) =>
  (await server.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/dashboard`, headers: auth })).json<{
    currentInstanceId: string;
  }>().currentInstanceId;

/** `count` runs of an opening written straight to the database, as that many joins would have: a congress in a moment. */
const addRuns = async (db: Database, opening: { resimId: string; instanceId: string }, count: number, prefix: string) => {
  const now = new Date().toISOString();
  const rows: GameRow[] = Array.from({ length: count }, (_, at) => ({
    id: `${prefix}-${String(at).padStart(5, '0')}`,
    resim_id: opening.resimId,
    instance_id: opening.instanceId,
    user_id: null,
    nickname: `${prefix} ${at}`,
    nickname_key: `${prefix} ${at}`,
    email: null,
    run_token_hash: null,
    test: 0,
    state: null,
    event_count: 0,
    points: null,
    score: null,
    created_at: now,
    started_at: null,
    ended_at: null,
    end_reason: null,
    updated_at: now,
  }));
  for (let at = 0; at < rows.length; at += 500)
    await db
      .insertInto('games')
      .values(rows.slice(at, at + 500))
      .execute();
};

/** A new scenario's lobby holding `count` runs written straight to the database, and those runs as a step writer takes them. */
const lobbyOfRuns = async (server: Server, count: number, prefix: string) => {
  const author = await authorOf(server.db);
  const { auth } = author;
  const { resimId } = await scenarioOf(server, auth);
  await control(server, auth, resimId, 1);
  const instanceId = await currentInstance(server, auth, resimId);
  await addRuns(server.db, { resimId, instanceId }, count, prefix);
  const games = await server.db
    .selectFrom('games')
    .select(['id', 'resim_id', 'instance_id', 'event_count', 'started_at'])
    .where('resim_id', '=', resimId)
    .where('id', 'like', `${prefix}-%`)
    .execute();
  return { resimId, instanceId, games, author };
};

/** A run's first step (its first test) as the step writer stores it. */
const firstStep = (game: StepWrite['game'], at: string): StepWrite => ({
  game,
  changes: { state: '{}', ended_at: null, end_reason: null, score: null, points: null, started_at: at, updated_at: at },
  event: { game_id: game.id, seq: 1, type: 'runAction', payload: '{"actionId":"act1"}', at },
  counts: [],
});

/** Counts the turns of the event loop from now on, one immediate a turn, until stopped. */
const turnCounter = () => {
  let turns = 0;
  let ticker = setImmediate(function tick() {
    turns += 1;
    ticker = setImmediate(tick);
  });
  return {
    now: () => turns,
    stop: () => {
      clearImmediate(ticker);
      return turns;
    },
  };
};

const join = (server: Server, code: string, nickname: string, runToken?: string) =>
  server.app.inject({
    method: 'POST',
    url: `/learn/join/${code}`,
    payload: { nickname },
    ...(runToken ? { headers: { 'x-run-token': runToken } } : {}),
  });

const socketUrl = (server: Server, gameId: string, token: string) =>
  `${server.url.replace('http', 'ws')}/learn/socket?game=${encodeURIComponent(gameId)}&token=${encodeURIComponent(token)}`;

/** A learner who joined with a nickname over HTTP, holding their run's socket. */
const openJoined = async (server: Server, code: string, nickname: string) => {
  const joined = (await join(server, code, nickname)).json<{ gameId: string; runToken: string }>();
  return { joined, learner: await openLearner(socketUrl(server, joined.gameId, joined.runToken)) };
};

describe.each(dialects)('a live session of thousands on %s', (dialect) => {
  const counter = queryCounter();
  let database: TestDatabase;
  let server: Server;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { plugins: [counter.plugin] });
    server = await startServer(database);
  });
  afterAll(async () => {
    await server.app.close();
    await database.drop();
  });

  it('answers other requests within 100 ms while a Stop ends 2,000 runs, and ends every one of them', async () => {
    const { auth } = await authorOf(server.db);
    // A small session first, so that what is measured is the Stop's work, not this process loading
    // and compiling the code it runs for the first time; the probing client warms up likewise.
    const warm = await scenarioOf(server, auth);
    await control(server, auth, warm.resimId, 1);
    await addRuns(server.db, { resimId: warm.resimId, instanceId: await currentInstance(server, auth, warm.resimId) }, 300, 'warm');
    await control(server, auth, warm.resimId, 2);
    expect((await fetch(`${server.url}/admin/control/${warm.resimId}/3`, { method: 'POST', headers: auth })).status).toBe(200);
    await stopsSettled(server.db);
    for (let at = 0; at < 5; at += 1) await (await fetch(`${server.url}/healthz`)).text();

    const { resimId } = await scenarioOf(server, auth);
    expect((await control(server, auth, resimId, 1)).statusCode).toBe(200);
    const instanceId = await currentInstance(server, auth, resimId);
    await addRuns(server.db, { resimId, instanceId }, 2000, 'stop');
    expect((await control(server, auth, resimId, 2)).statusCode).toBe(200);
    const started = await server.db
      .selectFrom('games')
      .select('id')
      .where('resim_id', '=', resimId)
      .where('started_at', 'is not', null)
      .execute();
    expect(started).toHaveLength(2000);

    // Another client keeps asking the server something while the session stops.
    const latencies: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const sent = performance.now();
        const answer = await fetch(`${server.url}/healthz`);
        await answer.text();
        latencies.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const stopped = await fetch(`${server.url}/admin/control/${resimId}/3`, { method: 'POST', headers: auth });
    expect(stopped.status).toBe(200);
    await stopsSettled(server.db);
    probing = false;
    await probe;

    expect(latencies.length).toBeGreaterThan(3);
    expect(Math.max(...latencies)).toBeLessThan(100);
    const runs = await server.db
      .selectFrom('games')
      .select(['end_reason', 'event_count', 'score'])
      .where('resim_id', '=', resimId)
      .execute();
    expect(runs.filter((run) => run.end_reason === 'stopped' && run.event_count === 1 && run.score !== null)).toHaveLength(2000);
    const stops = await server.db
      .selectFrom('run_events')
      .innerJoin('games', 'games.id', 'run_events.game_id')
      .select('run_events.seq')
      .where('games.resim_id', '=', resimId)
      .where('run_events.type', '=', 'stop')
      .execute();
    expect(stops).toHaveLength(2000);
  });

  it("reads as much for a join whatever the opening's size: queries and rows counted", async () => {
    const { auth } = await authorOf(server.db);
    const { resimId, code } = await scenarioOf(server, auth, { mode: 2 });
    expect((await control(server, auth, resimId, 2)).statusCode).toBe(200);
    const instanceId = await currentInstance(server, auth, resimId);
    await addRuns(server.db, { resimId, instanceId }, 10, 'few');
    // The scenario is read once for every join after it; the first join reads its document.
    expect((await join(server, code, 'Warm')).statusCode).toBe(201);

    const measured = async (nickname: string) => {
      let joined: { gameId: string; runToken: string } | undefined;
      const first = await counter.measure(async () => {
        const answer = await join(server, code, nickname);
        expect(answer.statusCode).toBe(201);
        joined = answer.json();
      });
      const again = await counter.measure(async () => {
        const answer = await join(server, code, nickname, joined!.runToken);
        expect(answer.json<{ gameId: string }>().gameId).toBe(joined!.gameId);
      });
      const taken = await counter.measure(async () => expect((await join(server, code, nickname.toUpperCase())).statusCode).toBe(409));
      return { first, again, taken };
    };
    const small = await measured('Ada');
    await addRuns(server.db, { resimId, instanceId }, 2000, 'many');
    const large = await measured('Grace');
    expect(large).toEqual(small);
    expect(small.first.rows).toBeLessThan(10);
  });

  it("takes learners' first steps after a Start without reading their runs' steps back", async () => {
    const { auth } = await authorOf(server.db);
    const { resimId, code } = await scenarioOf(server, auth);
    await control(server, auth, resimId, 1);
    const learners = await Promise.all(
      ['Ann', 'Ben', 'Cat'].map(async (nickname) => {
        const { learner } = await openJoined(server, code, nickname);
        await learner.until((snapshot) => snapshot.phase === 'lobby', 'lobby');
        return learner;
      }),
    );
    await control(server, auth, resimId, 2);
    for (const learner of learners) await learner.until((snapshot) => snapshot.phase === 'open' && snapshot.view !== null, 'start');
    const reads = await counter.selectsFrom('run_events', async () => {
      for (const learner of learners) {
        expect((await learner.step({ type: 'runAction', actionId: 'act1' })).ok).toBe(true);
        expect((await learner.step({ type: 'runAction', actionId: 'act2' })).ok).toBe(true);
      }
    });
    expect(reads).toBe(0);
    const counts = await server.db
      .selectFrom('flow_counts')
      .select(['source', 'target', 'count'])
      .where('resim_id', '=', resimId)
      .execute();
    expect(counts).toEqual(expect.arrayContaining([expect.objectContaining({ target: 'act1', count: 3 })]));
    for (const learner of learners) learner.close();
  });

  it("pushes a Stop's progress to the consoles, then each learner's final score and rank", async () => {
    const { auth, token } = await authorOf(server.db);
    const { resimId, code } = await scenarioOf(server, auth);
    await control(server, auth, resimId, 1);
    const instanceId = await currentInstance(server, auth, resimId);
    await addRuns(server.db, { resimId, instanceId }, 600, 'crowd');
    const { learner } = await openJoined(server, code, 'Ana');
    await learner.until((snapshot) => snapshot.phase === 'lobby', 'lobby');
    const watcher = await openSocket(`${server.url.replace('http', 'ws')}/admin/socket`);
    watcher.socket.send(JSON.stringify({ type: 'auth', token }));
    watcher.socket.send(JSON.stringify({ type: 'subscribe', resimId }));
    await watcher.next((m) => m.type === 'subscribed', 'subscribed');

    await control(server, auth, resimId, 2);
    expect(await watcher.next((m) => m.type === 'progress' && m.task === 'start', 'start progress')).toMatchObject({
      done: 601,
      total: 601,
    });
    await learner.until((snapshot) => snapshot.phase === 'open' && snapshot.view !== null, 'start');
    expect((await learner.step({ type: 'runAction', actionId: 'act1' })).ok).toBe(true);
    await control(server, auth, resimId, 3);
    await learner.until((snapshot) => snapshot.phase === 'closed', 'told of the stop');
    const final = await learner.until((snapshot) => snapshot.score !== null, 'final score');
    expect(final.view?.ended?.reason).toBe('stopped');
    expect(final.score).toMatchObject({ points: 10, rank: 1, of: 601, ended: true });

    const progress: { done: number; total: number }[] = [];
    for (;;) {
      const message = await watcher.next((m) => m.type === 'progress' && m.task === 'stop', 'progress');
      progress.push({ done: message.done as number, total: message.total as number });
      if (message.done === message.total) break;
    }
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toEqual({ done: 601, total: 601 });
    learner.close();
    watcher.close();
  });

  it('stores every step of many learners stepping at once, and a step right after one taken over HTTP', async () => {
    const { auth } = await authorOf(server.db);
    const { resimId, code } = await scenarioOf(server, auth, { mode: 2 });
    await control(server, auth, resimId, 2);
    const learners = await Promise.all(
      Array.from({ length: 40 }, async (_, at) => {
        const { joined, learner: socket } = await openJoined(server, code, `Learner ${at}`);
        await socket.until((snapshot) => snapshot.view !== null, 'first snapshot');
        return { ...joined, socket };
      }),
    );
    // The first learner's first step goes over HTTP, behind the back of the run the socket holds.
    const first = learners[0]!;
    const posted = await server.app.inject({
      method: 'POST',
      url: `/learn/game/${first.gameId}/event`,
      headers: { 'x-run-token': first.runToken },
      payload: { type: 'runAction', actionId: 'act1' },
    });
    expect(posted.statusCode).toBe(200);
    const results = await Promise.all(
      learners.map(async (learner, at) => [
        ...(at === 0 ? [] : [await learner.socket.step({ type: 'runAction', actionId: 'act1' })]),
        await learner.socket.step({ type: 'runAction', actionId: 'act2' }),
        await learner.socket.step({ type: 'confirmConclusions', conclusionIds: ['conc1'] }),
      ]),
    );
    expect(results.flat().filter((result) => result.ok !== true)).toEqual([]);
    for (const learner of learners) {
      expect(learner.socket.snapshot().eventCount).toBe(3);
      expect(learner.socket.snapshot().view?.measures.find((measure) => measure.id === 'points')?.value).toBe(35);
      learner.socket.close();
    }
    const games = await server.db.selectFrom('games').select(['event_count', 'points']).where('resim_id', '=', resimId).execute();
    expect(games.map((game) => [game.event_count, game.points])).toEqual(games.map(() => [3, 35]));
    const counts = await server.db
      .selectFrom('flow_counts')
      .select(['kind', 'source', 'target', 'count'])
      .where('resim_id', '=', resimId)
      .orderBy('kind')
      .orderBy('source')
      .orderBy('target')
      .execute();
    expect(counts).toEqual([
      { kind: 'action', source: '', target: 'act1', count: 40 },
      { kind: 'action', source: '', target: 'act2', count: 40 },
      { kind: 'conclusion', source: '', target: 'conc1', count: 40 },
      { kind: 'edge', source: '', target: 'act1', count: 40 },
      { kind: 'edge', source: 'act1', target: 'act2', count: 40 },
      { kind: 'edge', source: 'act2', target: 'conc1', count: 40 },
    ]);
  });

  it('stores a busy moment in several transactions, letting the event loop go between them', async () => {
    const { games } = await lobbyOfRuns(server, 300, 'busy');
    const turn = turnCounter();
    // Each commit answered as soon as it is made: the turns answered are the turns committed.
    const writer = createStepWriter(server.db, { syncLog: () => Promise.resolve() });
    const at = new Date().toISOString();
    const turns = await Promise.all(
      games.map(async (game) => {
        const stored = await writer.write(firstStep(game, at));
        expect(stored).toBe(true);
        return turn.now();
      }),
    );
    turn.stop();
    // 300 steps are three transactions, each answered in a turn of its own.
    expect(new Set(turns).size).toBeGreaterThanOrEqual(3);
    const events = await server.db
      .selectFrom('run_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('game_id', 'like', 'busy-%')
      .executeTakeFirstOrThrow();
    expect(Number(events.count)).toBe(300);
  });

  it("counts a large opening's lobby a page at a time, letting the event loop go between pages", async () => {
    const { resimId, instanceId } = await lobbyOfRuns(server, 4500, 'counted');
    const turn = turnCounter();
    const waiting = await runs.countGames(server.db, resimId, instanceId, 'waiting');
    const turns = turn.stop();
    expect(waiting).toBe(4500);
    expect(await runs.countGames(server.db, resimId, instanceId, 'running')).toBe(0);
    // Three pages of ids, the loop let go between them.
    expect(turns).toBeGreaterThanOrEqual(2);
  });

  // On SQLite, reading the runs lets no turn of the event loop go by: every turn counted is the board's own.
  it.runIf(dialect === 'sqlite')(
    "makes a large opening's scoreboard, presenter display, runs and scores a slice at a time, letting the event loop go between slices",
    async () => {
      const { resimId, instanceId, author } = await lobbyOfRuns(server, 4000, 'boarded');
      expect((await control(server, author.auth, resimId, 2)).statusCode).toBe(200);
      const principal = { userId: author.user.id, email: author.user.email, name: null, groups: [], isDeveloper: false, groupSpaceIds: [] };
      const ctx = { db: server.db, clock: systemClock, principal };

      let turn = turnCounter();
      const scoreboard = await instanceScoreboard(ctx, resimId, instanceId);
      expect(turn.stop()).toBeGreaterThanOrEqual(1);
      expect(scoreboard.players).toBe(4000);
      expect(scoreboard.learners.filter((learner) => learner.rank === 1)).toHaveLength(4000);

      turn = turnCounter();
      const display = await presenterView({ ...ctx, publicUrl: 'http://localhost' }, resimId, instanceId);
      expect(turn.stop()).toBeGreaterThanOrEqual(1);
      expect(display.learners).toHaveLength(4000);
      expect(display.measures.find((measure) => measure.id === 'points')).toMatchObject({ learners: 4000 });
      // The CSV is made from the board's own scores.
      expect((await instanceScoreboardCsv(ctx, resimId, instanceId)).content.trim().split('\n')).toHaveLength(4001);

      turn = turnCounter();
      const listed = await listGames(ctx, resimId);
      expect(turn.stop()).toBeGreaterThanOrEqual(1);
      expect(listed).toHaveLength(4000);
      expect(listed.filter((game) => game.rank === 1)).toHaveLength(4000);

      turn = turnCounter();
      const score = await resimScore(ctx, resimId);
      expect(turn.stop()).toBeGreaterThanOrEqual(1);
      expect(score).toMatchObject({ players: 4000, finished: 0 });
      expect(score.ranking).toHaveLength(4000);
    },
  );

  it.runIf(dialect === 'sqlite')(
    'answers a step as stored only once its commit is durable, without holding the event loop for it',
    async () => {
      const game = (await lobbyOfRuns(server, 1, 'durable')).games[0]!;
      const synchronous = sqliteFileOf(server.db)?.pragma('synchronous', { simple: true });
      let synced = () => {};
      let syncs = 0;
      const writer = createStepWriter(server.db, {
        syncLog: () => {
          syncs += 1;
          return new Promise<void>((resolve) => (synced = resolve));
        },
      });
      const at = new Date().toISOString();
      let answered = false;
      const written = writer.write(firstStep(game, at)).then((stored) => {
        answered = true;
        return stored;
      });
      await expect.poll(() => syncs).toBe(1);
      // Committed and readable, its log being made durable: not answered yet.
      const row = await server.db.selectFrom('games').select('event_count').where('id', '=', game.id).executeTakeFirstOrThrow();
      expect(row.event_count).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      synced();
      expect(await written).toBe(true);
      // The connection's other writes keep its own setting.
      expect(sqliteFileOf(server.db)?.pragma('synchronous', { simple: true })).toBe(synchronous);
    },
  );

  it('shows a run its learner ended over the socket on the next scoreboard at once, not after the moment boards are shared', async () => {
    const { auth } = await authorOf(server.db);
    const { resimId, code } = await scenarioOf(server, auth, { mode: 2 });
    await control(server, auth, resimId, 2);
    const instanceId = await currentInstance(server, auth, resimId);
    const { learner } = await openJoined(server, code, 'Ender');
    await learner.until((snapshot) => snapshot.view !== null, 'first snapshot');
    const endedOnBoard = async () =>
      (await server.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/instance/${instanceId}/scoreboard`, headers: auth })).json<{
        learners: { endedAt: string | null }[];
      }>().learners[0]?.endedAt ?? null;
    // Read, and shared with whoever reads it in the next second.
    expect(await endedOnBoard()).toBeNull();
    expect((await learner.step({ type: 'runAction', actionId: 'act1' })).ok).toBe(true);
    expect((await learner.step({ type: 'end' })).ok).toBe(true);
    // A host stopping the session now is told who is still playing from this reading.
    expect(await endedOnBoard()).not.toBeNull();
    learner.close();
  });

  it("tells each learner ending in a large opening their rank from the others' scores of a moment, not every run read again", async () => {
    const { auth } = await authorOf(server.db);
    const { resimId, code } = await scenarioOf(server, auth, { mode: 2 });
    await control(server, auth, resimId, 2);
    const instanceId = await currentInstance(server, auth, resimId);
    await addRuns(server.db, { resimId, instanceId }, 1200, 'waiting');
    const [ann, ben, cat] = await Promise.all(
      ['Ann', 'Ben', 'Cat'].map(async (nickname) => {
        const { learner } = await openJoined(server, code, nickname);
        await learner.until((snapshot) => snapshot.view !== null, 'first snapshot');
        return learner;
      }),
    );
    expect((await ann!.step({ type: 'runAction', actionId: 'act1' })).ok).toBe(true);
    // Pages of the opening's runs read (the refreshes its joins cause may read a run by id meanwhile).
    const pagesRead = (work: () => Promise<unknown>) => counter.selectsFrom('games', work, '"kind":"LimitNode"');
    const firstEnd = await pagesRead(async () => expect((await ann!.step({ type: 'end' })).ok).toBe(true));
    expect(firstEnd).toBe(5);
    expect(ann!.snapshot().score).toMatchObject({ points: 10, rank: 1, of: 3 });

    const nextEnd = await pagesRead(async () => expect((await ben!.step({ type: 'end' })).ok).toBe(true));
    expect(nextEnd).toBe(0);
    // Behind Ann, who ended with more; level with Cat, who plays on.
    expect(ben!.snapshot().score).toMatchObject({ points: 0, rank: 2, of: 3 });

    expect((await cat!.step({ type: 'runAction', actionId: 'act1' })).ok).toBe(true);
    expect((await cat!.step({ type: 'runAction', actionId: 'act2' })).ok).toBe(true);
    expect((await cat!.step({ type: 'end' })).ok).toBe(true);
    expect(cat!.snapshot().score).toMatchObject({ points: 15, rank: 1, of: 3 });
    // Their end screens ask for the same: Ann now behind Cat.
    const endScreen = await server.app.inject({
      method: 'GET',
      url: `/scores/${resimId}/${ann!.snapshot().gameId}`,
      headers: auth,
    });
    expect(endScreen.json()).toMatchObject({ points: 10, rank: 2, of: 3 });
    for (const learner of [ann, ben, cat]) learner!.close();
  });

  it('tells ten consoles of a busy session a few times a second, and reads its boards once for all of them', async () => {
    const { auth, token } = await authorOf(server.db);
    const { resimId, code } = await scenarioOf(server, auth, { mode: 2 });
    await control(server, auth, resimId, 2);
    const instanceId = await currentInstance(server, auth, resimId);
    const consoles = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const console = await openSocket(`${server.url.replace('http', 'ws')}/admin/socket`);
        console.socket.send(JSON.stringify({ type: 'auth', token }));
        console.socket.send(JSON.stringify({ type: 'subscribe', resimId }));
        await console.next((m) => m.type === 'subscribed', 'subscribed');
        return console;
      }),
    );
    const notices = consoles.map(() => 0);
    consoles.forEach((console, at) =>
      console.socket.on('message', (data: Buffer) => {
        if ((JSON.parse(data.toString()) as { type: string }).type === 'changed') notices[at]! += 1;
      }),
    );
    const learners = await Promise.all(
      Array.from({ length: 30 }, async (_, at) => {
        const { learner } = await openJoined(server, code, `Busy ${at}`);
        await learner.until((snapshot) => snapshot.view !== null, 'first snapshot');
        return learner;
      }),
    );
    const started = performance.now();
    await Promise.all(
      learners.map(async (learner) => {
        for (const event of [
          { type: 'runAction', actionId: 'act1' },
          { type: 'runAction', actionId: 'act2' },
          { type: 'confirmConclusions', conclusionIds: ['conc1'] },
        ])
          expect((await learner.step(event)).ok).toBe(true);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    const seconds = (performance.now() - started) / 1000;
    // 90 steps and 30 sockets' worth of news, told at most twice a second (and once more for the last of them).
    for (const count of notices) expect(count).toBeLessThanOrEqual(Math.ceil(seconds * 2) + 1);
    expect(Math.min(...notices)).toBeGreaterThan(0);

    // After a notice, every console reads the scoreboard again at the same moment: it is made once.
    const reads = await counter.measure(() =>
      Promise.all(
        consoles.map(async () => {
          const board = await server.app.inject({
            method: 'GET',
            url: `/admin/resim/${resimId}/instance/${instanceId}/scoreboard`,
            headers: auth,
          });
          expect(board.json<{ players: number }>().players).toBe(30);
        }),
      ),
    );
    // Ten authorisations, one read of the opening's 30 runs.
    expect(reads.rows).toBeLessThan(30 * 2);
    for (const learner of learners) learner.close();
    for (const console of consoles) console.close();
  });

  it('drops a socket whose client does not read, instead of keeping what it cannot take', async () => {
    const { auth } = await authorOf(server.db);
    const { resimId, code } = await scenarioOf(server, auth, { mode: 2 });
    await control(server, auth, resimId, 2);
    const joined = (await join(server, code, 'Sleepy')).json<{ gameId: string }>();
    const game = (await server.db.selectFrom('games').selectAll().where('id', '=', joined.gameId).executeTakeFirst())!;
    const live = createInProcessBus();
    const hub = createSocketHub({ db: server.db, clock: systemClock, live, log: { warn: () => undefined }, maxBufferedBytes: 64 * 1024 });
    // A client that never reads: what is sent to it stays in the server's buffer.
    const handlers = new Map<string, (...args: unknown[]) => void>();
    const socket = {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      sent: [] as string[],
      terminated: false,
      on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
      send(text: string) {
        this.sent.push(text);
        this.bufferedAmount += text.length;
      },
      terminate() {
        this.terminated = true;
        this.readyState = 3;
        handlers.get('close')?.();
      },
      close() {
        this.terminate();
      },
    };
    hub.attach(socket as unknown as WebSocket, game);
    await expect.poll(() => socket.sent.length).toBe(1);
    for (let at = 0; at < 100 && !socket.terminated; at += 1) {
      await live.publish({
        kind: 'message',
        resimId,
        instanceId: game.instance_id,
        message: { id: `m${at}`, title: 'Long', message: 'x'.repeat(2000), sent: new Date().toISOString() },
      });
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(socket.terminated).toBe(true);
    expect(socket.sent.length).toBeLessThan(40);
    expect(await hub.connectedGameIds()).not.toContain(joined.gameId);
    await hub.close();
  });
});

describe('the runs of an opening read a page at a time on sqlite', () => {
  it('are walked in id order along an index, not sorted in full again for every page', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const seen: RootOperationNode[] = [];
      const capture: KyselyPlugin = {
        transformQuery: (args) => (seen.push(args.node), args.node),
        transformResult: (args) => Promise.resolve(args.result),
      };
      for (const running of [false, true])
        await runs.findGamesOfInstancePage(database.db.withPlugin(capture), {
          resimId: 'r',
          instanceId: 'i',
          after: '',
          limit: 250,
          running,
        });
      for (const node of seen) {
        const query = database.db.getExecutor().compileQuery(node, { queryId: 'plan' });
        const plan = await database.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        const steps = plan.rows.map((row) => row.detail);
        expect(steps.join('; ')).toMatch(/USING INDEX games_opening_order/);
        expect(steps.join('; ')).not.toMatch(/TEMP B-TREE/);
      }
      expect(seen).toHaveLength(2);
    } finally {
      await database.drop();
    }
  });
});

describe.each(dialects)('a server at its capacity on %s', (dialect) => {
  let database: TestDatabase;
  let server: Server;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startServer(database, { LEARNER_CAPACITY: '1' });
  });
  afterAll(async () => {
    await server.app.close();
    await database.drop();
  });

  it('turns away new joins and sockets for a while, saying when to come back, and keeps those it has', async () => {
    const { auth } = await authorOf(server.db);
    const { resimId, code } = await scenarioOf(server, auth, { mode: 2 });
    await control(server, auth, resimId, 2);
    const first = (await join(server, code, 'First')).json<{ gameId: string; runToken: string }>();
    const second = (await join(server, code, 'Second')).json<{ gameId: string; runToken: string }>();
    const learner = await openLearner(socketUrl(server, first.gameId, first.runToken));
    await learner.until((snapshot) => snapshot.view !== null, 'first snapshot');

    const refused = await join(server, code, 'Third');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toMatchObject({ code: 'unavailable', message: expect.stringContaining('try again in 30 seconds') });
    // Someone already in comes back as before.
    expect((await join(server, code, 'First', first.runToken)).statusCode).toBe(201);

    const turnedAway = await openSocket(socketUrl(server, second.gameId, second.runToken));
    expect(await turnedAway.next((m) => m.type === 'error', 'refusal')).toMatchObject({ code: 'unavailable' });
    const closed = await new Promise<number>((resolve) => turnedAway.socket.once('close', (code: number) => resolve(code)));
    expect(closed).toBe(1013);
    expect((await learner.step({ type: 'runAction', actionId: 'act1' })).ok).toBe(true);
    learner.close();
  });
});

describe.each(dialects)('a Stop cut short on %s', (dialect) => {
  it('is finished by the next server process to start, at the moment it was asked', async () => {
    const database = await createTestDatabase(dialect);
    const first = await startServer(database);
    const { auth } = await authorOf(first.db);
    const { resimId, code } = await scenarioOf(first, auth);
    await control(first, auth, resimId, 1);
    const joined = await Promise.all(['Ann', 'Bo', 'Cy'].map(async (name) => (await join(first, code, name)).json<{ gameId: string }>()));
    await control(first, auth, resimId, 2);
    await first.app.close();
    // The status was stored as Finished, and the process went before ending the runs.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stoppedAt = new Date().toISOString();
    await database.db.updateTable('resims').set({ status: 3, updated_at: stoppedAt }).where('id', '=', resimId).execute();

    const handle = createDatabase({ url: database.url, dataDir: database.dataDir, schema: database.schema });
    const next = await startServer(database, {}, handle.db);
    try {
      await expect
        .poll(
          async () =>
            (await handle.db.selectFrom('games').select('end_reason').where('resim_id', '=', resimId).execute()).map(
              (run) => run.end_reason,
            ),
          {
            timeout: 10_000,
          },
        )
        .toEqual(['stopped', 'stopped', 'stopped']);
      const runs = await handle.db.selectFrom('games').select(['id', 'ended_at']).where('resim_id', '=', resimId).execute();
      expect(new Set(runs.map((run) => run.ended_at))).toEqual(new Set([stoppedAt]));
      expect(runs.map((run) => run.id).sort()).toEqual(joined.map((run) => run.gameId).sort());
    } finally {
      await next.app.close();
      await closeDatabase(handle.db);
      await database.drop();
    }
  });
});
