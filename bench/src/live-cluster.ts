/**
 * Benchmark: a Realtime session through Debian's nginx (configured by docs/deployment/nginx-resim.conf) in front of
 * three product processes on one PostgreSQL, beside the same session through the same nginx in front of one process,
 * in the same run. For each, on a fresh schema: the host opens the lobby, the learners join and open their sockets
 * through the balancer (which spreads them over the processes), the host starts the session, the learners run actions
 * at a fixed total rate while the host sends presenter messages of the schema's longest length (in control characters,
 * which PostgreSQL's notices carry by reference, and in emoji), and the host stops it. Every push is checked: the
 * Start, the Stop and each learner's final result reach every learner, and every message reaches every learner once,
 * whole; one result in 97 is read in full.
 *
 *   npx tsx bench/src/live-cluster.ts      (from the repository root, after `npm run build`)
 *   npm run bench:cluster                  (builds first)
 *
 * Env: as live-session.ts, with its own defaults: BENCH_SIZES (default 2000), BENCH_RATE (default 1000),
 * BENCH_DURATION (default 20); BENCH_MESSAGE_EVERY (seconds between presenter messages, default 2);
 * BENCH_DATABASE_URL (PostgreSQL; default postgres://postgres@127.0.0.1:5432/test, a schema of its own for each
 * configuration, dropped afterwards).
 *
 * Client, balancer, processes and database share the machine: three processes do not make it faster than one on two
 * cores; the run shows what the fan-out across processes costs and that it loses nothing.
 */
import path from 'node:path';
import { RunStatus, SimulationMode } from '@resim/domain';
import { announce, healthText, type Announced } from './lib/announce';
import { call, type Api } from './lib/api';
import { guardRun, runBenchmark, stopChild, type Child } from './lib/child-processes';
import { comparisonTable, rowsOf, type Row } from './lib/comparison';
import { fmt, ms, times } from './lib/format';
import { joinLearners, type Joins } from './lib/joins';
import { now, type LearnerSockets } from './lib/learner-sockets';
import { goals, verdict } from './lib/live-goals';
import { checkResult, createLiveScenario, setStatus } from './lib/live-scenario';
import { host, learnerSocketsOf, socketUrls, startProcesses } from './lib/live-servers';
import { liveBudgetMs, liveSettings } from './lib/live-settings';
import { measureSizes, type SizeReport } from './lib/live-sizes';
import { connectLearners, driveActions, invalidity, stepRows, stepsOf, type Steps } from './lib/live-steps';
import { createMessageTracker, type MessageTracker } from './lib/message-tracker';
import { startBalancer } from './lib/nginx';
import { prepareOffThreadCall } from './lib/off-thread-call';
import { inPostgresSchema } from './lib/postgres';
import { cpuSecondsOfAll } from './lib/proc';
import { createSessionTracker } from './lib/session-tracker';
import { positive } from './lib/settings';
import { sleep } from './lib/sleep';
import type { Spread } from './lib/stats';

const settings = liveSettings({ sizes: [2000], rate: 1000, duration: 20 });
const messageEverySeconds = positive('BENCH_MESSAGE_EVERY', 2);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The two configurations measured, one after the other: the baseline first. */
const processCounts = [1, 3] as const;
const toldTimeoutMs = 60_000;
const finalTimeoutMs = (size: number) => 120_000 + size * 10;
const messagesTimeoutMs = 60_000;
const budgetMs = liveBudgetMs(settings, (size) => 60 + (2 * toldTimeoutMs + finalTimeoutMs(size) + messagesTimeoutMs) / 1000);
guardRun({ budgetMs, stopping: 'the servers and nginx', budgetText: String(Math.round(budgetMs / 1000)) });

