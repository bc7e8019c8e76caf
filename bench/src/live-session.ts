/**
 * Benchmark: a live session over WebSocket. Thousands of anonymous learners join a self-paced
 * scenario, keep a socket open each, and run actions at a fixed total rate; every round trip
 * (event sent → its result) is timed. The same sockets, rate and measurement against a bare `ws`
 * server that answers the same bytes (bench/src/echo-server.ts) give the floor of this machine.
 *
 *   npx tsx bench/src/live-session.ts      (from the repository root, after `npm run build`)
 *   npm run bench:live                     (builds first)
 *
 * Env: BENCH_LEARNERS (default 5000), BENCH_RATE (actions per second over all learners, default
 * 1000), BENCH_DURATION (measured seconds, default 20), BENCH_WARMUP (seconds of the same load
 * before, not measured, default 3), BENCH_ACTIONS (actions in the scenario, default 100; each
 * learner runs each at most once), BENCH_JOIN_CONCURRENCY and BENCH_CONNECT_CONCURRENCY (requests
 * and socket opens in flight, default 50 each), BENCH_CPU_PROF (a directory: the product server is
 * run with --cpu-prof and writes its profile there on exit), BENCH_NO_RESULTS=1 (do not touch
 * RESULTS.md).
 *
 * Everything listens on 127.0.0.1, every child process is stopped at the end, and the whole run
 * is bounded by a watchdog. Nothing system-wide is changed: the open-file limit is checked, not raised.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { guardRun, makeRunDir, runBenchmark, startChild, stopAll, waitUntilUp, type Child } from './lib/child-processes';
import { fmt } from './lib/format';
import { freePort } from './lib/free-port';
import { createLearnerSockets, type Driven, type ResultMessage } from './lib/learner-sockets';
import { describeMachine, machineFacts } from './lib/machine';
import { packageVersion } from './lib/package-version';
import { benchDir, requireBuiltServer, serverJs } from './lib/paths';
import { memoryOf, openFileLimit } from './lib/proc';
import { writeResultsSection } from './lib/results-file';
import { createBenchDeveloper } from './lib/server-cli';
import { optionalPath, positive } from './lib/settings';
import { forEachLimit, spread, type Spread } from './lib/stats';

// ---------------------------------------------------------------------------------------------
// Settings

const learnerCount = Math.round(positive('BENCH_LEARNERS', 5000));
const rate = positive('BENCH_RATE', 1000);
const duration = positive('BENCH_DURATION', 20);
const warmup = positive('BENCH_WARMUP', 3);
const actionCount = Math.round(positive('BENCH_ACTIONS', 100));
const joinConcurrency = Math.round(positive('BENCH_JOIN_CONCURRENCY', 50));
const connectConcurrency = Math.round(positive('BENCH_CONNECT_CONCURRENCY', 50));
const host = '127.0.0.1';
const cpuProfileDir = optionalPath('BENCH_CPU_PROF');
/** A server that fell behind is waited for while its answers keep coming, up to this long after the last send. */
const drain = { quietMs: 10_000, maxMs: 120_000 };
/** A socket is given up if its first snapshot takes longer (the product answers sockets one after another, each slower as runs grow). */
const connectTimeoutMs = 120_000;
/** One result in this many is read in full and checked (the rest by their first bytes only, to keep the client light). */
const checkEvery = 97;

/** The issue's targets. */
const target = { learners: 5000, rate: 1000, p99Ms: 50 };

const echoServerTs = path.join(benchDir, 'src/echo-server.ts');

// Setup (CLI with password hashing, server starts); joining and connecting, allowing 20 ms per learner and, as the
// product reads every run of the session for each socket it opens, 40 µs per learner squared (5,000: 4–5 min measured,
// 17 allowed); two loaded runs with their drain and the closing of the sockets; slack.
const budgetMs = Math.round(
  (120 + (learnerCount * 20) / 1000 + (learnerCount ** 2 * 40) / 1e6 + 2 * (warmup + duration + drain.maxMs / 1000 + 20)) * 1000,
);

