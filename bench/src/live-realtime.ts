/**
 * Benchmark: a Realtime session over WebSocket, at several sizes. For each, the host opens the lobby, that many
 * anonymous learners join over HTTP and hold a socket each, the host starts the session (every learner is released at
 * once), the learners run actions at a fixed total rate, and the host stops it (every learner is told, then gets their
 * final score and rank). Timed: each Start and Stop's answer, and until every learner's socket was told; meanwhile
 * GET /healthz is probed every 10 ms. The steps are measured as in live-session.ts. Beside each size, the same sockets
 * against a bare `ws` server (bench/src/echo-server.ts) that sends the product's own messages to every socket at once
 * (POST /broadcast) give the floor of this machine.
 *
 *   npx tsx bench/src/live-realtime.ts     (from the repository root, after `npm run build`)
 *   npm run bench:realtime                 (builds first)
 *
 * Env: as live-session.ts: BENCH_SIZES (default 2000,5000,10000), BENCH_RATE (default 2000), BENCH_DURATION (default
 * 30), BENCH_WARMUP (default 3), BENCH_ACTIONS (default 100), BENCH_JOIN_CONCURRENCY, BENCH_CONNECT_CONCURRENCY,
 * BENCH_NODE_FLAGS, BENCH_CPU_PROF, BENCH_NO_RESULTS=1.
 *
 * Everything listens on 127.0.0.1, every child process is stopped at the end, and the whole run is bounded by a
 * watchdog. Nothing system-wide is changed: the open-file limit is checked, not raised.
 */
import { RunStatus, SimulationMode } from '@resim/domain';
import { guardRun, runBenchmark, stopChild } from './lib/child-processes';
import { comparisonTable, rowsOf, type Row } from './lib/comparison';
import { fmt, ms } from './lib/format';
import type { Health } from './lib/health-probe';
import { announce, healthText, type Announced } from './lib/announce';
import type { Joins } from './lib/joins';
import { goals, joinDetails, joinVerdict, stepVerdicts, verdict } from './lib/live-goals';
import { checkResult } from './lib/live-scenario';
import { prepareOffThreadCall, type OffThreadCall } from './lib/off-thread-call';
import { socketUrls, type Server } from './lib/live-servers';
import { liveBudgetMs, liveSettings } from './lib/live-settings';
import { measureSizes, openSession, startEchoAfter, type SizeReport } from './lib/live-sizes';
import { connectLearners, driveActions, invalidity, stepRows, stepsOf, type Steps } from './lib/live-steps';
import { createSessionTracker, type Milestone, type SessionTracker } from './lib/session-tracker';
import type { Spread } from './lib/stats';

const settings = liveSettings();
/** Every learner must be told of a Start or a Stop within this, or the run fails… */
const toldTimeoutMs = 60_000;
/** …and have their final result within this once all were told of the Stop (a Stop ends the runs a slice at a time). */
const finalTimeoutMs = (size: number) => 120_000 + size * 10;
const budgetMs = liveBudgetMs(settings, (size) => (2 * toldTimeoutMs + finalTimeoutMs(size)) / 1000);
guardRun({ budgetMs, stopping: 'the servers', budgetText: String(Math.round(budgetMs / 1000)) });

type Session = { steps: Steps; start: Announced; stop: Announced; tracker: SessionTracker };

type Measured = { size: number; joins: Joins; product: Session; echo: Session };

