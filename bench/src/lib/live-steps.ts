/**
 * One server's side of a live-session benchmark: every learner's socket opened (and what holding them costs the
 * server in memory), then the actions at a fixed rate; the figures of both, and the rows that show them beside the
 * echo's.
 */
import type { Child } from './child-processes';
import type { Row } from './comparison';
import { fmt, mib, ms } from './format';
import { createLearnerSockets, type Driven, type LearnerSockets, type LearnerSocketsOptions, type ResultMessage } from './learner-sockets';
import { checkEvery, connectTimeoutMs, drain, type LiveSettings } from './live-settings';
import { actionId } from './live-scenario';
import { memoryOfAll } from './proc';

const pidsOf = (servers: readonly Child[]) => servers.map((server) => server.process.pid!);

/**
 * Opens every learner's socket to a server (or to several behind a balancer, `servers` being their processes). The
 * servers' memory per connected learner is their RSS after the sockets are open less their RSS before, over the
 * learners connected.
 */
export const connectLearners = async (
  name: string,
  servers: readonly Child[],
  urls: readonly string[],
  settings: LiveSettings,
  options: LearnerSocketsOptions = {},
) => {
  const pids = pidsOf(servers);
  const learners = createLearnerSockets(urls, options);
  try {
    const rssBefore = memoryOfAll(pids).rss;
    console.log(`${name}: opening ${fmt(urls.length)} sockets (${settings.connectConcurrency} at a time)`);
    const opened = await learners.connect({ concurrency: settings.connectConcurrency, timeoutMs: connectTimeoutMs });
    const rssAfter = memoryOfAll(pids).rss;
    const perLearner =
      rssBefore !== undefined && rssAfter !== undefined && opened.connected > 0 ? (rssAfter - rssBefore) / opened.connected : undefined;
    console.log(
      `  ${fmt(opened.connected)} connected in ${fmt(opened.seconds, 1)} s (per socket p50 ${ms(opened.perSocket.p50)} ms, ` +
        `p99 ${ms(opened.perSocket.p99)} ms); server RSS ${mib(rssBefore)} → ${mib(rssAfter)}, ${kib(perLearner)} per learner`,
    );
    if (!opened.greeting) throw new Error(`${name}: no socket connected: ${learners.describeProblems().join('; ')}`);
    return { learners, opened: { ...opened, greeting: opened.greeting }, rssBefore, rssAfter, perLearner };
  } catch (error) {
    await learners.close();
    throw error;
  }
};
export type Connected = Awaited<ReturnType<typeof connectLearners>>;

