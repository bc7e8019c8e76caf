/**
 * Benchmark: the item analysis of an opening of 10,000 finished runs of a scenario whose answer key
 * has 50 items (30 required tests, 5 unnecessary, 5 harmful, 10 diagnoses), GET
 * /admin/resim/{id}/instance/{instanceId}/item-analysis timed from request to the last byte, on
 * SQLite and on PostgreSQL. The baseline, in the same run and on the same database: the bare driver
 * reading every run's stored state and parsing it, the floor of any analysis of the runs' choices.
 *
 *   npm run bench:item-analysis                 (builds first)
 *   npx tsx bench/src/item-analysis.ts          (from the repository root, after `npm run build`)
 *
 * Env: BENCH_RUNS (default 10000), BENCH_ROUNDS (default 5), BENCH_DATABASE_URL (PostgreSQL; default
 * postgres://postgres@127.0.0.1:5432/test, skipped with a note when unreachable; a schema of its own is
 * made and dropped), BENCH_NO_RESULTS=1.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { call, type Api } from './lib/api';
import { guardRun, makeRunDir, runBenchmark, startChild, stopAll, waitUntilUp, type Child } from './lib/child-processes';
import { fmt } from './lib/format';
import { freePort } from './lib/free-port';
import { describeMachine, machineFacts } from './lib/machine';
import { requireBuiltServer, serverJs } from './lib/paths';
import { inPostgresSchema } from './lib/postgres';
import { writeResultsSection } from './lib/results-file';
import { createBenchDeveloper } from './lib/server-cli';
import { positive } from './lib/settings';
import { lowerMedian as median } from './lib/stats';

const runCount = Math.round(positive('BENCH_RUNS', 10_000));
const rounds = Math.round(positive('BENCH_ROUNDS', 5));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const host = '127.0.0.1';
/** The target. */
const targetMs = 500;

guardRun({ budgetMs: 10 * 60_000, stopping: 'the server' });

const tests = Array.from({ length: 40 }, (_, i) => `act${i + 1}`);
const diagnoses = Array.from({ length: 10 }, (_, i) => `conc${i + 1}`);