/** One server's session: the lobby's sockets, the Start, the steps, the Stop; the sockets closed at the end. */
const session = async (
  name: string,
  server: Server,
  urls: readonly string[],
  host: { start: () => Promise<OffThreadCall>; stop: () => Promise<OffThreadCall> },
  check?: typeof checkResult,
): Promise<Session> => {
  const tracker = createSessionTracker(urls.length);
  const connected = await connectLearners(name, [server.child], urls, settings, { observe: tracker.observe });
  try {
    const inLobby = tracker.inPhase('lobby');
    if (inLobby !== urls.length)
      throw new Error(
        `${name}: ${inLobby} of ${urls.length} learners are in the lobby: ${connected.learners.describeProblems().join('; ')}`,
      );
    const start = await announce(`${server.base}/healthz`, tracker, host.start, ['open'], () => toldTimeoutMs);
    console.log(
      `  Start answered in ${ms(start.answeredMs)} ms, every learner told in ${ms(start.told.open!.max)} ms; /healthz ${healthText(start.health)}`,
    );
    const run = await driveActions([server.child], connected.learners, settings, check);
    const stop = await announce(`${server.base}/healthz`, tracker, host.stop, ['closed', 'final'], (milestone) =>
      milestone === 'final' ? finalTimeoutMs(urls.length) : toldTimeoutMs,
    );
    console.log(
      `  Stop answered in ${ms(stop.answeredMs)} ms, every learner told in ${ms(stop.told.closed!.max)} ms, ` +
        `every final result in ${ms(stop.told.final!.max)} ms; /healthz ${healthText(stop.health)}`,
    );
    return { steps: stepsOf([server.child], connected, run), start, stop, tracker };
  } finally {
    await connected.learners.close();
  }
};

/** One size: the product on a fresh database, then the echo sending the product's own messages; each stopped before the next runs. */
const measureSize = async (size: number, dir: string): Promise<Measured> => {
  const { product, id, joined, joins } = await openSession(dir, settings, size, {
    name: 'Realtime session benchmark',
    mode: SimulationMode.Realtime,
    status: RunStatus.Waiting,
    phase: 'lobby',
  });
  const productSession = await session(
    'product',
    product,
    socketUrls(product, joined),
    {
      start: () => prepareOffThreadCall(product.api, 'POST', `/admin/control/${id}/${RunStatus.Running}`),
      stop: () => prepareOffThreadCall(product.api, 'POST', `/admin/control/${id}/${RunStatus.Finished}`),
    },
    checkResult,
  );
  // A server still at work must not take the machine from the echo.
  await stopChild(product.child, 15_000);

  const echo = await startEchoAfter(dir, settings, productSession.steps);
  // The product's own pushes, each as one learner was sent it, sent to everyone at once.
  const { tracker } = productSession;
  const broadcast = (milestones: readonly Milestone[]) => () =>
    prepareOffThreadCall(
      { base: echo.base, headers: {} },
      'POST',
      '/broadcast',
      milestones.map((milestone) => tracker.sample(milestone)!),
    );
  const echoSession = await session('bare ws', echo, socketUrls(echo, joined), {
    start: broadcast(['open']),
    stop: broadcast(['closed', 'final']),
  });
  await stopChild(echo.child);
  return { size, joins, product: productSession, echo: echoSession };
};

const told = (spread: Spread | undefined) => (spread ? `${ms(spread.p50)} / ${ms(spread.max)}` : 'n/a');
const healthCell = (health: Health) =>
  health.count === 0 ? '— (0 probes)' : `${ms(health.p99)} / ${ms(health.max)} (${fmt(health.count)} probes)`;

const sessionRows: readonly Row<Session>[] = [
  ['Start: answered (ms)', (s) => ms(s.start.answeredMs), (s) => s.start.answeredMs],
  ['Start: learners told, p50 / all (ms)', (s) => told(s.start.told.open), (s) => s.start.told.open?.max],
  ['/healthz during the Start, p99 / max (ms)', (s) => healthCell(s.start.health)],
  ['Stop: answered (ms)', (s) => ms(s.stop.answeredMs), (s) => s.stop.answeredMs],
  ['Stop: learners told, p50 / all (ms)', (s) => told(s.stop.told.closed), (s) => s.stop.told.closed?.max],
  ['Stop: final results, p50 / all (ms)', (s) => told(s.stop.told.final), (s) => s.stop.told.final?.max],
  ['/healthz during the Stop, p99 / max (ms)', (s) => healthCell(s.stop.health)],
  ...rowsOf(stepRows, (s: Session) => s.steps),
];

