/**
 * Benchmark: the scenario checker on a 5,000-item scenario (the engine benchmark's), as the server
 * runs it on every save and before opening a lobby. Each round checks a fresh copy of the content
 * (the engine's index is kept per content object, so a copy is checked from nothing, as a new save
 * is), beside two baselines measured in the same run on the same copies: `scenarioProblems` (what
 * every save checks already) and one engine replay of a learner's run (startRun and 60 events).
 *
 * Then how long a check holds the event loop at most, as the server runs it (a slice at a time,
 * `finishInSlices`) beside the check run through at once, on the 5,000 items and on a scenario of
 * 100 tests a learner may run in any order (whose search of runs is the longest).
 *
 *   npm run bench:checker                  (from the repository root; nothing to build)
 *
 * Env: BENCH_ROUNDS (checks timed, default 30), BENCH_NO_RESULTS=1 (do not touch RESULTS.md).
 */
import {
  applyEvent,
  checkingScenario,
  checkScenario,
  runView,
  scenarioContent,
  scenarioProblems,
  startRun,
  type RunEvent,
  type ScenarioContent,
} from '@resim/domain';
import { finishInSlices } from '../../apps/server/src/lib/slices';
import { runBenchmark } from './lib/child-processes';
import { buildScenario, itemCount, seeded } from './lib/engine-scenario';
import { fmt } from './lib/format';
import { describeMachine, machineFacts } from './lib/machine';
import { writeResultsSection } from './lib/results-file';
import { positive } from './lib/settings';

const rounds = Math.round(positive('BENCH_ROUNDS', 30));
const target = 200;
const steps = 60;

/** What a loop hands back so that its work cannot be optimised away. */
let sink = 0;

/** A learner's run recorded once: available tests picked at random, 5 s apart, then the end. */
const recordRun = (content: ScenarioContent): RunEvent[] => {
  const random = seeded(7);
  let state = startRun(content, 0);
  const events: RunEvent[] = [];
  for (let step = 1; step < steps; step++) {
    const available = runView(content, state, step * 5_000).actions.filter((action) => action.availability === 'available');
    const chosen = available[Math.floor(random() * available.length)];
    if (!chosen) break;
    const event: RunEvent = { type: 'runAction', actionId: chosen.id, at: step * 5_000 };
    const result = applyEvent(content, state, event);
    if (!result.ok) throw new Error(`recording a run: ${result.error.message}`);
    state = result.state;
    events.push(event);
  }
  events.push({ type: 'end', at: steps * 5_000 });
  return events;
};

const replay = (content: ScenarioContent, events: readonly RunEvent[]) => {
  let state = startRun(content, 0);
  for (const event of events) {
    const result = applyEvent(content, state, event);
    if (!result.ok) throw new Error(`${event.type} refused: ${result.error.message}`);
    state = result.state;
  }
  sink += state.ran.length;
};

const timed = (work: () => void): number => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

/** A scenario of `count` tests without requirements, each worth a point, and two diagnoses: runs in every order. */
const wideScenario = (count: number): ScenarioContent =>
  scenarioContent.parse({
    resimName: 'Wide',
    stages: [{ id: 'stg1', name: 'Ward', default: true }],
    measures: [{ id: 'points', name: 'Points', type: 7, initial: 0 }],
    actions: Array.from({ length: count }, (_, at) => ({
      id: `act${at + 1}`,
      name: `Test ${at + 1}`,
      stage: 'stg1',
      impact: [{ measureId: 'points', value: 1 }],
    })),
    conclusions: [
      { id: 'conc1', name: 'Diagnosis 1', stage: 'stg1' },
      { id: 'conc2', name: 'Diagnosis 2', stage: 'stg1' },
    ],
  });

/** The longest the event loop waited for a turn while `work` ran: a probe takes every turn it is given. */
const longestHold = async (work: () => Promise<unknown>): Promise<number> => {
  let last = performance.now();
  let longest = 0;
  let probing = true;
  const probe = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  await work();
  probing = false;
  longest = Math.max(longest, performance.now() - last);
  return longest;
};

/** Each way of checking a scenario, timed whole and by its longest hold of the event loop, over fresh copies. */
const holds = async (content: ScenarioContent, count: number) => {
  const result = { whole: [] as number[], wholeHold: [] as number[], sliced: [] as number[], slicedHold: [] as number[] };
  for (let round = 0; round < count + 2; round++) {
    const [atOnce, inSlices] = [structuredClone(content), structuredClone(content)];
    let whole = 0;
    const wholeHold = await longestHold(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      whole = timed(() => {
        sink += checkScenario(atOnce).warnings.length;
      });
    });
    const started = performance.now();
    const slicedHold = await longestHold(async () => {
      sink += (await finishInSlices(checkingScenario(inSlices))).warnings.length;
    });
    const sliced = performance.now() - started;
    if (round < 2) continue;
    result.whole.push(whole);
    result.wholeHold.push(wholeHold);
    result.sliced.push(sliced);
    result.slicedHold.push(slicedHold);
  }
  return result;
};

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const most = (values: readonly number[]) => Math.max(...values);

