/**
 * Benchmark: a cohort brought into a space at once. POST /admin/space/{id}/learner with 10,000
 * learners in one request, then POST /admin/space/{id}/allocation giving all of them 10 scenarios
 * (100,000 allocations), timed from request to answer, on SQLite and on PostgreSQL. Beside each,
 * in the same run and on the same database, the floor: the same rows written straight through the
 * database driver into tables of the same shape, in one transaction, with no HTTP, no checks and no
 * query builder.
 *
 *   npm run bench:learners                 (builds first)
 *   npx tsx bench/src/learners.ts          (from the repository root, after `npm run build`)
 *
 * Env: BENCH_LEARNERS (default 10000), BENCH_SCENARIOS (default 10), BENCH_ROUNDS (each in a new
 * space, default 3), BENCH_DATABASE_URL (PostgreSQL; default postgres://postgres@127.0.0.1:5432/test,
 * skipped with a note when unreachable; a schema of its own is made and dropped), BENCH_NO_RESULTS=1.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { guardRun, makeRunDir, runBenchmark, startChild, stopAll, waitUntilUp, type Child } from './lib/child-processes';
import { fmt } from './lib/format';
import { freePort } from './lib/free-port';
import { describeMachine, machineFacts } from './lib/machine';
import { requireBuiltServer, serverJs } from './lib/paths';
import { writeResultsSection } from './lib/results-file';
import { createBenchDeveloper } from './lib/server-cli';
import { inPostgresSchema } from './lib/postgres';
import { positive } from './lib/settings';

const learnerCount = Math.round(positive('BENCH_LEARNERS', 10_000));
const scenarioCount = Math.round(positive('BENCH_SCENARIOS', 10));
const rounds = Math.round(positive('BENCH_ROUNDS', 3));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const host = '127.0.0.1';
/** The target for each of the two requests. */
const targetMs = 2000;

guardRun({ budgetMs: 15 * 60_000, stopping: 'the server' });

type Api = { base: string; headers: Record<string, string> };