guardRun({ budgetMs, stopping: 'the servers', budgetText: String(Math.round(budgetMs / 1000)) });

// ---------------------------------------------------------------------------------------------
// Helpers

type Api = { base: string; headers: Record<string, string> };

const call = async <T>(api: Api, method: string, route: string, body: unknown, expected: number): Promise<T> => {
  const response = await fetch(`${api.base}${route}`, {
    method,
    headers: body === undefined ? api.headers : { ...api.headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
};

const actionId = (k: number) => `act${k}`;

/** A self-paced scenario that anyone may join with a nickname: one stage, a points measure and `count` actions without requirements. */
const scenarioBody = (revision: number, count: number) => ({
  revision,
  details: { resimName: 'Live session benchmark', mode: 2, allowAnonymous: true, allowSignin: true },
  stages: [{ id: 'stg1', name: 'Ward', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: Array.from({ length: count }, (_, at) => ({
    id: actionId(at + 1),
    name: `Test ${at + 1}`,
    stage: 'stg1',
    facts: `result ${at + 1}`,
    impact: [{ measureId: 'points', value: 1 }],
  })),
  conclusions: [
    { id: 'conc1', name: 'Diagnosis 1', stage: 'stg1' },
    { id: 'conc2', name: 'Diagnosis 2', stage: 'stg1' },
  ],
});

/** The product must answer a learner's k-th action with what changed: the action done, as the run's k-th event. */
const checkResult = (result: ResultMessage, k: number, id: string): string | undefined => {
  const eventCount = result.delta?.set?.eventCount;
  if (eventCount !== k) return `eventCount ${String(eventCount)} instead of ${k}`;
  const lines = (result.delta?.patch?.view?.splice?.actions ?? []).flatMap(([, , ...items]) => items);
  const action = lines.find((candidate) => candidate.id === id);
  if (action?.availability !== 'done') return `${id} shows as ${action?.availability ?? 'unchanged'}`;
  return undefined;
};

const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${fmt(bytes / 2 ** 20)} MiB`);
const ms = (value: number) => fmt(value, value < 10 ? 2 : 1);
const times = (value: number, base: number) => {
  if (!(base > 0) || !Number.isFinite(value)) return 'n/a';
  const ratio = value / base;
  return ratio >= 100 ? `${fmt(ratio)}×` : `${ratio.toFixed(2)}×`;
};

/** The command as it was run, the npm script or tsx, after the settings given in the environment. */
const commandLine = () => {
  const script = process.env.npm_lifecycle_event;
  const settings = Object.entries(process.env)
    .filter(([name, value]) => name.startsWith('BENCH_') && name !== 'BENCH_NO_RESULTS' && value)
    .map(([name, value]) => `${name}=${value}`)
    .sort();
  const run = script === 'bench' || script === 'bench:live' ? `npm run ${script}` : 'npx tsx bench/src/live-session.ts';
  return [...settings, run].join(' ');
};

/** Both servers hold a socket per learner, as does this process: stop at once, saying what to do, if the limit is too low. */
const checkOpenFiles = () => {
  const limit = openFileLimit();
  const needed = learnerCount + 200;
  if (limit !== undefined && limit < needed) {
    throw new Error(
      `The open-file limit (ulimit -n) is ${limit}, and ${fmt(learnerCount)} learners need at least ${fmt(needed)} ` +
        `in this process and in each server. Raise it for this shell only (ulimit -n ${needed}, within the hard limit ` +
        `that ulimit -Hn shows) or run with fewer learners (BENCH_LEARNERS).`,
    );
  }
  return limit;
};

type Joined = { gameId: string; runToken: string };

type Measured = {
  name: string;
  connected: number;
  connectSeconds: number;
  perSocket: Spread;
  greetingBytes: Spread;
  rssAfterConnect: number | undefined;
  rssAfterRun: number | undefined;
  peakRss: number | undefined;
  run: Driven;
  pushes: number;
  problemCount: number;
  problems: string[];
};

/** Opens every learner's socket to one server, drives the actions, closes the sockets. */
const measure = async (name: string, server: Child, urls: readonly string[], check?: typeof checkResult): Promise<Measured> => {
  const pid = server.process.pid!;
  const learners = createLearnerSockets(urls);
  try {
    console.log(`${name}: opening ${fmt(urls.length)} sockets (${connectConcurrency} at a time)`);
    const opened = await learners.connect({ concurrency: connectConcurrency, timeoutMs: connectTimeoutMs });
    const rssAfterConnect = memoryOf(pid).rss;
    console.log(
      `  ${fmt(opened.connected)} connected in ${fmt(opened.seconds, 1)} s (per socket p50 ${ms(opened.perSocket.p50)} ms, ` +
        `p99 ${ms(opened.perSocket.p99)} ms); server RSS ${mib(rssAfterConnect)}`,
    );
    console.log(`  ${fmt(rate)} actions/s: ${warmup} s warm-up, then ${duration} s measured`);
    const run = await learners.drive({
      rate,
      warmupSeconds: warmup,
      seconds: duration,
      actionId,
      check,
      checkEvery,
      drain,
      serverPid: pid,
    });
    const memory = memoryOf(pid);
    console.log(
      `  ${fmt(run.achievedRate)} results/s; p50 ${ms(run.latency.p50)} ms, p95 ${ms(run.latency.p95)} ms, p99 ${ms(run.latency.p99)} ms, ` +
        `max ${ms(run.latency.max)} ms; last result ${fmt(run.drainSeconds, 1)} s after the last send; ` +
        `server CPU ${run.serverCpu === undefined ? 'n/a' : `${fmt(run.serverCpu * 100)} %`}; problems ${learners.problemCount()}`,
    );
    return {
      name,
      connected: opened.connected,
      connectSeconds: opened.seconds,
      perSocket: opened.perSocket,
      greetingBytes: opened.greetingBytes,
      rssAfterConnect,
      rssAfterRun: memory.rss,
      peakRss: memory.peak,
      run,
      pushes: learners.pushes(),
      problemCount: learners.problemCount(),
      problems: learners.describeProblems(),
    };
  } finally {
    await learners.close();
  }
};

/**
 * Stops one server before the next is measured, so that it cannot take the machine from the next (a server that fell
 * behind still works through what it was sent). The watchdog and stopAll still cover it if this fails.
 */
const stopServer = async (child: Child, timeoutMs = 15_000) => {
  const proc = child.process;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
};

// ---------------------------------------------------------------------------------------------
// The benchmark

const main = async () => {
  requireBuiltServer('npm run build');
  const fileLimit = checkOpenFiles();
  const perLearner = Math.ceil((rate * (warmup + duration)) / learnerCount);
  if (perLearner > actionCount) {
    throw new Error(
      `${fmt(rate)} actions/s for ${warmup + duration} s over ${fmt(learnerCount)} learners is ${perLearner} actions each, ` +
        `but each of the scenario's ${actionCount} actions can be run once: raise BENCH_ACTIONS or BENCH_LEARNERS, or lower BENCH_RATE or BENCH_DURATION.`,
    );
  }
  const started = new Date();
  const loadAtStart = os.loadavg()[0]!;
  const tmp = makeRunDir('resim-bench-live-');
  try {
    // 1. The product server on a fresh SQLite database; a user, a token, a space and an open self-paced scenario.
    const port = await freePort(host);
    const base = `http://${host}:${port}`;
    const env = {
      PORT: String(port),
      HOST: host,
      DATA_DIR: path.join(tmp, 'data'),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
    };
    const token = await createBenchDeveloper(env);
    const productArgs = [
      ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      ...(cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir, serverJs] : [serverJs]),
    ];
    const product = startChild('product server', productArgs, env);
    await waitUntilUp(product, `${base}/healthz`);

    const api: Api = { base, headers: { authorization: `Bearer ${token}` } };
    const space = await call<{ id: string }>(api, 'POST', '/admin/space', { description: 'Live session benchmark' }, 201);
    const created = await call<{ id: string; revision: number }>(api, 'POST', '/admin/resim/new', { groupId: space.id }, 201);
    const saved = await call<{ actions: unknown[] }>(
      api,
      'PATCH',
      `/admin/resim/${created.id}`,
      scenarioBody(created.revision, actionCount),
      200,
    );
    if (saved.actions.length !== actionCount)
      throw new Error(`scenario saved with ${saved.actions.length} actions, expected ${actionCount}`);
    const opened = await call<{ code: string | null }>(api, 'POST', `/admin/control/${created.id}/2`, undefined, 200);
    if (!opened.code) throw new Error('the opened scenario has no join code');

    // 2. The learners join over HTTP, as the player does, a bounded number at a time.
    console.log(`Joining ${fmt(learnerCount)} learners (${joinConcurrency} requests in flight)`);
    const joined: Joined[] = new Array<Joined>(learnerCount);
    const joinMs: number[] = [];
    let joinSnapshotBytes = 0;
    const joinStarted = performance.now();
    await forEachLimit(learnerCount, joinConcurrency, async (index) => {
      const sent = performance.now();
      const response = await fetch(`${base}/learn/join/${opened.code}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nickname: `learner ${index + 1}` }),
      });
      const text = await response.text();
      if (response.status !== 201) throw new Error(`POST /learn/join answered ${response.status}: ${text.slice(0, 500)}`);
      const result = JSON.parse(text) as { gameId: string; runToken: string | null; snapshot: { phase: string } };
      if (!result.runToken || result.snapshot.phase !== 'open')
        throw new Error(`join gave no run token or a run not open: ${text.slice(0, 300)}`);
      joined[index] = { gameId: result.gameId, runToken: result.runToken };
      joinMs.push(performance.now() - sent);
      if (index === 0) joinSnapshotBytes = Buffer.byteLength(JSON.stringify(result.snapshot));
    });
    const joinSeconds = (performance.now() - joinStarted) / 1000;
    const joinSpread = spread(joinMs);
    console.log(
      `  joined in ${fmt(joinSeconds, 1)} s (${fmt(learnerCount / joinSeconds)}/s; p50 ${ms(joinSpread.p50)} ms, p99 ${ms(joinSpread.p99)} ms)`,
    );

    const query = (port: number, learner: Joined) =>
      `ws://${host}:${port}/learn/socket?game=${encodeURIComponent(learner.gameId)}&token=${encodeURIComponent(learner.runToken)}`;

    // 3. The product: sockets, then actions.
    const productResult = await measure(
      'product',
      product,
      joined.map((learner) => query(port, learner)),
      checkResult,
    );
    await stopServer(product);
    const typical = productResult.run.typicalResult;
    if (!typical) throw new Error(`the product answered no action in the measured window: ${productResult.problems.join('; ')}`);

    // 4. The bare ws server, answering one of the product's own result snapshots of the typical size.
    const snapshotFile = path.join(tmp, 'snapshot.json');
    writeFileSync(snapshotFile, JSON.stringify((JSON.parse(typical) as { delta: unknown }).delta));
    const echoPort = await freePort(host);
    const echoArgs = ['--import', import.meta.resolve('tsx'), echoServerTs];
    const echo = startChild(
      'echo server',
      cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', path.join(cpuProfileDir, 'echo'), ...echoArgs] : echoArgs,
      {
        PORT: String(echoPort),
        HOST: host,
        SNAPSHOT_FILE: snapshotFile,
      },
    );
    await waitUntilUp(echo, `http://${host}:${echoPort}/healthz`);
    const echoResult = await measure(
      'bare ws',
      echo,
      joined.map((learner) => query(echoPort, learner)),
    );

    // 5. Report.
    const facts = { ...machineFacts(started), ws: packageVersion('ws') };
    const rows: [string, (m: Measured) => string][] = [
      ['connected', (m) => fmt(m.connected)],
      ['connect time, all (s)', (m) => fmt(m.connectSeconds, 1)],
      ['connect, one socket p99 (ms)', (m) => ms(m.perSocket.p99)],
      ['actions/s achieved', (m) => fmt(m.run.achievedRate)],
      ['round trip p50 (ms)', (m) => ms(m.run.latency.p50)],
      ['round trip p95 (ms)', (m) => ms(m.run.latency.p95)],
      ['round trip p99 (ms)', (m) => ms(m.run.latency.p99)],
      ['round trip max (ms)', (m) => ms(m.run.latency.max)],
      ['last result after the last send (s)', (m) => fmt(m.run.drainSeconds, 2)],
      ['server RSS after connecting', (m) => mib(m.rssAfterConnect)],
      ['server RSS after the run (peak)', (m) => `${mib(m.rssAfterRun)} (${mib(m.peakRss)})`],
      ['server CPU under load (one core = 100 %)', (m) => (m.run.serverCpu === undefined ? 'n/a' : `${fmt(m.run.serverCpu * 100)} %`)],
      ['server CPU per action (ms)', (m) => (m.run.serverCpuPerAction === undefined ? 'n/a' : ms(m.run.serverCpuPerAction))],
      ['results answered ok / sent (measured)', (m) => `${fmt(m.run.measuredAnswered)} / ${fmt(m.run.measuredSent)}`],
      ['refusals and errors', (m) => fmt(m.problemCount)],
    ];
    const ratioOf = (row: string, p: Measured, e: Measured): string => {
      const pick: Record<string, (m: Measured) => number | undefined> = {
        'connect time, all (s)': (m) => m.connectSeconds,
        'connect, one socket p99 (ms)': (m) => m.perSocket.p99,
        'actions/s achieved': (m) => m.run.achievedRate,
        'round trip p50 (ms)': (m) => m.run.latency.p50,
        'round trip p95 (ms)': (m) => m.run.latency.p95,
        'round trip p99 (ms)': (m) => m.run.latency.p99,
        'round trip max (ms)': (m) => m.run.latency.max,
        'server RSS after connecting': (m) => m.rssAfterConnect,
        'server CPU under load (one core = 100 %)': (m) => m.run.serverCpu,
        'server CPU per action (ms)': (m) => m.run.serverCpuPerAction,
      };
      const value = pick[row];
      if (!value) return '';
      const a = value(p);
      const b = value(e);
      return a === undefined || b === undefined ? 'n/a' : times(a, b);
    };
    const table = [
      '| | product | bare ws (echo) | product / bare |',
      '| --- | ---: | ---: | ---: |',
      ...rows.map(
        ([label, show]) => `| ${label} | ${show(productResult)} | ${show(echoResult)} | ${ratioOf(label, productResult, echoResult)} |`,
      ),
    ].join('\n');

    const p = productResult.run;
    const fullSize = learnerCount >= target.learners && rate >= target.rate;
    const verdict = (met: boolean) => (met ? 'met' : fullSize ? 'not met' : 'not met at this size');
    const connectedMet = productResult.connected >= target.learners;
    const rateMet = p.achievedRate >= 0.99 * target.rate;
    const p99Met = p.latency.p99 < target.p99Ms;
    const targets =
      `**Targets (${fmt(target.learners)} connected learners, ${fmt(target.rate)} actions/s, p99 round trip < ${target.p99Ms} ms): ` +
      `connected ${fmt(productResult.connected)} (${verdict(connectedMet)}); ${fmt(p.achievedRate)} actions/s (${verdict(rateMet)}); ` +
      `p99 ${ms(p.latency.p99)} ms (${p99Met ? 'met' : 'not met'}).**`;

    const details = [
      `Joining: ${fmt(learnerCount)} learners over HTTP in ${fmt(joinSeconds, 1)} s (${fmt(learnerCount / joinSeconds)} joins/s, ` +
        `${joinConcurrency} in flight; per join p50 ${ms(joinSpread.p50)} ms, p99 ${ms(joinSpread.p99)} ms).`,
      `Sockets opened ${connectConcurrency} at a time, each counted once its first snapshot arrived: per socket p50 ` +
        `${ms(productResult.perSocket.p50)} ms (product) vs ${ms(echoResult.perSocket.p50)} ms (bare).`,
      `Messages: the join snapshot ${fmt(joinSnapshotBytes)} bytes; the product's results ${fmt(p.resultBytes.p50)} bytes at the ` +
        `median (max ${fmt(p.resultBytes.max)}: a run's snapshot grows with each action); the bare server answers one of them, ` +
        `${fmt(echoResult.run.resultBytes.p50)} bytes.`,
      `The client (this process) during the measured window: product run ${fmt(p.clientCpu * 100)} % of a core, event-loop delay ` +
        `p99 ${ms(p.clientLoopDelay.p99)} ms, sends late by p99 ${ms(p.sendLag.p99)} ms (max ${ms(p.sendLag.max)}); bare run ` +
        `${fmt(echoResult.run.clientCpu * 100)} %, ${ms(echoResult.run.clientLoopDelay.p99)} ms, ${ms(echoResult.run.sendLag.p99)} ms ` +
        `(max ${ms(echoResult.run.sendLag.max)}).`,
      `Pushed besides results: ${fmt(productResult.pushes)} (product), ${fmt(echoResult.pushes)} (bare). ` +
        `Open-file limit ${fileLimit === undefined ? 'unknown' : fmt(fileLimit)}. ` +
        `Load average (1 min) of the machine: ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.`,
    ];

    console.log('');
    console.log(
      `Live session: ${fmt(learnerCount)} learners, ${fmt(rate)} actions/s open-loop for ${duration} s after ${warmup} s warm-up, ` +
        `scenario of ${actionCount} actions`,
    );
    console.log(table);
    console.log('');
    console.log(targets.replace(/^\*\*|\*\*$/g, ''));
    for (const line of details) console.log(line);
    console.log(`Node ${facts.node}, ${facts.cpus} CPUs (${facts.cpuModel}), ${facts.os}, ws ${facts.ws}, ${facts.date}`);

    const problems = [
      ...productResult.problems.map((line) => `product: ${line}`),
      ...echoResult.problems.map((line) => `bare ws: ${line}`),
    ];
    const unanswered = [productResult, echoResult].filter(
      (m) => m.run.measuredAnswered !== m.run.measuredSent || m.connected !== learnerCount,
    );
    if (problems.length > 0 || unanswered.length > 0) {
      throw new Error(
        `Not every socket connected or every action was answered ok; RESULTS.md is left as it was.\n` +
          (problems.length > 0
            ? problems.join('\n')
            : unanswered
                .map((m) => `${m.name}: connected ${m.connected}, answered ${m.run.measuredAnswered}/${m.run.measuredSent}`)
                .join('\n')),
      );
    }

    if (process.env.BENCH_NO_RESULTS !== '1') {
      const viaNpm = process.env.npm_lifecycle_event?.startsWith('bench') ?? false;
      const block = [
        `Command: \`${commandLine()}\`${viaNpm ? ' (runs `bench/src/live-session.ts`)' : ''}. ${fmt(learnerCount)} anonymous learners of one open self-paced ` +
          `scenario (${actionCount} actions), one socket each from one client process; ${fmt(rate)} actions/s in total, open-loop ` +
          `(each sent at its scheduled time, round-robin over the learners, whatever is still waiting), ${warmup} s warm-up then ` +
          `${duration} s measured. Round trip: from just before an event is sent to the arrival of its result. Product first, then the bare ws server.`,
        '',
        targets,
        '',
        table,
        '',
        ...details.map((line) => `- ${line}`),
        '',
        `Every action was answered ok (refused or unanswered actions fail the run), and one result in ${checkEvery} was read in full ` +
          `and showed its action done as the run's next event.`,
        '',
        `Machine: ${describeMachine(facts)}; ws ${facts.ws}. ` + `Client and servers share the machine. Date: ${facts.date}.`,
      ].join('\n');
      writeResultsSection(
        'live-session',
        block,
        (current, generated) =>
          `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## Live session (WebSocket): product vs a bare ws server\n\n${generated}\n`,
      );
    }
  } finally {
    await stopAll();
  }
};

runBenchmark(main, (error) => error.message);
