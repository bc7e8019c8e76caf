/**
 * Benchmark: a space's scoreboard by learner for 10,000 learners × 20 scenarios (200,000 finished
 * runs), GET /admin/space/{id}/scoreboard?mode=learner&output=xlsx timed from request to the last
 * byte, on SQLite; CSV and JSON beside it. The baseline, in the same run and on the same database
 * file: the bare driver (no HTTP, no query builder) reading each counted run's learner, scenario
 * and score once, which is the floor of any scoreboard of those runs.
 *
 *   npm run bench:scoreboard                   (builds first)
 *   npx tsx bench/src/space-scoreboard.ts      (from the repository root, after `npm run build`)
 *
 * Env: BENCH_LEARNERS (default 10000), BENCH_SCENARIOS (default 20), BENCH_ROUNDS (default 3),
 * BENCH_NO_RESULTS=1.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { call, type Api } from './lib/api';
import { guardRun, makeRunDir, runBenchmark, startChild, stopAll, waitUntilUp, type Child } from './lib/child-processes';
import { fmt } from './lib/format';
import { freePort } from './lib/free-port';
import { describeMachine, machineFacts } from './lib/machine';
import { requireBuiltServer, serverJs } from './lib/paths';
import { writeResultsSection } from './lib/results-file';
import { createBenchDeveloper } from './lib/server-cli';
import { positive } from './lib/settings';
import { lowerMedian as median } from './lib/stats';

const learnerCount = Math.round(positive('BENCH_LEARNERS', 10_000));
const scenarioCount = Math.round(positive('BENCH_SCENARIOS', 20));
const rounds = Math.round(positive('BENCH_ROUNDS', 3));
const host = '127.0.0.1';
/** The target for the XLSX download. */
const targetMs = 5000;

guardRun({ budgetMs: 15 * 60_000, stopping: 'the server' });

/** Half the scenarios score points (higher first), half a cost (lower first). */
const scenarioContent = (at: number) => ({
  details: { resimName: `Scenario ${String(at + 1).padStart(2, '0')}`, mode: 2, allowSignin: true },
  stages: [{ id: 'stg1', name: 'Ward', default: true }],
  measures:
    at % 2 === 0
      ? [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }]
      : [
          { id: 'measure1', name: 'Cost', type: 1, initial: 0, scoreOrder: 1 },
          { id: 'points', name: 'Points', type: 7, initial: 0 },
        ],
  actions: [{ id: 'act1', name: 'Full blood count', stage: 'stg1', impact: [{ measureId: 'points', value: 10 }] }],
});

/** A finished run's stored score, the size the engine writes (measures, answers, item-by-item feedback). */
const scoreJson = (seed: number) => {
  const points = seed % 97;
  return JSON.stringify({
    measures: { points, measure1: (seed * 7) % 1000 },
    points,
    durationMs: 60_000 + (seed % 600) * 1000,
    actionsRun: 3,
    conclusionsConfirmed: ['conc1'],
    answers: { actionsMatched: 2, actionsExpected: 3, conclusionsMatched: 1, conclusionsExpected: 1, correct: true },
    feedback: {
      requiredActionsMissed: [{ id: 'act3', name: 'Ferritin' }],
      unnecessaryActionsRun: [],
      harmfulActionsRun: [],
      conclusionsConfirmed: [{ id: 'conc1', name: 'Iron deficiency', correct: true }],
      correctConclusions: [{ id: 'conc1', name: 'Iron deficiency' }],
    },
  });
};

const emailOf = (at: number) => `learner${String(at).padStart(5, '0')}@cohort.example`;

