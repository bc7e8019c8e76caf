/** What the live-session benchmarks (self-paced and Realtime) are set with, and the checks that stop a run that cannot work. */
import { fmt } from './format';
import { openFileLimit } from './proc';
import { optionalPath, positive, positiveList } from './settings';

/** The settings from the environment; `defaults` are a benchmark's own where it measures less than the rest. */
export const liveSettings = (defaults: { sizes?: number[]; rate?: number; duration?: number } = {}) => {
  if (process.env.BENCH_LEARNERS) throw new Error('BENCH_LEARNERS is no longer read: set BENCH_SIZES instead (e.g. BENCH_SIZES=5000)');
  return {
    /** learners of each measured session, one after another */
    sizes: positiveList('BENCH_SIZES', defaults.sizes ?? [2000, 5000, 10_000]),
    /** actions per second over all learners */
    rate: positive('BENCH_RATE', defaults.rate ?? 2000),
    /** measured seconds, after `warmup` seconds of the same load */
    duration: positive('BENCH_DURATION', defaults.duration ?? 30),
    warmup: positive('BENCH_WARMUP', 3),
    /** actions in the scenario; each learner runs each at most once */
    actionCount: Math.round(positive('BENCH_ACTIONS', 100)),
    joinConcurrency: Math.round(positive('BENCH_JOIN_CONCURRENCY', 50)),
    connectConcurrency: Math.round(positive('BENCH_CONNECT_CONCURRENCY', 50)),
    /** the product server is run with --cpu-prof and writes its profiles there, the echo's in its `echo` folder */
    cpuProfileDir: optionalPath('BENCH_CPU_PROF'),
    /** given to the product server's node (e.g. --max-semi-space-size=64) */
    nodeFlags: (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    writeResults: process.env.BENCH_NO_RESULTS !== '1',
  };
};
export type LiveSettings = ReturnType<typeof liveSettings>;

/** A server that fell behind is waited for while its answers keep coming, up to this long after the last send. */
export const drain = { quietMs: 10_000, maxMs: 120_000 };
/** A socket is given up if its first snapshot takes longer. */
export const connectTimeoutMs = 120_000;
/** One result in this many is read in full and checked (the rest by their first bytes only, to keep the client light). */
export const checkEvery = 97;

/**
 * Stops at once, saying what to change, when the sizes cannot run here: both servers and this process hold a socket
 * per learner (the open-file limit is checked, not raised), and each learner runs each action at most once.
 */
export const checkLiveSettings = (settings: LiveSettings) => {
  const largest = Math.max(...settings.sizes);
  const limit = openFileLimit();
  const needed = largest + 200;
  if (limit !== undefined && limit < needed) {
    throw new Error(
      `The open-file limit (ulimit -n) is ${limit}, and ${fmt(largest)} learners need at least ${fmt(needed)} ` +
        `in this process and in each server. Raise it for this shell only (ulimit -n ${needed}, within the hard limit ` +
        `that ulimit -Hn shows) or measure fewer learners (BENCH_SIZES).`,
    );
  }
  const smallest = Math.min(...settings.sizes);
  const seconds = settings.warmup + settings.duration;
  const perLearner = Math.ceil((settings.rate * seconds) / smallest);
  if (perLearner > settings.actionCount) {
    throw new Error(
      `${fmt(settings.rate)} actions/s for ${seconds} s over ${fmt(smallest)} learners is ${perLearner} actions each, ` +
        `but each of the scenario's ${settings.actionCount} actions can be run once: raise BENCH_ACTIONS or the ` +
        `smallest of BENCH_SIZES, or lower BENCH_RATE or BENCH_DURATION.`,
    );
  }
  return limit;
};

/**
 * The whole run's time limit: per size, setting up (the CLI hashes a password, the servers start) and, allowing 50 ms
 * a learner (joins have come at 50–110 a second on a busy machine), joining and connecting to both servers; the product's and the echo's load with their drain and the
 * closing of the sockets; what the script does besides (`extraSeconds`); slack.
 */
export const liveBudgetMs = (settings: LiveSettings, extraSeconds: (size: number) => number) =>
  settings.sizes.reduce(
    (sum, size) =>
      sum + (120 + (size * 50) / 1000 + 2 * (settings.warmup + settings.duration + drain.maxMs / 1000 + 20) + extraSeconds(size)) * 1000,
    60_000,
  );

/** The command as it was run, the npm script or tsx after the settings given in the environment, as Markdown. */
export const commandText = (scriptPath: string, npmScripts: readonly string[]) => {
  const script = process.env.npm_lifecycle_event;
  const settings = Object.entries(process.env)
    .filter(([name, value]) => name.startsWith('BENCH_') && name !== 'BENCH_NO_RESULTS' && value)
    .map(([name, value]) => `${name}=${value}`)
    .sort();
  const viaNpm = script !== undefined && npmScripts.includes(script);
  const command = [...settings, viaNpm ? `npm run ${script}` : `npx tsx ${scriptPath}`].join(' ');
  return viaNpm ? `\`${command}\` (runs \`${scriptPath}\`)` : `\`${command}\``;
};