const call = async <T>(api: Api, method: string, route: string, body: unknown, expected: number): Promise<T> => {
  const response = await fetch(`${api.base}${route}`, {
    method,
    headers: { ...api.headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
};

const emailOf = (round: number, at: number) => `learner${at}.r${round}@cohort.example`;

/** Milliseconds a request takes, from sending to its whole answer. */
const timed = async <T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
};

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

type Figures = { addMs: number[]; allocateMs: number[]; bareAddMs: number[]; bareAllocateMs: number[] };

// ---------------------------------------------------------------------------------------------
// The floor: the same rows through the bare driver, in tables of the same shape and keys.

const bareTables = [
  'create table bare_learners (space_id text not null, email text not null, tags text not null, created_at text not null, ' +
    'updated_at text not null, invited_at text, reminded_at text, primary key (space_id, email))',
  'create table bare_allocations (space_id text not null, email text not null, resim_id text not null, created_at text not null, ' +
    'primary key (space_id, email, resim_id))',
];

type Row = readonly (string | null)[];
const learnerRows = (space: string, round: number): Row[] => {
  const now = new Date().toISOString();
  return Array.from({ length: learnerCount }, (_, at) => [space, emailOf(round, at), '["cohort"]', now, now, null, null]);
};
const allocationRows = (space: string, round: number, resims: readonly string[]): Row[] => {
  const now = new Date().toISOString();
  return Array.from({ length: learnerCount }, (_, at) => resims.map((resim) => [space, emailOf(round, at), resim, now])).flat();
};

/** A multi-row INSERT for `count` rows of `width` columns, with ? or $n placeholders. */
const insertSql = (table: string, width: number, count: number, numbered: boolean) => {
  let n = 0;
  const row = () => `(${Array.from({ length: width }, () => (numbered ? `$${++n}` : '?')).join(', ')})`;
  return `insert into ${table} values ${Array.from({ length: count }, row).join(', ')}`;
};

const batch = 500;

const bareSqlite = (file: string) => {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  for (const sql of bareTables) db.exec(sql);
  const write = (table: string, rows: Row[]) =>
    db.transaction(() => {
      for (let start = 0; start < rows.length; start += batch) {
        const slice = rows.slice(start, start + batch);
        db.prepare(insertSql(table, slice[0]!.length, slice.length, false)).run(slice.flat());
      }
    })();
  return {
    learners: (space: string, round: number) => write('bare_learners', learnerRows(space, round)),
    allocations: (space: string, round: number, resims: readonly string[]) =>
      write('bare_allocations', allocationRows(space, round, resims)),
    close: () => db.close(),
  };
};

const barePostgres = async (url: string, schema: string) => {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  for (const sql of bareTables) await client.query(sql);
  const write = async (table: string, rows: Row[]) => {
    await client.query('begin');
    for (let start = 0; start < rows.length; start += batch) {
      const slice = rows.slice(start, start + batch);
      await client.query(insertSql(table, slice[0]!.length, slice.length, true), slice.flat());
    }
    await client.query('commit');
  };
  return {
    learners: (space: string, round: number) => write('bare_learners', learnerRows(space, round)),
    allocations: (space: string, round: number, resims: readonly string[]) =>
      write('bare_allocations', allocationRows(space, round, resims)),
    close: () => client.end(),
  };
};

// ---------------------------------------------------------------------------------------------
// One database: the product server on it, then rounds of product and bare writes, alternately.

const measure = async (
  name: string,
  env: Record<string, string>,
  bare: {
    learners: (space: string, round: number) => unknown;
    allocations: (space: string, round: number, resims: readonly string[]) => unknown;
  },
): Promise<Figures> => {
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  // The whole cohort may have scenarios without slots: the free allowance is checked, never reached.
  const serverEnv = {
    ...env,
    PORT: String(port),
    HOST: host,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'false',
    BILLING_FREE_LEARNERS: String(learnerCount),
  };
  const token = await createBenchDeveloper(serverEnv);
  const server: Child = startChild(`product server (${name})`, [serverJs], serverEnv);
  await waitUntilUp(server, `${base}/healthz`);
  const api: Api = { base, headers: { authorization: `Bearer ${token}` } };

  const figures: Figures = { addMs: [], allocateMs: [], bareAddMs: [], bareAllocateMs: [] };
  for (let round = 0; round < rounds; round += 1) {
    const space = await call<{ id: string }>(api, 'POST', '/admin/space', { description: `Cohort ${round + 1}` }, 201);
    const resims: string[] = [];
    for (let at = 0; at < scenarioCount; at += 1)
      resims.push((await call<{ id: string }>(api, 'POST', '/admin/resim/new', { groupId: space.id }, 201)).id);
    const learners = Array.from({ length: learnerCount }, (_, at) => ({ email: emailOf(round, at) }));

    const added = await timed(() =>
      call<{ added: number }>(api, 'POST', `/admin/space/${space.id}/learner`, { tags: ['cohort'], notify: false, learners }, 201),
    );
    if (added.value.added !== learnerCount) throw new Error(`${name}: ${added.value.added} learners added, expected ${learnerCount}`);
    const allocated = await timed(() =>
      call<{ count: number }>(
        api,
        'POST',
        `/admin/space/${space.id}/allocation`,
        { learners: learners.map((learner) => learner.email), resims },
        201,
      ),
    );
    if (allocated.value.count !== learnerCount * scenarioCount) throw new Error(`${name}: ${allocated.value.count} allocations`);
    const stored = await call<unknown[]>(api, 'GET', `/admin/space/${space.id}/allocation`, undefined, 200);
    if (stored.length !== learnerCount * scenarioCount) throw new Error(`${name}: ${stored.length} allocations stored`);

    const bareAdd = await timed(async () => bare.learners(space.id, round));
    const bareAllocate = await timed(async () => bare.allocations(space.id, round, resims));
    figures.addMs.push(added.ms);
    figures.allocateMs.push(allocated.ms);
    figures.bareAddMs.push(bareAdd.ms);
    figures.bareAllocateMs.push(bareAllocate.ms);
    console.log(
      `  ${name} round ${round + 1}: add ${fmt(added.ms)} ms (bare ${fmt(bareAdd.ms)} ms), allocate ${fmt(allocated.ms)} ms (bare ${fmt(bareAllocate.ms)} ms)`,
    );
  }
  server.process.kill('SIGTERM');
  return figures;
};

const main = async () => {
  requireBuiltServer('npm run build');
  const started = new Date();
  const tmp = makeRunDir('resim-bench-learners-');
  const results: { name: string; figures: Figures }[] = [];
  let skipped: string | undefined;
  try {
    console.log(`SQLite: ${fmt(learnerCount)} learners, ${scenarioCount} scenarios, ${rounds} rounds`);
    const sqliteDir = path.join(tmp, 'sqlite');
    const bareSqliteDb = bareSqlite(path.join(tmp, 'bare.sqlite'));
    results.push({ name: 'SQLite', figures: await measure('SQLite', { DATA_DIR: sqliteDir }, bareSqliteDb) });
    bareSqliteDb.close();

    const postgres = await inPostgresSchema(postgresUrl, 'bench_learners', async (schema) => {
      console.log(`PostgreSQL: ${fmt(learnerCount)} learners, ${scenarioCount} scenarios, ${rounds} rounds`);
      const barePg = await barePostgres(postgresUrl, schema);
      try {
        return await measure('PostgreSQL', { DATA_DIR: path.join(tmp, 'pg'), DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema }, barePg);
      } finally {
        await barePg.close();
      }
    });
    if ('value' in postgres) results.push({ name: 'PostgreSQL', figures: postgres.value });
    else skipped = postgres.skipped;
  } finally {
    await stopAll();
  }

  const facts = machineFacts(started);
  const ratio = (product: number, bare: number) => `${(product / bare).toFixed(1)}×`;
  const verdict = (ms: number) => (ms < targetMs ? 'met' : 'not met');
  const table = [
    '| database | request | product, median (ms) | each round (ms) | bare driver, median (ms) | product / bare | target < 2,000 ms |',
    '| --- | --- | ---: | --- | ---: | ---: | --- |',
    ...results.flatMap(({ name, figures }) => [
      `| ${name} | add ${fmt(learnerCount)} learners | ${fmt(median(figures.addMs))} | ${figures.addMs.map((ms) => fmt(ms)).join(', ')} | ${fmt(median(figures.bareAddMs))} | ${ratio(median(figures.addMs), median(figures.bareAddMs))} | ${verdict(Math.max(...figures.addMs))} |`,
      `| ${name} | allocate them ${scenarioCount} scenarios (${fmt(learnerCount * scenarioCount)}) | ${fmt(median(figures.allocateMs))} | ${figures.allocateMs.map((ms) => fmt(ms)).join(', ')} | ${fmt(median(figures.bareAllocateMs))} | ${ratio(median(figures.allocateMs), median(figures.bareAllocateMs))} | ${verdict(Math.max(...figures.allocateMs))} |`,
    ]),
  ].join('\n');
  console.log(`\n${table}`);
  if (skipped) console.log(skipped);

  if (process.env.BENCH_NO_RESULTS !== '1') {
    const block = [
      `Command: \`${process.env.npm_lifecycle_event === 'bench:learners' ? 'npm run bench:learners' : 'npx tsx bench/src/learners.ts'}\`. ` +
        `${rounds} rounds per database, each in a new space with ${scenarioCount} new scenarios: one POST of ${fmt(learnerCount)} learners ` +
        `(notify off), then one POST allocating all of them all the scenarios, each timed from sending to the whole answer (over loopback, ` +
        `checks, validation and the transaction included). The bare driver writes the same rows into tables of the same shape and keys ` +
        `in one transaction, ${batch} rows per INSERT, in the same run. "Met" means every round was under the target.`,
      '',
      table,
      ...(skipped ? ['', skipped] : []),
      '',
      `Machine: ${describeMachine(facts)}. Date: ${facts.date}.`,
    ].join('\n');
    writeResultsSection(
      'learners',
      block,
      (current, generated) =>
        `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## A cohort at once: 10,000 learners and their allocations\n\n${generated}\n`,
    );
  }
};

runBenchmark(main, (error) => error.message);