/** The learners and one finished run of every scenario each, written straight into the server's database. */
const seedRuns = (file: string, spaceId: string, scenarios: readonly { id: string; instanceId: string }[]) => {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  const learner = db.prepare(
    'insert into space_learners (space_id, email, tags, created_at, updated_at, invited_at, reminded_at) values (?, ?, ?, ?, ?, null, null)',
  );
  const game = db.prepare(
    `insert into games (id, resim_id, instance_id, user_id, nickname, email, run_token_hash, test, state, event_count, points, score,
       created_at, started_at, ended_at, end_reason, updated_at)
     values (?, ?, ?, null, ?, ?, null, 0, null, 4, ?, ?, ?, ?, ?, 'learner', ?)`,
  );
  db.transaction(() => {
    for (let at = 0; at < learnerCount; at += 1) {
      const email = emailOf(at);
      learner.run(spaceId, email, '["cohort"]', now, now);
      for (const [index, scenario] of scenarios.entries()) {
        const seed = at * scenarioCount + index;
        game.run(`g${seed}`, scenario.id, scenario.instanceId, `learner${at}`, email, seed % 97, scoreJson(seed), now, now, now, now);
      }
    }
  })();
  db.close();
};

/** The floor: every counted run's learner, scenario and score read once through the bare driver. */
const bareRead = (file: string, resimIds: readonly string[]) => {
  const db = new SQLite(file, { readonly: true });
  const started = performance.now();
  const rows = db
    .prepare(
      `select email, resim_id, json_extract(score, '$.points') as score from games
       where resim_id in (${resimIds.map(() => '?').join(', ')}) and test = 0 and ended_at is not null`,
    )
    .all(...resimIds);
  const ms = performance.now() - started;
  db.close();
  if (rows.length !== learnerCount * scenarioCount) throw new Error(`bare read found ${rows.length} runs`);
  return ms;
};