/** The goals of a Start and a Stop: answered within 1 s, every learner told within 2 s, /healthz within 50 ms throughout the Stop. */
const sessionVerdicts = ({ start, stop }: Session): string[] => {
  const toldIn = (spread: Spread | undefined) => spread?.max ?? Number.POSITIVE_INFINITY;
  const health = stop.health;
  return [
    `Start answered in ${ms(start.answeredMs)} ms (< ${goals.answerMs} ms: ${verdict(start.answeredMs < goals.answerMs)}), every ` +
      `learner told in ${ms(toldIn(start.told.open))} ms (< ${goals.toldMs} ms: ${verdict(toldIn(start.told.open) < goals.toldMs)})`,
    `Stop answered in ${ms(stop.answeredMs)} ms (< ${goals.answerMs} ms: ${verdict(stop.answeredMs < goals.answerMs)}), every ` +
      `learner told in ${ms(toldIn(stop.told.closed))} ms (< ${goals.toldMs} ms: ${verdict(toldIn(stop.told.closed) < goals.toldMs)}), ` +
      `every final result in ${ms(toldIn(stop.told.final))} ms`,
    health.count === 0
      ? '/healthz not probed during the Stop (it was over within one probe)'
      : `/healthz during the Stop at most ${ms(health.max)} ms (< ${goals.healthMs} ms: ${verdict(health.max < goals.healthMs)})`,
  ];
};

const report = (m: Measured): SizeReport => ({
  verdicts: [...sessionVerdicts(m.product), ...stepVerdicts(m.product.steps, m.echo.steps, settings.rate), joinVerdict(m.joins)],
  table: comparisonTable(sessionRows, m.product, m.echo),
  details: [
    joinDetails(m.joins),
    `The echo sent every socket the product's own pushes, as one learner got them: the Start's ` +
      `${fmt(Buffer.byteLength(m.product.tracker.sample('open') ?? ''))} bytes, the Stop's ` +
      `${fmt(Buffer.byteLength(m.product.tracker.sample('closed') ?? ''))} and the final result's ` +
      `${fmt(Buffer.byteLength(m.product.tracker.sample('final') ?? ''))}.`,
  ],
});

/** Why a size's run is not valid: a step or socket gone wrong, or a /healthz probe that failed. */
const invalidities = (m: Measured): string[] =>
  (
    [
      ['product', m.product],
      ['bare ws', m.echo],
    ] as const
  ).flatMap(([name, s]) => [
    ...[invalidity(name, s.steps, m.size)].filter((why): why is string => why !== undefined),
    ...[...s.start.health.failures, ...s.stop.health.failures].map((failure) => `${name}: /healthz ${failure}`),
  ]);

runBenchmark(
  () =>
    measureSizes({
      settings,
      runDirPrefix: 'resim-bench-realtime-',
      measureSize,
      report,
      invalidities,
      title:
        `Realtime session: ${settings.sizes.map((size) => fmt(size)).join(', ')} learners; lobby, Start, ${fmt(settings.rate)} ` +
        `actions/s open-loop for ${settings.duration} s after ${settings.warmup} s warm-up, Stop; scenario of ${settings.actionCount} actions`,
      results: {
        marker: 'live-realtime',
        scriptPath: 'bench/src/live-realtime.ts',
        npmScripts: ['bench', 'bench:realtime'],
        heading: 'Realtime session: lobby, Start, steps and Stop, product vs a bare ws server',
      },
      method:
        `For each size: a Realtime scenario (${settings.actionCount} actions) has its lobby opened (status 1); that many ` +
        `anonymous learners join over HTTP and hold one socket each from one client process; the host starts the session ` +
        `(status 2); ${fmt(settings.rate)} actions/s in total, open-loop, ${settings.warmup} s warm-up then ${settings.duration} s ` +
        `measured; the host stops it (status 3). A Start or Stop is timed from just before its request to its answer (the request made and timed on a ` +
        `thread of its own, as the probe below), and to the arrival at the last learner's socket of a message that puts the learner in the phase (open, closed), and of their ` +
        `final result (their run ended, with a ranked score); GET /healthz is probed every 10 ms meanwhile, from a thread of ` +
        `its own on a keep-alive connection. The bare ws server beside it sends the product's own messages to every socket in ` +
        `one go (POST /broadcast).`,
      checked: 'Every action was answered ok and every probe of /healthz answered 200 (anything else fails the run).',
    }),
  (error) => error.message,
);
