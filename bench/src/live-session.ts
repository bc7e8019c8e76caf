/**
 * Benchmark: a live session over WebSocket, at several sizes. For each, that many anonymous learners join a self-paced
 * scenario over HTTP, keep a socket open each, and run actions at a fixed total rate; every round trip (event sent →
 * its result) is timed, and the server's CPU per action and memory per connected learner are measured. The same
 * sockets, rate and measurement against a bare `ws` server that sends the product's own bytes (bench/src/echo-server.ts)
 * give the floor of this machine, beside each size.
 *
 *   npx tsx bench/src/live-session.ts      (from the repository root, after `npm run build`)
 *   npm run bench:live                     (builds first)
 *
 * Env: BENCH_SIZES (learners of each session, default 2000,5000,10000), BENCH_RATE (actions per second over all
 * learners, default 2000), BENCH_DURATION (measured seconds, default 30), BENCH_WARMUP (seconds of the same load
 * before, not measured, default 3), BENCH_ACTIONS (actions in the scenario, default 100; each learner runs each at
 * most once), BENCH_JOIN_CONCURRENCY and BENCH_CONNECT_CONCURRENCY (requests and socket opens in flight, default 50
 * each), BENCH_NODE_FLAGS (given to the product server's node), BENCH_CPU_PROF (a directory: both servers are run
 * with --cpu-prof and write their profiles there, the echo's in `echo`), BENCH_NO_RESULTS=1 (do not touch RESULTS.md).
 *
 * Everything listens on 127.0.0.1, every child process is stopped at the end, and the whole run is bounded by a
 * watchdog. Nothing system-wide is changed: the open-file limit is checked, not raised.
 */
import { RunStatus, SimulationMode } from '@resim/domain';
import { guardRun, runBenchmark, stopChild } from './lib/child-processes';
import { comparisonTable } from './lib/comparison';
import { fmt } from './lib/format';
import type { Joins } from './lib/joins';
import { joinDetails, joinVerdict, stepVerdicts } from './lib/live-goals';
import { checkResult } from './lib/live-scenario';
import { socketUrls, type Server } from './lib/live-servers';
import { liveBudgetMs, liveSettings } from './lib/live-settings';
import { measureSizes, openSession, startEchoAfter, type SizeReport } from './lib/live-sizes';
import { connectLearners, driveActions, invalidity, stepRows, stepsOf, type Steps } from './lib/live-steps';

const settings = liveSettings();
const budgetMs = liveBudgetMs(settings, () => 0);
guardRun({ budgetMs, stopping: 'the servers', budgetText: String(Math.round(budgetMs / 1000)) });

type Measured = { size: number; joins: Joins; product: Steps; echo: Steps };

/** Opens every learner's socket to one server, runs the actions, closes the sockets. */
const measure = async (name: string, server: Server, urls: readonly string[], check?: typeof checkResult): Promise<Steps> => {
  const connected = await connectLearners(name, [server.child], urls, settings);
  try {
    return stepsOf([server.child], connected, await driveActions([server.child], connected.learners, settings, check));
  } finally {
    await connected.learners.close();
  }
};

/** One size: the product on a fresh database, then the echo with the product's bytes; each stopped before the next runs. */
const measureSize = async (size: number, dir: string): Promise<Measured> => {
  const { product, joined, joins } = await openSession(dir, settings, size, {
    name: 'Live session benchmark',
    mode: SimulationMode.Training,
    status: RunStatus.Running,
    phase: 'open',
  });
  const productSteps = await measure('product', product, socketUrls(product, joined), checkResult);
  // A server that fell behind still works through what it was sent: stopped, it cannot take the machine from the echo.
  await stopChild(product.child, 15_000);
  const echo = await startEchoAfter(dir, settings, productSteps);
  const echoSteps = await measure('bare ws', echo, socketUrls(echo, joined));
  await stopChild(echo.child);
  return { size, joins, product: productSteps, echo: echoSteps };
};

const report = (m: Measured): SizeReport => ({
  verdicts: [...stepVerdicts(m.product, m.echo, settings.rate), joinVerdict(m.joins)],
  table: comparisonTable(stepRows, m.product, m.echo),
  details: [
    joinDetails(m.joins),
    `Sent besides results: ${fmt(m.product.pushes)} pushes (product), ${fmt(m.echo.pushes)} (echo). The client (this process) ` +
      `sent late by p99 ${fmt(m.product.run.sendLag.p99, 2)} ms (product run), ${fmt(m.echo.run.sendLag.p99, 2)} ms (echo run).`,
  ],
});

const invalidities = (m: Measured) =>
  [invalidity('product', m.product, m.size), invalidity('bare ws', m.echo, m.size)].filter((why): why is string => why !== undefined);

runBenchmark(
  () =>
    measureSizes({
      settings,
      runDirPrefix: 'resim-bench-live-',
      measureSize,
      report,
      invalidities,
      title:
        `Live session: ${settings.sizes.map((size) => fmt(size)).join(', ')} learners; ${fmt(settings.rate)} actions/s ` +
        `open-loop for ${settings.duration} s after ${settings.warmup} s warm-up; scenario of ${settings.actionCount} actions`,
      results: {
        marker: 'live-session',
        scriptPath: 'bench/src/live-session.ts',
        npmScripts: ['bench', 'bench:live'],
        heading: 'Live session (WebSocket): product vs a bare ws server',
      },
      method:
        `For each size, that many anonymous learners join one open self-paced scenario (${settings.actionCount} actions) over ` +
        `HTTP, then hold one socket each from one client process; ${fmt(settings.rate)} actions/s in total, open-loop (each ` +
        `sent at its scheduled time, round-robin over the learners, whatever is still waiting), ${settings.warmup} s warm-up ` +
        `then ${settings.duration} s measured. Round trip: from just before an event is sent to the arrival of its result. The ` +
        `product first, then the bare ws server with the same sockets, sending the product's own first snapshot and a result ` +
        `delta of the typical size. Memory per connected learner: the server's RSS after opening every socket less its RSS ` +
        `before, over the learners.`,
      checked: 'Every action was answered ok (refused or unanswered actions fail the run).',
    }),
  (error) => error.message,
);