/** Milliseconds from sending the request to its last byte, and the bytes. */
const download = async (api: Api, route: string) => {
  const started = performance.now();
  const response = await fetch(`${api.base}${route}`, { headers: { ...api.headers, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${route} answered ${response.status}: ${body.toString('utf8').slice(0, 500)}`);
  return { ms, bytes: body.length, body };
};

type Output = 'xlsx' | 'csv' | 'json';
const outputs: Output[] = ['xlsx', 'csv', 'json'];

const main = async () => {
  requireBuiltServer('npm run build');
  const started = new Date();
  const dataDir = path.join(makeRunDir('resim-bench-scoreboard-'), 'sqlite');
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: host, PUBLIC_URL: base, LOG_LEVEL: 'warn', DEMO_SEED: 'false' };
  const figures: Record<Output, number[]> = { xlsx: [], csv: [], json: [] };
  const sizes: Record<Output, number> = { xlsx: 0, csv: 0, json: 0 };
  const bareMs: number[] = [];
  try {
    const token = await createBenchDeveloper(env);
    const server: Child = startChild('product server (SQLite)', [serverJs], env);
    await waitUntilUp(server, `${base}/healthz`);
    const api: Api = { base, headers: { authorization: `Bearer ${token}` } };

    const space = await call<{ id: string }>(api, 'POST', '/admin/space', { description: 'Cohort' });
    const scenarios: { id: string; instanceId: string }[] = [];
    for (let at = 0; at < scenarioCount; at += 1) {
      const { id } = await call<{ id: string }>(api, 'POST', '/admin/resim/new', { groupId: space.id });
      await call(api, 'PATCH', `/admin/resim/${id}`, scenarioContent(at));
      const opened = await call<{ instances: { id: string }[] }>(api, 'POST', `/admin/control/${id}/2`, undefined);
      scenarios.push({ id, instanceId: opened.instances.at(-1)!.id });
    }
    const seeding = performance.now();
    seedRuns(path.join(dataDir, 'resim.sqlite'), space.id, scenarios);
    console.log(
      `Seeded ${fmt(learnerCount)} learners × ${scenarioCount} scenarios (${fmt(learnerCount * scenarioCount)} runs) in ${fmt(performance.now() - seeding)} ms`,
    );

    const available = await call<{ modes: { mode: string; rows: number }[] }>(
      api,
      'GET',
      `/admin/space/${space.id}/scoreboard/available`,
      undefined,
    );
    if (available.modes[0]?.rows !== learnerCount) throw new Error(`available says ${available.modes[0]?.rows} learners`);
    // A warm-up, as the server's first request of a kind compiles its code paths.
    await download(api, `/admin/space/${space.id}/scoreboard?output=xlsx`);
    for (let round = 0; round < rounds; round += 1) {
      for (const output of outputs) {
        const result = await download(api, `/admin/space/${space.id}/scoreboard?mode=learner&output=${output}`);
        if (output === 'xlsx' && result.body.subarray(0, 2).toString('latin1') !== 'PK') throw new Error('the XLSX is not a zip file');
        if (output === 'csv' && result.body.toString('utf8').trimEnd().split('\r\n').length !== learnerCount + 1)
          throw new Error('the CSV does not hold a row per learner');
        figures[output].push(result.ms);
        sizes[output] = result.bytes;
      }
      bareMs.push(
        bareRead(
          path.join(dataDir, 'resim.sqlite'),
          scenarios.map((scenario) => scenario.id),
        ),
      );
      console.log(
        `  round ${round + 1}: xlsx ${fmt(figures.xlsx.at(-1)!)} ms, csv ${fmt(figures.csv.at(-1)!)} ms, json ${fmt(figures.json.at(-1)!)} ms; bare read ${fmt(bareMs.at(-1)!)} ms`,
      );
    }
    server.process.kill('SIGTERM');
  } finally {
    await stopAll();
  }

  const facts = machineFacts(started);
  const bare = median(bareMs);
  const xlsx = median(figures.xlsx);
  const table = [
    '| output | product, median (ms) | each round (ms) | size (KB) | × baseline | target < 5,000 ms |',
    '| --- | ---: | --- | ---: | ---: | --- |',
    `| baseline: bare driver reads the ${fmt(learnerCount * scenarioCount)} runs' scores | ${fmt(bare)} | ${bareMs.map((ms) => fmt(ms)).join(', ')} | | 1.0× | |`,
    ...outputs.map(
      (output) =>
        `| ${output.toUpperCase()} | ${fmt(median(figures[output]))} | ${figures[output].map((ms) => fmt(ms)).join(', ')} | ${fmt(sizes[output] / 1024)} | ${(median(figures[output]) / bare).toFixed(1)}× | ${output === 'xlsx' ? (Math.max(...figures.xlsx) < targetMs ? 'met' : 'NOT met') : ''} |`,
    ),
  ].join('\n');
  console.log(`\n${table}`);

  if (process.env.BENCH_NO_RESULTS !== '1') {
    const block = [
      `Command: \`${process.env.npm_lifecycle_event === 'bench:scoreboard' ? 'npm run bench:scoreboard' : 'npx tsx bench/src/space-scoreboard.ts'}\`. ` +
        `A space on SQLite with ${fmt(learnerCount)} learners and ${scenarioCount} scenarios (half scored by points, half by a cost), ` +
        `each learner with one finished run of each (${fmt(learnerCount * scenarioCount)} runs, written straight into the database). ` +
        `GET /admin/space/{id}/scoreboard?mode=learner&output=… timed from sending to the last byte over loopback (uncompressed), ` +
        `${rounds} rounds after a warm-up. Baseline, in the same run: the bare driver reading every run's learner, scenario and score once. ` +
        `"Met" means every round was under the target.`,
      '',
      `**XLSX of ${fmt(learnerCount)} learners × ${scenarioCount} scenarios: ${fmt(xlsx)} ms (target < 5,000 ms: ${Math.max(...figures.xlsx) < targetMs ? 'met' : 'NOT met'}; ${(xlsx / bare).toFixed(1)}× the baseline of ${fmt(bare)} ms).**`,
      '',
      table,
      '',
      `Machine: ${describeMachine(facts)}. Date: ${facts.date}.`,
    ].join('\n');
    writeResultsSection(
      'space-scoreboard',
      block,
      (current, generated) =>
        `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## A space's scoreboard: 10,000 learners × 20 scenarios as XLSX\n\n${generated}\n`,
    );
  }
};

runBenchmark(main, (error) => error.message);