/** The schema's longest presenter message (2,000 characters, a 200-character title), in control characters or in emoji. */
const longestMessage = (at: number) => {
  const emoji = at % 2 === 1;
  const controls = Array.from({ length: 2000 }, (_, k) => String.fromCharCode(1 + (k % 8))).join('');
  return {
    id: `bench-message-${at + 1}`,
    title: emoji ? '🫀'.repeat(100) : `Message ${at + 1} ${'\u0002'.repeat(180)}`,
    message: emoji ? '🩺'.repeat(1000) : controls,
  };
};

/** Sends presenter messages through the balancer every few seconds until stopped; each is expected before it is sent. */
const sendMessages = (api: Api, id: string, tracker: MessageTracker) => {
  let sending = true;
  const loop = (async () => {
    for (let at = 0; sending; at++) {
      const message = longestMessage(at);
      tracker.expect(message, now());
      await call(api, 'POST', `/admin/control/${id}/message`, message);
      for (let waited = 0; sending && waited < messageEverySeconds * 1000; waited += 100) await sleep(100);
    }
  })();
  return {
    stop: async () => {
      sending = false;
      await loop;
    },
  };
};

type Messages = ReturnType<MessageTracker['report']> & { problems: readonly string[] };

type Configuration = {
  processes: number;
  joins: Joins;
  /** learners' sockets each process held, from its /metrics */
  socketsPerProcess: readonly number[];
  steps: Steps;
  start: Announced;
  stop: Announced;
  messages: Messages;
  nginxCpuPerAction: number | undefined;
};

type Measured = { size: number; one: Configuration; three: Configuration };

const configurationName = (processes: number) => `${processes} process${processes === 1 ? '' : 'es'}`;

/** One configuration on a fresh schema: `processes` product processes behind nginx, the whole Realtime session through it. */
const measureConfiguration = async (processes: number, size: number, dir: string): Promise<Configuration> => {
  const children: Child[] = [];
  const stopServers = async () => {
    // The balancer first, so that no learner is sent on to a process that is going.
    for (const child of children.reverse()) await stopChild(child, 15_000);
  };
  const name = configurationName(processes);
  const measured = await inPostgresSchema(
    postgresUrl,
    `bench_cluster_${processes}`,
    async (schema) => {
      console.log(`${name} behind nginx`);
      const { servers, token, metricsToken } = await startProcesses(path.join(dir, name), settings, processes, {
        url: postgresUrl,
        schema,
      });
      const serverChildren = servers.map((server) => server.child);
      children.push(...serverChildren);
      const balancer = await startBalancer(
        path.join(dir, `nginx-${processes}`),
        host,
        servers.map((server) => server.port),
        size,
      );
      children.push(balancer.child);
      const api = { base: balancer.base, headers: { authorization: `Bearer ${token}` } };
      const id = await createLiveScenario(api, {
        name: 'Cluster benchmark',
        mode: SimulationMode.Realtime,
        actionCount: settings.actionCount,
      });
      const code = await setStatus(api, id, RunStatus.Waiting);
      if (!code) throw new Error('the scenario has no join code in its lobby');
      const { joined, joins } = await joinLearners({
        base: balancer.base,
        code,
        count: size,
        concurrency: settings.joinConcurrency,
        phase: 'lobby',
      });

      const tracker = createSessionTracker(size);
      const messages = createMessageTracker(size);
      const connected = await connectLearners(name, serverChildren, socketUrls(balancer, joined), settings, {
        observe: (learner, push, at, text) => {
          tracker.observe(learner, push, at, text);
          messages.observe(learner, push, at);
        },
      });
      const learners: LearnerSockets = connected.learners;
      try {
        const spreadOver = await Promise.all(servers.map((server) => learnerSocketsOf(server, metricsToken)));
        console.log(`  sockets per process: ${spreadOver.map((n) => fmt(n)).join(' / ')}`);
        const healthUrl = `${balancer.base}/healthz`;
        const start = await announce(
          healthUrl,
          tracker,
          () => prepareOffThreadCall(api, 'POST', `/admin/control/${id}/${RunStatus.Running}`),
          ['open'],
          () => toldTimeoutMs,
        );
        console.log(`  Start answered in ${ms(start.answeredMs)} ms, every learner told in ${ms(start.told.open!.max)} ms`);

        const nginxCpu = () => cpuSecondsOfAll(balancer.workerPids());
        const nginxCpuBefore = nginxCpu();
        const sending = sendMessages(api, id, messages);
        const run = await driveActions(serverChildren, learners, settings, checkResult).finally(() => sending.stop());
        const nginxCpuAfter = nginxCpu();
        await messages.untilAll(messagesTimeoutMs);
        const fanOut = messages.report();
        console.log(
          `  ${fmt(fanOut.sent)} presenter messages, each to every learner in p50 ${ms(fanOut.allTold.p50)} ms, ` +
            `max ${ms(fanOut.allTold.max)} ms`,
        );

        const stop = await announce(
          healthUrl,
          tracker,
          () => prepareOffThreadCall(api, 'POST', `/admin/control/${id}/${RunStatus.Finished}`),
          ['closed', 'final'],
          (milestone) => (milestone === 'final' ? finalTimeoutMs(size) : toldTimeoutMs),
        );
        console.log(
          `  Stop answered in ${ms(stop.answeredMs)} ms, every learner told in ${ms(stop.told.closed!.max)} ms, ` +
            `every final result in ${ms(stop.told.final!.max)} ms; /healthz ${healthText(stop.health)}`,
        );
        const answered = run.measuredAnswered;
        return {
          processes,
          joins,
          socketsPerProcess: spreadOver,
          steps: stepsOf(serverChildren, connected, run),
          start,
          stop,
          messages: { ...fanOut, problems: messages.problems() },
          nginxCpuPerAction:
            nginxCpuBefore !== undefined && nginxCpuAfter !== undefined && answered > 0
              ? ((nginxCpuAfter - nginxCpuBefore) * 1000) / answered
              : undefined,
        };
      } finally {
        await learners.close();
      }
    },
    stopServers,
  );
  if ('skipped' in measured) throw new Error(`${measured.skipped} This benchmark needs PostgreSQL (BENCH_DATABASE_URL).`);
  return measured.value;
};

