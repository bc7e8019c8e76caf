/**
 * Benchmark: the flow view and Intel of one scenario with 10,000 finished runs × 50 steps
 * (500,000 audit-trail events), GET /admin/resim/{id}/flow?instance=… and GET /admin/intel?resim=…
 * timed from request to the last byte, on SQLite and on PostgreSQL. The runs are played by the
 * engine (startRun, applyEvent, runScore) and written straight into the database as the product
 * writes them: a games row with its state and score, a run_events row per step, and the flow
 * counts (flow_counts) the steps added to.
 * Baselines, in the same run and on the same database: the bare driver reading every step's type
 * and payload once (what the flow view would read without its counts), and every run's state and
 * score once (what Intel reads at least).
 *
 *   npm run bench:flow                   (builds first)
 *   npx tsx bench/src/flow-intel.ts      (from the repository root, after `npm run build`)
 *
 * Env: BENCH_RUNS (default 10000), BENCH_ROUNDS (default 5), BENCH_DATABASE_URL (PostgreSQL;
 * default postgres://postgres@127.0.0.1:5432/test, skipped with a note when unreachable; a schema
 * of its own is made and dropped), BENCH_NO_RESULTS=1.
 */
import path from 'node:path';
import {
  applyEvent,
  runCounts,
  runScore,
  scenarioContent,
  startRun,
  sumFlowCounts,
  type FlowCount,
  type RunEvent,
  type RunState,
  type ScenarioContent,
} from '@resim/domain';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { call, type Api } from './lib/api';
import { guardRun, makeRunDir, runBenchmark, startChild, stopAll, waitUntilUp, type Child } from './lib/child-processes';
import { fmt } from './lib/format';
import { freePort } from './lib/free-port';
import { describeMachine, machineFacts } from './lib/machine';
import { requireBuiltServer, serverJs } from './lib/paths';
import { writeResultsSection } from './lib/results-file';
import { createBenchDeveloper } from './lib/server-cli';
import { inPostgresSchema } from './lib/postgres';
import { positive } from './lib/settings';
import { lowerMedian as median } from './lib/stats';

const runCount = Math.round(positive('BENCH_RUNS', 10_000));
const rounds = Math.round(positive('BENCH_ROUNDS', 5));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const host = '127.0.0.1';
/** The target for each route. */
const targetMs = 500;
/** Actions run per run; with the conclusion confirmed and the end, 50 steps. */
const actionsPerRun = 48;
const stepsPerRun = actionsPerRun + 2;
const actionCount = 60;
const dayMs = 86_400_000;

guardRun({ budgetMs: 30 * 60_000, stopping: 'the servers' });

/** A small deterministic generator, so that every run of the benchmark seeds the same runs. */
const seeded = (seed: number) => {
  let value = seed >>> 0;
  return () => {
    value = (value * 1_664_525 + 1_013_904_223) >>> 0;
    return value / 2 ** 32;
  };
};

const actionId = (at: number) => `act${at + 1}`;

/**
 * Three stages of 20 tests each, the later two opened by any of the earlier stage's first five
 * tests; points and a cost; an answer key with required, unnecessary and harmful tests, one right
 * diagnosis of four.
 */
const details = {
  resimName: 'Anaemia work-up',
  mode: 2,
  allowSignin: true,
  answers: {
    actions: [0, 5, 21, 30, 44].map(actionId),
    unnecessaryActions: [10, 15, 35, 55].map(actionId),
    harmfulActions: [19, 59].map(actionId),
    conclusions: ['conc1'],
  },
};
const parts = {
  stages: [
    { id: 'stg1', name: 'History', default: true },
    { id: 'stg2', name: 'Bloods', requiredActions: { any: [0, 1, 2, 3, 4].map(actionId) } },
    { id: 'stg3', name: 'Imaging', requiredActions: { any: [20, 21, 22, 23, 24].map(actionId) } },
  ],
  measures: [
    { id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 },
    { id: 'measure1', name: 'Cost', type: 1, initial: 0 },
  ],
  actions: Array.from({ length: actionCount }, (_, at) => ({
    id: actionId(at),
    name: `Test ${at + 1}`,
    stage: `stg${Math.floor(at / 20) + 1}`,
    impact: [
      { measureId: 'points', value: (at % 7) - 2 },
      { measureId: 'measure1', value: 10 + (at % 5) * 15 },
    ],
  })),
  conclusions: [
    { id: 'conc1', name: 'Iron deficiency' },
    { id: 'conc2', name: 'B12 deficiency' },
    { id: 'conc3', name: 'Thalassaemia trait' },
    { id: 'conc4', name: 'Anaemia of chronic disease' },
  ],
};

