/**
 * Benchmark: the scenario checker on a 5,000-item scenario (the engine benchmark's), as the server
 * runs it on every save and before opening a lobby. Each round checks a fresh copy of the content
 * (the engine's index is kept per content object, so a copy is checked from nothing, as a new save
 * is), beside two baselines measured in the same run on the same copies: `scenarioProblems` (what
 * every save checks already) and one engine replay of a learner's run (startRun and 60 events).
 *
 *   npm run bench:checker                  (from the repository root; nothing to build)
 *
 * Env: BENCH_ROUNDS (checks timed, default 30), BENCH_NO_RESULTS=1 (do not touch RESULTS.md).
 */
import { applyEvent, checkScenario, runView, scenarioProblems, startRun, type RunEvent, type ScenarioContent } from '@resim/domain';
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
  const points = first.figures.points;
  const found =
    `Found: ${first.errors.length} errors, ${fmt(first.warnings.length)} warnings; points at most ${points?.max.bound ?? 'unbounded'} ` +
    `(a run found reaches ${points?.max.found.value ?? '–'}; ${points?.max.exact ? 'exact' : 'too many runs to search them all'}).`;
  console.log(table);
  console.log(`\n${found}`);
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