const measureSize = async (size: number, dir: string): Promise<Measured> => {
  // One after the other: the baseline must not share the machine with the three.
  const one = await measureConfiguration(processCounts[0], size, dir);
  const three = await measureConfiguration(processCounts[1], size, dir);
  return { size, one, three };
};

const spreadCell = (spread: Spread | undefined) => (spread ? `${ms(spread.p50)} / ${ms(spread.p99)} / ${ms(spread.max)}` : 'n/a');

const rows: readonly Row<Configuration>[] = [
  ['sockets per process', (c) => c.socketsPerProcess.map((n) => fmt(n)).join(' / ')],
  ['joins through the balancer (/s)', (c) => fmt(c.joins.perSecond), (c) => c.joins.perSecond],
  ['Start: answered (ms)', (c) => ms(c.start.answeredMs), (c) => c.start.answeredMs],
  ['Start: every learner told (ms)', (c) => ms(c.start.told.open?.max ?? Number.NaN), (c) => c.start.told.open?.max],
  ['presenter messages sent', (c) => fmt(c.messages.sent)],
  ['message to a learner, p50 / p99 / max (ms)', (c) => spreadCell(c.messages.perLearner), (c) => c.messages.perLearner.p99],
  ['message to every learner, p50 / p99 / max (ms)', (c) => spreadCell(c.messages.allTold), (c) => c.messages.allTold.p99],
  ...rowsOf(stepRows, (c: Configuration) => c.steps),
  ['nginx CPU per action (ms)', (c) => (c.nginxCpuPerAction === undefined ? 'n/a' : ms(c.nginxCpuPerAction)), (c) => c.nginxCpuPerAction],
  ['Stop: answered (ms)', (c) => ms(c.stop.answeredMs), (c) => c.stop.answeredMs],
  ['Stop: learners told, all (ms)', (c) => ms(c.stop.told.closed?.max ?? Number.NaN), (c) => c.stop.told.closed?.max],
  ['Stop: final results, all (ms)', (c) => ms(c.stop.told.final?.max ?? Number.NaN), (c) => c.stop.told.final?.max],
];