const scenario = {
  details: {
    resimName: 'Final exam',
    mode: 2,
    allowAnonymous: true,
    maxConclusions: 10,
    answers: {
      actions: tests.slice(0, 30),
      unnecessaryActions: tests.slice(30, 35),
      harmfulActions: tests.slice(35),
      conclusions: diagnoses,
    },
  },
  stages: [{ id: 'stg1', name: 'Exam', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: tests.map((id, i) => ({ id, name: `Test ${i + 1}`, stage: 'stg1', impact: [{ measureId: 'points', value: 1 }] })),
  conclusions: diagnoses.map((id, i) => ({ id, name: `Diagnosis ${i + 1}`, stage: 'stg1', impact: [{ measureId: 'points', value: 2 }] })),
};

/** A learner of some ability: the stronger, the more of the key they match. Deterministic by seed. */
const stateOf = (seed: number) => {
  let x = seed * 2654435761 + 1;
  const random = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const ability = random();
  const ran = tests.filter((_, i) => (i < 30 ? random() < ability : random() > ability));
  const confirmed = diagnoses.filter(() => random() < ability * 0.9);
  return JSON.stringify({
    startedAt: 0,
    at: 600_000,
    ran,
    ranAt: ran.map((_, i) => (i + 1) * 10_000),
    confirmed,
    unlocked: ['stg1'],
    hintTaken: false,
    measures: { points: ran.length + confirmed.length * 2 },
    ended: { at: 600_000, reason: 'ended' },
  });
};

const rowOf = (resimId: string, instanceId: string, seed: number, now: string) =>
  [`g${seed}`, resimId, instanceId, `learner${seed}`, stateOf(seed), now, now, now, now] as const;

const insertColumns =
  'id, resim_id, instance_id, user_id, nickname, email, run_token_hash, test, state, event_count, points, score, created_at, started_at, ended_at, end_reason, updated_at';

type Bare = {
  seed: (resimId: string, instanceId: string) => Promise<void>;
  read: (resimId: string) => Promise<number>;
  close: () => Promise<void>;
};

const bareSqlite = (file: string): Bare => ({
  seed: (resimId, instanceId) => {
    const db = new SQLite(file);
    db.pragma('busy_timeout = 5000');
    const now = new Date().toISOString();
    const insert = db.prepare(
      `insert into games (${insertColumns}) values (?, ?, ?, null, ?, null, null, 0, ?, 4, null, null, ?, ?, ?, 'ended', ?)`,
    );
    db.transaction(() => {
      for (let seed = 0; seed < runCount; seed += 1) insert.run(...rowOf(resimId, instanceId, seed, now));
    })();
    db.close();
    return Promise.resolve();
  },
  read: (resimId) => {
    const db = new SQLite(file, { readonly: true });
    const started = performance.now();
    const rows = db.prepare('select state from games where resim_id = ? and test = 0 and ended_at is not null').all(resimId) as {
      state: string;
    }[];
    let parsed = 0;
    for (const row of rows) parsed += (JSON.parse(row.state) as { ran: unknown[] }).ran.length >= 0 ? 1 : 0;
    const ms = performance.now() - started;
    db.close();
    if (parsed !== runCount) throw new Error(`bare read found ${parsed} runs`);
    return Promise.resolve(ms);
  },
  close: () => Promise.resolve(),
});

const barePostgres = async (schema: string): Promise<Bare> => {
  const client = new pg.Client({ connectionString: postgresUrl, options: `-c search_path=${schema}` });
  await client.connect();
  return {
    seed: async (resimId, instanceId) => {
      const now = new Date().toISOString();
      await client.query('begin');
      for (let from = 0; from < runCount; from += 1000) {
        const rows = Array.from({ length: Math.min(1000, runCount - from) }, (_, at) => rowOf(resimId, instanceId, from + at, now));
        const values = rows.map(
          (_, r) =>
            `($${r * 9 + 1}, $${r * 9 + 2}, $${r * 9 + 3}, null, $${r * 9 + 4}, null, null, 0, $${r * 9 + 5}, 4, null, null, $${r * 9 + 6}, $${r * 9 + 7}, $${r * 9 + 8}, 'ended', $${r * 9 + 9})`,
        );
        await client.query(`insert into games (${insertColumns}) values ${values.join(', ')}`, rows.flat());
      }
      await client.query('commit');
    },
    read: async (resimId) => {
      const started = performance.now();
      const result = await client.query<{ state: string }>(
        'select state from games where resim_id = $1 and test = 0 and ended_at is not null',
        [resimId],
      );
      let parsed = 0;
      for (const row of result.rows) parsed += (JSON.parse(row.state) as { ran: unknown[] }).ran.length >= 0 ? 1 : 0;
      const ms = performance.now() - started;
      if (parsed !== runCount) throw new Error(`bare read found ${parsed} runs`);
      return ms;
    },
    close: () => client.end(),
  };
};

type Figures = { productMs: number[]; bareMs: number[]; learners: number; kr20: number | null };

const measure = async (name: string, env: Record<string, string>, bare: Bare): Promise<Figures> => {
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const serverEnv = { ...env, PORT: String(port), HOST: host, PUBLIC_URL: base, LOG_LEVEL: 'warn', DEMO_SEED: 'false' };
  const token = await createBenchDeveloper(serverEnv);
  const server: Child = startChild(`product server (${name})`, [serverJs], serverEnv);
  await waitUntilUp(server, `${base}/healthz`);
  const api: Api = { base, headers: { authorization: `Bearer ${token}` } };
  const space = await call<{ id: string }>(api, 'POST', '/admin/space', { description: 'Exams' });
  const { id } = await call<{ id: string }>(api, 'POST', '/admin/resim/new', { groupId: space.id });
  await call(api, 'PATCH', `/admin/resim/${id}`, scenario);
  const opened = await call<{ instances: { id: string }[] }>(api, 'POST', `/admin/control/${id}/2`, undefined);
  const instanceId = opened.instances.at(-1)!.id;
  const seeding = performance.now();
  await bare.seed(id, instanceId);
  console.log(`  ${name}: seeded ${fmt(runCount)} finished runs in ${fmt(performance.now() - seeding)} ms`);

  const route = `/admin/resim/${id}/instance/${instanceId}/item-analysis`;
  const analyse = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${route}`, { headers: { ...api.headers, 'accept-encoding': 'identity' } });
    const body = (await response.json()) as { learners: number; items: unknown[]; kr20: { value: number | null } };
    const ms = performance.now() - started;
    if (!response.ok || body.learners !== runCount || body.items.length !== 50)
      throw new Error(`${name}: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms, body };
  };
  // A warm-up, as the server's first request of a kind compiles its code paths.
  await analyse();
  const figures: Figures = { productMs: [], bareMs: [], learners: 0, kr20: null };
  for (let round = 0; round < rounds; round += 1) {
    const { ms, body } = await analyse();
    figures.productMs.push(ms);
    figures.learners = body.learners;
    figures.kr20 = body.kr20.value;
    figures.bareMs.push(await bare.read(id));
    console.log(`  ${name} round ${round + 1}: ${fmt(ms)} ms (bare read ${fmt(figures.bareMs.at(-1)!)} ms)`);
  }
  server.process.kill('SIGTERM');
  return figures;
};