const kib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${fmt(bytes / 1024, 1)} KiB`);

/** Runs the actions at the settings' rate over the connected learners; `check` looks at one result in `checkEvery`. */
export const driveActions = async (
  servers: readonly Child[],
  learners: LearnerSockets,
  settings: LiveSettings,
  check?: (result: ResultMessage, k: number, id: string) => string | undefined,
): Promise<Driven> => {
  console.log(`  ${fmt(settings.rate)} actions/s: ${settings.warmup} s warm-up, then ${settings.duration} s measured`);
  const run = await learners.drive({
    rate: settings.rate,
    warmupSeconds: settings.warmup,
    seconds: settings.duration,
    actionId,
    check,
    checkEvery,
    drain,
    serverPids: pidsOf(servers),
  });
  console.log(
    `  ${fmt(run.achievedRate)} results/s; p50 ${ms(run.latency.p50)} ms, p95 ${ms(run.latency.p95)} ms, p99 ${ms(run.latency.p99)} ms, ` +
      `max ${ms(run.latency.max)} ms; last result ${fmt(run.drainSeconds, 1)} s after the last send; ` +
      `server CPU ${run.serverCpu === undefined ? 'n/a' : `${fmt(run.serverCpu * 100)} %`}; problems ${learners.problemCount()}`,
  );
  return run;
};

/** What one server did with the learners' sockets and actions. */
export type Steps = {
  readonly connected: Connected;
  readonly run: Driven;
  readonly rssAfterRun: number | undefined;
  readonly peakRss: number | undefined;
  readonly pushes: number;
  readonly problems: readonly string[];
  readonly problemCount: number;
};

/** The run's figures, once its load is over (the sockets still open). */
export const stepsOf = (servers: readonly Child[], connected: Connected, run: Driven): Steps => {
  const memory = memoryOfAll(pidsOf(servers));
  const { learners } = connected;
  return {
    connected,
    run,
    rssAfterRun: memory.rss,
    peakRss: memory.peak,
    pushes: learners.pushes(),
    problems: learners.describeProblems(),
    problemCount: learners.problemCount(),
  };
};

const cpu = (share: number | undefined) => (share === undefined ? 'n/a' : `${fmt(share * 100)} %`);

export const stepRows: readonly Row<Steps>[] = [
  ['connected', (s) => fmt(s.connected.opened.connected)],
  ['connect time, all (s)', (s) => fmt(s.connected.opened.seconds, 1), (s) => s.connected.opened.seconds],
  ['connect, one socket p99 (ms)', (s) => ms(s.connected.opened.perSocket.p99), (s) => s.connected.opened.perSocket.p99],
  ['first snapshot (bytes)', (s) => fmt(s.connected.opened.greetingBytes.p50)],
  ['server RSS before → after connecting', (s) => `${mib(s.connected.rssBefore)} → ${mib(s.connected.rssAfter)}`],
  ['memory per connected learner', (s) => kib(s.connected.perLearner), (s) => s.connected.perLearner],
  ['actions/s achieved', (s) => fmt(s.run.achievedRate), (s) => s.run.achievedRate],
  ['round trip p50 (ms)', (s) => ms(s.run.latency.p50), (s) => s.run.latency.p50],
  ['round trip p95 (ms)', (s) => ms(s.run.latency.p95), (s) => s.run.latency.p95],
  ['round trip p99 (ms)', (s) => ms(s.run.latency.p99), (s) => s.run.latency.p99],
  ['round trip max (ms)', (s) => ms(s.run.latency.max), (s) => s.run.latency.max],
  ['last result after the last send (s)', (s) => fmt(s.run.drainSeconds, 2)],
  ['result (bytes, median)', (s) => fmt(s.run.resultBytes.p50)],
  ['server RSS after the run (peak)', (s) => `${mib(s.rssAfterRun)} (${mib(s.peakRss)})`],
  ['server CPU under load (one core = 100 %)', (s) => cpu(s.run.serverCpu), (s) => s.run.serverCpu],
  [
    'server CPU per action (ms)',
    (s) => (s.run.serverCpuPerAction === undefined ? 'n/a' : ms(s.run.serverCpuPerAction)),
    (s) => s.run.serverCpuPerAction,
  ],
  ['results answered ok / sent (measured)', (s) => `${fmt(s.run.measuredAnswered)} / ${fmt(s.run.measuredSent)}`],
  ['client CPU, event-loop delay p99 (ms)', (s) => `${cpu(s.run.clientCpu)}, ${ms(s.run.clientLoopDelay.p99)}`],
  ['refusals and errors', (s) => fmt(s.problemCount)],
];

/** Why a server's run is not valid (a socket that did not connect, an action refused or unanswered); undefined when it is. */
export const invalidity = (name: string, steps: Steps, learnerCount: number): string | undefined => {
  if (steps.problems.length > 0) return steps.problems.map((line) => `${name}: ${line}`).join('\n');
  const { connected, run } = steps;
  if (run.measuredAnswered === run.measuredSent && connected.opened.connected === learnerCount) return undefined;
  return `${name}: connected ${connected.opened.connected} of ${learnerCount}, answered ${run.measuredAnswered} of ${run.measuredSent}`;
};