type GameSeed = {
  id: string;
  state: string;
  score: string;
  points: number | null;
  startedAt: string;
  endedAt: string;
  events: { seq: number; type: string; payload: string; at: string }[];
  /** what the run's steps added to the learners' flow */
  flow: FlowCount[];
};

/**
 * A learner's run played by the engine: tests in a shuffled order (those of a stage not yet open
 * are tried again later), a diagnosis (the right one two times in three), then the end. Each step
 * is 5 to 30 s after the one before; the runs start over the 30 days before today.
 */
const playRun = (scenario: ScenarioContent, index: number, random: () => number, today: number): GameSeed => {
  const startedAt = today - Math.floor(random() * 30) * dayMs - Math.floor(random() * 20 * 3_600_000);
  let state: RunState = startRun(scenario, startedAt);
  let at = startedAt;
  const events: RunEvent[] = [];
  const play = (event: RunEvent) => {
    const result = applyEvent(scenario, state, event);
    if (!result.ok) return false;
    state = result.state;
    events.push(event);
    return true;
  };
  const order = Array.from({ length: actionCount }, (_, at) => actionId(at)).sort(() => random() - 0.5);
  while (state.ran.length < actionsPerRun) {
    const before = state.ran.length;
    for (const id of order) {
      if (state.ran.length >= actionsPerRun) break;
      if (state.ran.includes(id)) continue;
      at += 5_000 + Math.floor(random() * 25_000);
      play({ type: 'runAction', actionId: id, at });
    }
    if (state.ran.length === before) throw new Error(`run ${index}: stuck after ${before} tests`);
  }
  at += 20_000;
  const pick = random();
  const diagnosis = pick < 2 / 3 ? 'conc1' : `conc${2 + Math.floor((pick - 2 / 3) * 9)}`;
  if (!play({ type: 'confirmConclusions', conclusionIds: [diagnosis], at })) throw new Error(`run ${index}: diagnosis refused`);
  at += 10_000;
  if (!play({ type: 'end', at })) throw new Error(`run ${index}: end refused`);
  if (events.length !== stepsPerRun) throw new Error(`run ${index} took ${events.length} steps`);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    id: `g${String(index).padStart(5, '0')}`,
    state: JSON.stringify(state),
    score: JSON.stringify(runScore(scenario, state, at)),
    points: state.measures.points ?? null,
    startedAt: iso(startedAt),
    endedAt: iso(state.ended!.at),
    // The stored payload is the event without its type and time, as the server records it.
    events: events.map(({ type, at: when, ...payload }, step) => ({
      seq: step + 1,
      type,
      payload: JSON.stringify(payload),
      at: iso(when),
    })),
    flow: runCounts(events),
  };
};