const report = ({ one, three }: Measured): SizeReport => {
  const p99 = three.steps.run.latency.p99;
  return {
    verdicts: [
      `every push reached every learner, whole and once, on ${three.processes} processes and on ${one.processes}: ` +
        verdict([one, three].every((c) => c.steps.problemCount === 0 && c.messages.problems.length === 0)),
      `p99 round trip ${ms(p99)} ms through ${three.processes} processes (< ${goals.p99Ms} ms: ${verdict(p99 < goals.p99Ms)}), ` +
        `${times(p99, one.steps.run.latency.p99)} one process's ${ms(one.steps.run.latency.p99)} ms`,
      `every presenter message to every learner within p99 ${ms(three.messages.allTold.p99)} ms across processes ` +
        `(${times(three.messages.allTold.p99, one.messages.allTold.p99)} one process's)`,
    ],
    table: comparisonTable(rows, three, one, [
      `${three.processes} processes`,
      `${one.processes} process`,
      `${three.processes} / ${one.processes}`,
    ]),
    details: [
      `Messages alternate 2,000 control characters (≈ 12 KB escaped, over PostgreSQL's notice limit: sent by reference) and ` +
        `1,000 emoji (2,000 UTF-16 units, 4,000 bytes), each with a 200-unit title, one every ${messageEverySeconds} s while the actions run.`,
      `Server CPU and memory are the processes' together; nginx's CPU is shown on its own row.`,
    ],
  };
};

/** Why a run is not valid: a socket, step or push gone wrong in either configuration. */
const invalidities = ({ size, one, three }: Measured): string[] =>
  [one, three].flatMap((c) => {
    const name = configurationName(c.processes);
    const steps = invalidity(name, c.steps, size);
    return [
      ...(steps === undefined ? [] : [steps]),
      ...c.messages.problems.map((problem) => `${name}: ${problem}`),
      ...[...c.start.health.failures, ...c.stop.health.failures].map((failure) => `${name}: /healthz ${failure}`),
    ];
  });

runBenchmark(
  () =>
    measureSizes({
      settings,
      runDirPrefix: 'resim-bench-cluster-',
      measureSize,
      report,
      invalidities,
      title:
        `Realtime session behind nginx, ${processCounts[1]} processes beside ${processCounts[0]}: ` +
        `${settings.sizes.map((size) => fmt(size)).join(', ')} learners; ${fmt(settings.rate)} actions/s open-loop for ` +
        `${settings.duration} s after ${settings.warmup} s warm-up, presenter messages every ${messageEverySeconds} s`,
      results: {
        marker: 'live-cluster',
        scriptPath: 'bench/src/live-cluster.ts',
        npmScripts: ['bench', 'bench:cluster'],
        heading: 'Realtime session across processes behind nginx: three processes beside one',
      },
      method:
        `For each size and each configuration (1 process, then 3), on a fresh PostgreSQL schema: the product's processes ` +
        `behind Debian's nginx, configured by docs/deployment/nginx-resim.conf (one worker); a Realtime scenario ` +
        `(${settings.actionCount} actions) has its lobby opened through the balancer; that many anonymous learners join ` +
        `through it and hold one socket each (nginx spreads them over the processes); the host starts the session; ` +
        `${fmt(settings.rate)} actions/s in total, open-loop, ${settings.warmup} s warm-up then ${settings.duration} s measured, ` +
        `while the host sends a presenter message every ${messageEverySeconds} s; the host stops it. Round trip: from just ` +
        `before an event is sent to the arrival of its result. A message is timed from just before its request to its ` +
        `arrival at each learner's socket.`,
      checked:
        'Every action was answered ok; the Start, the Stop and every final result reached every learner; every presenter ' +
        'message reached every learner once and unaltered (anything else fails the run).',
    }),
  (error) => error.message,
);