const main = async () => {
  requireBuiltServer('npm run build');
  const started = new Date();
  const tmp = makeRunDir('resim-bench-item-analysis-');
  const results: { name: string; figures: Figures }[] = [];
  let skipped: string | undefined;
  try {
    const sqliteDir = path.join(tmp, 'sqlite');
    results.push({
      name: 'SQLite',
      figures: await measure('SQLite', { DATA_DIR: sqliteDir }, bareSqlite(path.join(sqliteDir, 'resim.sqlite'))),
    });
    const postgres = await inPostgresSchema(postgresUrl, 'bench_items', async (schema) => {
      const bare = await barePostgres(schema);
      try {
        return await measure('PostgreSQL', { DATA_DIR: path.join(tmp, 'pg'), DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema }, bare);
      } finally {
        await bare.close();
      }
    });
    if ('value' in postgres) results.push({ name: 'PostgreSQL', figures: postgres.value });
    else skipped = postgres.skipped;
  } finally {
    await stopAll();
  }

  const facts = machineFacts(started);
  const table = [
    '| database | product, median (ms) | each round (ms) | bare driver, median (ms) | product / bare | target < 500 ms |',
    '| --- | ---: | --- | ---: | ---: | --- |',
    ...results.map(({ name, figures }) => {
      const product = median(figures.productMs);
      const bare = median(figures.bareMs);
      return `| ${name} | ${fmt(product)} | ${figures.productMs.map((ms) => fmt(ms)).join(', ')} | ${fmt(bare)} | ${(product / bare).toFixed(1)}× | ${Math.max(...figures.productMs) < targetMs ? 'met' : 'NOT met'} |`;
    }),
  ].join('\n');
  console.log(`\n${table}`);
  if (skipped) console.log(skipped);

  if (process.env.BENCH_NO_RESULTS !== '1') {
    const block = [
      `Command: \`${process.env.npm_lifecycle_event === 'bench:item-analysis' ? 'npm run bench:item-analysis' : 'npx tsx bench/src/item-analysis.ts'}\`. ` +
        `An opening of ${fmt(runCount)} finished runs (written straight into the database) of a scenario whose answer key has 50 items ` +
        `(30 required tests, 5 unnecessary, 5 harmful, 10 diagnoses); GET …/item-analysis timed from sending to the last byte over ` +
        `loopback, ${rounds} rounds after a warm-up. Baseline, in the same run: the bare driver reading every run's stored state and ` +
        `parsing it. "Met" means every round was under the target.`,
      '',
      table,
      ...(skipped ? ['', skipped] : []),
      '',
      `Machine: ${describeMachine(facts)}. Date: ${facts.date}.`,
    ].join('\n');
    writeResultsSection(
      'item-analysis',
      block,
      (current, generated) =>
        `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## Item analysis: 10,000 runs × 50 items\n\n${generated}\n`,
    );
  }
};

runBenchmark(main, (error) => error.message);