const playRuns = (): GameSeed[] => {
  const scenario = scenarioContent.parse({ ...details, ...parts });
  const random = seeded(13);
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T08:00:00.000Z`);
  return Array.from({ length: runCount }, (_, index) => playRun(scenario, index, random, today));
};

type Target = { resimId: string; instanceId: string };

/** The learners' flow as the server keeps it: what every run's steps added, summed. */
const flowOf = (games: readonly GameSeed[]) => sumFlowCounts(games.flatMap((seed) => seed.flow));

const gameColumns =
  'id, resim_id, instance_id, user_id, nickname, email, run_token_hash, test, state, event_count, points, score, created_at, started_at, ended_at, end_reason, updated_at';

const seedSqlite = (file: string, target: Target, games: readonly GameSeed[]) => {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  const game = db.prepare(
    `insert into games (${gameColumns}) values (?, ?, ?, null, ?, ?, null, 0, ?, ${stepsPerRun}, ?, ?, ?, ?, ?, 'learner', ?)`,
  );
  const event = db.prepare('insert into run_events (game_id, seq, type, payload, at) values (?, ?, ?, ?, ?)');
  const flow = db.prepare('insert into flow_counts (resim_id, instance_id, kind, source, target, count) values (?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const [index, seed] of games.entries()) {
      game.run(
        seed.id,
        target.resimId,
        target.instanceId,
        `Learner ${index}`,
        `learner${index}@cohort.example`,
        seed.state,
        seed.points,
        seed.score,
        seed.startedAt,
        seed.startedAt,
        seed.endedAt,
        seed.endedAt,
      );
      for (const step of seed.events) event.run(seed.id, step.seq, step.type, step.payload, step.at);
    }
    for (const count of flowOf(games)) flow.run(target.resimId, target.instanceId, count.kind, count.source, count.target, count.count);
  })();
  db.exec('analyze');
  db.close();
};

const seedPostgres = async (client: pg.Client, target: Target, games: readonly GameSeed[]) => {
  const batch = 1000;
  await client.query('begin');
  for (let from = 0; from < games.length; from += batch) {
    const slice = games.slice(from, from + batch);
    await client.query(
      `insert into games (${gameColumns})
       select id, $1, $2, null, nickname, email, null, 0, state, ${stepsPerRun}, points, score, started_at, started_at, ended_at, 'learner', ended_at
       from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[], $9::text[], $10::text[])
         as t(id, nickname, email, state, points, score, started_at, ended_at)`,
      [
        target.resimId,
        target.instanceId,
        slice.map((seed) => seed.id),
        slice.map((_, at) => `Learner ${from + at}`),
        slice.map((_, at) => `learner${from + at}@cohort.example`),
        slice.map((seed) => seed.state),
        slice.map((seed) => seed.points),
        slice.map((seed) => seed.score),
        slice.map((seed) => seed.startedAt),
        slice.map((seed) => seed.endedAt),
      ],
    );
    const events = slice.flatMap((seed) => seed.events.map((step) => ({ game: seed.id, ...step })));
    await client.query(
      `insert into run_events (game_id, seq, type, payload, at)
       select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[])`,
      [
        events.map((e) => e.game),
        events.map((e) => e.seq),
        events.map((e) => e.type),
        events.map((e) => e.payload),
        events.map((e) => e.at),
      ],
    );
  }
  const flow = flowOf(games);
  await client.query(
    `insert into flow_counts (resim_id, instance_id, kind, source, target, count)
     select $1, $2, * from unnest($3::text[], $4::text[], $5::text[], $6::int[])`,
    [
      target.resimId,
      target.instanceId,
      flow.map((count) => count.kind),
      flow.map((count) => count.source),
      flow.map((count) => count.target),
      flow.map((count) => count.count),
    ],
  );
  await client.query('commit');
  await client.query('analyze games');
  await client.query('analyze run_events');
};

/** What each route must read at least once, through the bare driver. */
const flowFloor = `select e.type, e.payload from run_events e inner join games g on g.id = e.game_id where g.resim_id = $1`;
const intelFloor = `select g.state, g.score from games g where g.resim_id = $1`;

type Bare = { flow: () => Promise<number>; intel: () => Promise<number>; close: () => Promise<void> };

const timed = async (read: () => Promise<number>, expected: number) => {
  const started = performance.now();
  const rows = await read();
  const ms = performance.now() - started;
  if (rows !== expected) throw new Error(`the bare read found ${rows} rows, not ${expected}`);
  return ms;
};

const bareSqlite = (file: string, resimId: string): Bare => {
  const db = new SQLite(file, { readonly: true });
  const flow = db.prepare(flowFloor.replace('$1', '?'));
  const intel = db.prepare(intelFloor.replace('$1', '?'));
  return {
    flow: () => timed(async () => flow.all(resimId).length, runCount * stepsPerRun),
    intel: () => timed(async () => intel.all(resimId).length, runCount),
    close: async () => {
      db.close();
    },
  };
};

const barePostgres = async (schema: string, resimId: string): Promise<Bare> => {
  const client = new pg.Client({ connectionString: postgresUrl, options: `-c search_path=${schema}` });
  await client.connect();
  return {
    flow: () => timed(async () => (await client.query(flowFloor, [resimId])).rowCount ?? 0, runCount * stepsPerRun),
    intel: () => timed(async () => (await client.query(intelFloor, [resimId])).rowCount ?? 0, runCount),
    close: () => client.end(),
  };
};

/** Milliseconds from sending the request to its last byte, and the answer. */
const fetchTimed = async <T>(api: Api, route: string) => {
  const started = performance.now();
  const response = await fetch(`${api.base}${route}`, { headers: { ...api.headers, 'accept-encoding': 'identity' } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${route} answered ${response.status}: ${text.slice(0, 500)}`);
  return { ms, body: JSON.parse(text) as T };
};

type Flow = {
  runs: number;
  finished: number;
  stages: { id: string; learners: number }[];
  actions: { id: string; learners: number }[];
  conclusions: { id: string; learners: number }[];
  transitions: { from: string | null; to: string; count: number }[];
  wrongDiagnoses: unknown[];
};
type Intel = {
  totals: { started: number; finished: number };
  trend: unknown[];
  measures: { id: string; runs: number; average: number }[];
  hardest: Record<string, { runs: number }[]>;
};

