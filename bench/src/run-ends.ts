/**
 * Benchmark: learners ending their runs in a large self-paced opening. 10,000 learners join; then
 * 300 of them each take a test (the process's first steps, shown apart), another, and then each
 * ends their run, over HTTP as the player does, 10 requests in flight. An ended run is answered
 * with its score and its rank among the opening's runs. Measured per request: the server's CPU
 * (from /proc) and GET /healthz probed every 10 ms from a thread of its own. Baseline, in the same
 * run and server: the ordinary steps (the second tests) just before the ends. With
 * BENCH_PREVIOUS=<commit>, that build is measured the same way beside this one (installed and
 * built once under the system's temporary folder).
 *
 *   npm run bench:ends                  (builds first)
 *   npx tsx bench/src/run-ends.ts       (from the repository root, after `npm run build`)
 *
 * Env: BENCH_LEARNERS (default 10000), BENCH_ENDS (default 300), BENCH_PREVIOUS, BENCH_NO_RESULTS=1.
 */
import os from 'node:os';
import path from 'node:path';
import { call, type Api } from './lib/api';
import { guardRun, makeRunDir, runBenchmark, startChild, stopChild, stopAll, waitUntilUp } from './lib/child-processes';
import { fmt, ms } from './lib/format';
import { freePort } from './lib/free-port';
import { startHealthProbe, type Health } from './lib/health-probe';
import { joinLearners, type Joined } from './lib/joins';
import { cliJs, requireBuiltServer, serverJs } from './lib/paths';
import { previousBuild } from './lib/previous-build';
import { cpuSecondsOf } from './lib/proc';
import { appendedUnder, machineLines, writeResultsSection } from './lib/results-file';
import { runCli, createToken } from './lib/server-cli';
import { positive } from './lib/settings';
import { forEachLimit } from './lib/stats';
import { host, productEnv } from './lib/live-servers';

const learnerCount = Math.round(positive('BENCH_LEARNERS', 10_000));
const endCount = Math.min(learnerCount, Math.round(positive('BENCH_ENDS', 300)));
const inFlight = 10;

guardRun({ budgetMs: 20 * 60_000, stopping: 'the servers' });