const main = async () => {
  const started = new Date();
  const content = buildScenario();
  const events = recordRun(content);
  const first = checkScenario(structuredClone(content));
  const times = { checker: [] as number[], problems: [] as number[], replay: [] as number[] };
  for (let round = 0; round < rounds + 3; round++) {
    // a fresh copy for each, so that no index or listing built for another is reused
    const [forChecker, forProblems, forReplay] = [structuredClone(content), structuredClone(content), structuredClone(content)];
    const checker = timed(() => {
      sink += checkScenario(forChecker).warnings.length;
    });
    const problems = timed(() => {
      sink += scenarioProblems(forProblems).length;
    });
    const replayed = timed(() => replay(forReplay, events));
    // the first rounds warm the code up
    if (round < 3) continue;
    times.checker.push(checker);
    times.problems.push(problems);
    times.replay.push(replayed);
  }
  const holdRounds = Math.max(5, Math.round(rounds / 3));
  const loops = [
    { label: `${fmt(itemCount(content))} items`, ...(await holds(content, holdRounds)) },
    { label: '100 tests in any order', ...(await holds(wideScenario(100), holdRounds)) },
  ];
  const checkerMs = median(times.checker);
  const met = checkerMs < target ? 'met' : 'not met';
  const facts = machineFacts(started);
  const row = (label: string, values: readonly number[]) => `| ${label} | ${fmt(median(values), 1)} | ${fmt(most(values), 1)} |`;
  const table = [
    '| work, on a fresh copy of the scenario | median (ms) | slowest (ms) |',
    '| --- | ---: | ---: |',
    row('checkScenario', times.checker),
    row('scenarioProblems (every save)', times.problems),
    row(`one engine replay (startRun and ${events.length} events)`, times.replay),
  ].join('\n');
  const loopRow = (loop: (typeof loops)[number]) =>
    `| ${loop.label} | ${fmt(median(loop.whole), 1)} | ${fmt(median(loop.wholeHold), 1)} / ${fmt(most(loop.wholeHold), 1)} | ` +
    `${fmt(median(loop.sliced), 1)} | ${fmt(median(loop.slicedHold), 1)} / ${fmt(most(loop.slicedHold), 1)} | ` +
    `${fmt(median(loop.slicedHold) / median(loop.wholeHold), 2)}× |`;
  const loopTable = [
    '| scenario | at once: check (ms) | at once: longest hold, median / most (ms) | in slices: check (ms) | ' +
      'in slices: longest hold, median / most (ms) | hold in slices / at once |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...loops.map(loopRow),
  ].join('\n');
  const points = first.figures.points;
  const found =
    `Found: ${first.errors.length} errors, ${fmt(first.warnings.length)} warnings; points at most ${points?.max.bound ?? 'unbounded'} ` +
    `(a run found reaches ${points?.max.found.value ?? '–'}; ${points?.max.exact ? 'exact' : 'too many runs to search them all'}).`;
  console.log(table);
  console.log(`\n${found}`);
  console.log(`\nThe event loop during a check (${holdRounds} rounds each):\n${loopTable}`);
  console.log(`Checker: ${fmt(checkerMs, 1)} ms median (target < ${target} ms: ${met}); checksum ${sink % 997}`);

  if (process.env.BENCH_NO_RESULTS !== '1') {
    const block = [
      `Command: \`npm run bench:checker\` (runs \`bench/src/checker.ts\`). ${rounds} timed rounds after 3 of warm-up, each on fresh copies of the scenario; one process.`,
      '',
      `**checkScenario on ${fmt(itemCount(content))} items: ${fmt(checkerMs, 1)} ms median (target < ${target} ms: ${met}); ` +
        `scenarioProblems ${fmt(median(times.problems), 1)} ms and one engine replay ${fmt(median(times.replay), 1)} ms in the same run.**`,
      '',
      table,
      '',
      found,
      '',
      `How long a check holds the event loop at most, as the server runs it (a slice at a time) beside the check run ` +
        `through at once, on fresh copies, ${holdRounds} rounds each (a probe takes every turn of the loop it is given):`,
      '',
      loopTable,
      '',
      `Machine: ${describeMachine(facts)}. Date: ${facts.date}.`,
    ].join('\n');
    writeResultsSection(
      'checker',
      block,
      (current, generated) =>
        `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## Scenario checker: 5,000 items\n\n` +
        '`bench/src/checker.ts` checks the engine benchmark’s 5,000-item scenario (`bench/src/lib/engine-scenario.ts`) with the ' +
        'domain’s `checkScenario`, as the server does on every save and before opening it to learners: what no run can reach, ' +
        'the warnings, and the runs searched through the engine for the points, the shortest diagnosis and the key’s path (the ' +
        'search stops after a number of events spread over the scenario’s size, and the figures then say "at least" and "at ' +
        'most"). Beside it, on the same copies in the same run: `scenarioProblems` and one engine replay of a learner’s run.\n\n' +
        `${generated}\n`,
    );
  }
};

runBenchmark(main, (error) => error.stack ?? error.message);