/** The answers must be about the seeded runs, so that the figures time real work. */
const checkFlow = (flow: Flow) => {
  const problems = [
    flow.runs !== runCount && `runs ${flow.runs}`,
    flow.finished !== runCount && `finished ${flow.finished}`,
    flow.stages.length !== 3 && `${flow.stages.length} stages`,
    flow.actions.length !== actionCount && `${flow.actions.length} actions`,
    flow.conclusions.length !== 4 && `${flow.conclusions.length} conclusions`,
    flow.wrongDiagnoses.length !== 3 && `${flow.wrongDiagnoses.length} wrong diagnoses`,
    flow.transitions.reduce((sum, edge) => sum + edge.count, 0) !== runCount * (actionsPerRun + 1) &&
      `transitions counting ${flow.transitions.reduce((sum, edge) => sum + edge.count, 0)} steps`,
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`the flow view does not count the seeded runs: ${problems.join(', ')}`);
};

const checkIntel = (intel: Intel) => {
  const problems = [
    intel.totals.started !== runCount && `started ${intel.totals.started}`,
    intel.totals.finished !== runCount && `finished ${intel.totals.finished}`,
    intel.trend.length < 20 && `${intel.trend.length} days in the trend`,
    intel.measures.length !== 2 && `${intel.measures.length} measures`,
    intel.measures.some((measure) => measure.runs !== runCount) && 'measures not over every run',
    Object.entries(intel.hardest).some(([, items]) => items.length === 0 || items[0]!.runs === 0) && 'an empty list of hardest items',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`Intel does not count the seeded runs: ${problems.join(', ')}`);
};

type Figures = {
  flow: number[];
  intel: number[];
  bareFlow: number[];
  bareIntel: number[];
  seedMs: number;
  flowKb: number;
  intelKb: number;
};

const measure = async (
  name: string,
  env: Record<string, string>,
  games: readonly GameSeed[],
  seed: (target: Target) => Promise<Bare>,
): Promise<Figures> => {
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const serverEnv = { ...env, PORT: String(port), HOST: host, PUBLIC_URL: base, LOG_LEVEL: 'warn', DEMO_SEED: 'false' };
  const token = await createBenchDeveloper(serverEnv);
  const server: Child = startChild(`product server (${name})`, [serverJs], serverEnv);
  await waitUntilUp(server, `${base}/healthz`);
  const api: Api = { base, headers: { authorization: `Bearer ${token}` } };

  const space = await call<{ id: string }>(api, 'POST', '/admin/space', { description: 'Cohort' });
  const { id: resimId } = await call<{ id: string }>(api, 'POST', '/admin/resim/new', { groupId: space.id });
  await call(api, 'PATCH', `/admin/resim/${resimId}`, { details, ...parts });
  const opened = await call<{ instances: { id: string }[] }>(api, 'POST', `/admin/control/${resimId}/2`, undefined);
  const target = { resimId, instanceId: opened.instances.at(-1)!.id };
  const seeding = performance.now();
  const bare = await seed(target);
  const seedMs = performance.now() - seeding;
  console.log(`${name}: seeded ${fmt(runCount)} runs × ${stepsPerRun} steps in ${fmt(seedMs)} ms`);

  const flowRoute = `/admin/resim/${resimId}/flow?instance=${target.instanceId}`;
  const intelRoute = `/admin/intel?resim=${resimId}`;
  // A warm-up, which also checks the answers: the server's first request of a kind compiles its code paths.
  const firstFlow = await fetchTimed<Flow>(api, flowRoute);
  checkFlow(firstFlow.body);
  const firstIntel = await fetchTimed<Intel>(api, intelRoute);
  checkIntel(firstIntel.body);
  const figures: Figures = {
    flow: [],
    intel: [],
    bareFlow: [],
    bareIntel: [],
    seedMs,
    flowKb: Buffer.byteLength(JSON.stringify(firstFlow.body)) / 1024,
    intelKb: Buffer.byteLength(JSON.stringify(firstIntel.body)) / 1024,
  };
  try {
    for (let round = 0; round < rounds; round += 1) {
      figures.flow.push((await fetchTimed<Flow>(api, flowRoute)).ms);
      figures.intel.push((await fetchTimed<Intel>(api, intelRoute)).ms);
      figures.bareFlow.push(await bare.flow());
      figures.bareIntel.push(await bare.intel());
      console.log(
        `  round ${round + 1}: flow ${fmt(figures.flow.at(-1)!)} ms (bare ${fmt(figures.bareFlow.at(-1)!)} ms), ` +
          `intel ${fmt(figures.intel.at(-1)!)} ms (bare ${fmt(figures.bareIntel.at(-1)!)} ms)`,
      );
    }
  } finally {
    await bare.close();
    server.process.kill('SIGTERM');
    await stopAll();
  }
  return figures;
};