const scenario = {
  details: { resimName: 'Ward round', mode: 2, allowAnonymous: true, maxConclusions: 1 },
  stages: [{ id: 'stg1', name: 'Ward', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: Array.from({ length: 5 }, (_, i) => ({
    id: `act${i + 1}`,
    name: `Test ${i + 1}`,
    stage: 'stg1',
    facts: `Result of test ${i + 1}`,
    impact: [{ measureId: 'points', value: i + 1 }],
  })),
  conclusions: [{ id: 'conc1', name: 'Heart failure', stage: 'stg1' }],
};

type Phase = { cpuMsEach: number; health: Health; wallMs: number };
type Figures = { label: string; first: Phase; steps: Phase; ends: Phase; rank: number | null };

/** Each of the first `endCount` learners sends `step`; the server's CPU and /healthz meanwhile. */
const phaseOf = async (base: string, pid: number, joined: readonly Joined[], step: (n: number) => object) => {
  const probe = await startHealthProbe(`${base}/healthz`);
  const cpuBefore = cpuSecondsOf(pid)!;
  const started = performance.now();
  let last: { score?: { rank: number | null } | null } | undefined;
  await forEachLimit(endCount, inFlight, async (n) => {
    const response = await fetch(`${base}/learn/game/${joined[n]!.gameId}/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-run-token': joined[n]!.runToken },
      body: JSON.stringify(step(n)),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`step refused: ${response.status} ${text.slice(0, 300)}`);
    last = JSON.parse(text) as typeof last;
  });
  const wallMs = performance.now() - started;
  const cpuMsEach = ((cpuSecondsOf(pid)! - cpuBefore) * 1000) / endCount;
  return { phase: { cpuMsEach, wallMs, health: await probe.stop() }, last };
};

const measure = async (label: string, build: { serverJs: string; cliJs: string }, dir: string): Promise<Figures> => {
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const env = productEnv(path.join(dir, 'sqlite'), port);
  const email = 'bench@example.com';
  await runCli(['user', 'create', '--email', email, '--password', 'bench-password-0123', '--groups', 'developer'], env, build.cliJs);
  const token = await createToken(email, env, build.cliJs);
  const server = startChild(`${label} server`, [build.serverJs], env);
  try {
    await waitUntilUp(server, `${base}/healthz`);
    const api: Api = { base, headers: { authorization: `Bearer ${token}` } };
    const space = await call<{ id: string }>(api, 'POST', '/admin/space', { description: 'Ward' });
    const { id, code } = await call<{ id: string; code: string }>(api, 'POST', '/admin/resim/new', { groupId: space.id });
    await call(api, 'PATCH', `/admin/resim/${id}`, scenario);
    await call(api, 'POST', `/admin/control/${id}/2`, undefined);
    console.log(`${label}:`);
    const { joined } = await joinLearners({ base, code, count: learnerCount, concurrency: 50, phase: 'open' });
    const pid = server.process.pid!;
    // The process's first steps: what is made on first use (a response's writer) shows here, not in the baseline.
    const first = await phaseOf(base, pid, joined, (n) => ({ type: 'runAction', actionId: `act${(n % 5) + 1}` }));
    const steps = await phaseOf(base, pid, joined, (n) => ({ type: 'runAction', actionId: `act${((n + 1) % 5) + 1}` }));
    const ends = await phaseOf(base, pid, joined, () => ({ type: 'end' }));
    const rank = ends.last?.score?.rank ?? null;
    console.log(
      `  ${fmt(endCount)} tests: ${ms(steps.phase.cpuMsEach)} ms CPU each, /healthz max ${ms(steps.phase.health.max)} ms; ` +
        `${fmt(endCount)} ends: ${ms(ends.phase.cpuMsEach)} ms CPU each, /healthz max ${ms(ends.phase.health.max)} ms (last ranked ${rank})`,
    );
    return { label, first: first.phase, steps: steps.phase, ends: ends.phase, rank };
  } finally {
    await stopChild(server);
  }
};

const main = async () => {
  requireBuiltServer('npm run build');
  const started = new Date();
  const loadBefore = os.loadavg()[0]!;
  const tmp = makeRunDir('resim-bench-ends-');
  const previous = process.env.BENCH_PREVIOUS ? previousBuild(process.env.BENCH_PREVIOUS) : undefined;
  const runs: Figures[] = [];
  try {
    runs.push(await measure('this build', { serverJs, cliJs }, path.join(tmp, 'this')));
    if (previous) runs.push(await measure(`build ${previous.commit.slice(0, 7)}`, previous, path.join(tmp, 'previous')));
  } finally {
    await stopAll();
  }

  const row = (figures: Figures) =>
    `| ${figures.label} | ${ms(figures.first.cpuMsEach)} / ${ms(figures.first.health.max)} | ${ms(figures.steps.cpuMsEach)} | ${ms(figures.ends.cpuMsEach)} | ${(figures.ends.cpuMsEach / figures.steps.cpuMsEach).toFixed(1)}× | ` +
    `${ms(figures.steps.health.max)} (${fmt(figures.steps.health.count)}) | ${ms(figures.ends.health.max)} (${fmt(figures.ends.health.count)}) | ` +
    `${fmt(figures.steps.wallMs)} / ${fmt(figures.ends.wallMs)} |`;
  const table = [
    `| ${fmt(learnerCount)} learners | first tests of the process: CPU each / /healthz max (ms) | CPU per test (ms) | CPU per end (ms) | end / test | /healthz max during the tests, ms (probes) | ` +
      `during the ends | wall, tests / ends (ms) |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(row),
  ].join('\n');
  console.log(`\n${table}`);

  if (process.env.BENCH_NO_RESULTS !== '1') {
    const block = [
      `Command: \`${process.env.npm_lifecycle_event === 'bench:ends' ? 'npm run bench:ends' : 'npx tsx bench/src/run-ends.ts'}\`` +
        `${previous ? ` with \`BENCH_PREVIOUS=${process.env.BENCH_PREVIOUS}\`` : ''}. ` +
        `A self-paced opening on SQLite that ${fmt(learnerCount)} learners joined over HTTP; ${fmt(endCount)} of them each take a test ` +
        `(the process's first steps, shown apart: what is made on first use shows there), then another, then each ends their ` +
        `run (answered with its score and rank), ${inFlight} requests in flight. The server's CPU read from /proc ` +
        `around each phase; GET /healthz probed every 10 ms from a thread of its own. Baseline, in the same run and server: the tests.`,
      '',
      table,
      '',
      ...machineLines(loadBefore, started),
    ].join('\n');
    writeResultsSection('ends', block, appendedUnder('Runs ending in an opening of 10,000: CPU and /healthz per end'));
  }
};

runBenchmark(main, (error) => error.message);