const main = async () => {
  requireBuiltServer('npm run build');
  const started = new Date();
  const tmp = makeRunDir('resim-bench-flow-');
  const playing = performance.now();
  const games = playRuns();
  console.log(`Played ${fmt(runCount)} runs × ${stepsPerRun} steps with the engine in ${fmt(performance.now() - playing)} ms`);
  const results: { name: string; figures: Figures }[] = [];
  let skipped: string | undefined;
  try {
    const sqliteDir = path.join(tmp, 'sqlite');
    results.push({
      name: 'SQLite',
      figures: await measure('SQLite', { DATA_DIR: sqliteDir }, games, async (target) => {
        const file = path.join(sqliteDir, 'resim.sqlite');
        seedSqlite(file, target, games);
        return bareSqlite(file, target.resimId);
      }),
    });

    const postgres = await inPostgresSchema(postgresUrl, 'bench_flow', async (schema) => {
      const env = { DATA_DIR: path.join(tmp, 'pg'), DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema };
      return measure('PostgreSQL', env, games, async (target) => {
        const client = new pg.Client({ connectionString: postgresUrl, options: `-c search_path=${schema}` });
        await client.connect();
        try {
          await seedPostgres(client, target, games);
        } finally {
          await client.end();
        }
        return barePostgres(schema, target.resimId);
      });
    });
    if ('value' in postgres) results.push({ name: 'PostgreSQL', figures: postgres.value });
    else skipped = postgres.skipped;
  } finally {
    await stopAll();
  }

  const facts = machineFacts(started);
  const verdict = (values: readonly number[]) => (Math.max(...values) < targetMs ? 'met' : 'NOT met');
  const row = (database: string, route: string, product: readonly number[], bare: readonly number[], kb: number) =>
    `| ${database} | ${route} | ${fmt(median(product))} | ${product.map((ms) => fmt(ms)).join(', ')} | ${fmt(kb, 1)} | ${fmt(median(bare))} | ${(median(product) / median(bare)).toFixed(1)}× | ${verdict(product)} |`;
  const table = [
    '| database | route | product, median (ms) | each round (ms) | answer (KB) | bare driver, median (ms) | product / bare | target < 500 ms |',
    '| --- | --- | ---: | --- | ---: | ---: | ---: | --- |',
    ...results.flatMap(({ name, figures }) => [
      row(name, 'GET /admin/resim/{id}/flow?instance=…', figures.flow, figures.bareFlow, figures.flowKb),
      row(name, 'GET /admin/intel?resim=…', figures.intel, figures.bareIntel, figures.intelKb),
    ]),
  ].join('\n');
  console.log(`\n${table}`);

  if (process.env.BENCH_NO_RESULTS !== '1') {
    const block = [
      `Command: \`${process.env.npm_lifecycle_event === 'bench:flow' ? 'npm run bench:flow' : 'npx tsx bench/src/flow-intel.ts'}\`. ` +
        `One scenario (3 stages, ${actionCount} tests, 4 diagnoses, an answer key) with ${fmt(runCount)} finished learner runs of one opening, ` +
        `each of ${stepsPerRun} steps (${actionsPerRun} tests, a diagnosis, the end; ${fmt(runCount * stepsPerRun)} run_events rows), ` +
        `played by the engine and written straight into the database as the server writes them, started over 30 days. ` +
        `Each route timed from sending to the last byte over loopback (uncompressed), ${rounds} rounds after a warm-up that also checks ` +
        `the answers count every run, step and item. Baselines, in the same run on the same data: the bare driver reading every step's ` +
        `type and payload once (flow) and every run's state and score once (Intel). "Met" means every round was under the target.`,
      '',
      table,
      ...(skipped ? ['', skipped] : []),
      '',
      `Machine: ${describeMachine(facts)}. Date: ${facts.date}.`,
    ].join('\n');
    writeResultsSection(
      'flow-intel',
      block,
      (current, generated) =>
        `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## The flow view and Intel: 10,000 runs × 50 steps\n\n${generated}\n`,
    );
  }
};

runBenchmark(main, (error) => error.message);
