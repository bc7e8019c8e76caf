/**
 * Benchmark: the simulation engine's step on a 5,000-item scenario. A step is what the server does
 * for each learner event: apply it to the run (`applyEvent`) and produce the learner's view of the
 * run after it (`runView`). Measured in this one process, on one core, beside a bare step that only
 * records the event (a set lookup and a copy of a state of the same size), in one run; applyEvent
 * alone, and runView of a state with no earlier view (a server that rebuilt the state), beside it.
 * Rates are given per second of wall-clock time and per second of this process's CPU time, since
 * a shared machine lends the process less than a core.
 *
 *   npm run bench:engine                   (from the repository root; nothing to build)
 *
 * Env: BENCH_DURATION (seconds per measured round, default 5), BENCH_WARMUP (seconds, default 2),
 * BENCH_ROUNDS (default 3), BENCH_RUNS (distinct learner runs played over and over, default 40),
 * BENCH_STEPS (events per run, default 60), BENCH_NO_RESULTS=1 (do not touch RESULTS.md).
 */
import { applyEvent, runView, startRun, type RunEvent, type RunState, type RunView, type ScenarioContent } from '@resim/domain';
import { runBenchmark } from './lib/child-processes';
import { buildScenario, itemCount, seeded } from './lib/engine-scenario';
import { fmt } from './lib/format';
import { describeMachine, machineFacts } from './lib/machine';
import { writeResultsSection } from './lib/results-file';
import { positive } from './lib/settings';

// ---------------------------------------------------------------------------------------------
// Settings

const duration = positive('BENCH_DURATION', 5);
const warmup = positive('BENCH_WARMUP', 2);
const rounds = Math.round(positive('BENCH_ROUNDS', 3));
const runCount = Math.round(positive('BENCH_RUNS', 40));
const stepsPerRun = Math.round(positive('BENCH_STEPS', 60));
const target = 10_000;

const startedAt = Date.UTC(2026, 0, 5, 9, 0, 0);

// ---------------------------------------------------------------------------------------------
// The runs played

/**
 * Learner runs recorded once, before timing, by playing the scenario as a learner would: mostly the
 * available tests of the stage they are on, the hint near the end, then diagnoses and the end.
 * Each step is 5 to 30 s after the one before.
 */
const recordRuns = (content: ScenarioContent): RunEvent[][] => {
  const random = seeded(7);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  return Array.from({ length: runCount }, () => {
    let state = startRun(content, startedAt);
    let at = startedAt;
    const events: RunEvent[] = [];
    const play = (event: RunEvent) => {
      const result = applyEvent(content, state, event);
      if (!result.ok) throw new Error(`recording a run: ${event.type} refused: ${result.error.message}`);
      state = result.state;
      events.push(event);
    };
    for (let step = 0; step < stepsPerRun - 3; step++) {
      at += 5_000 + Math.floor(random() * 25_000);
      const view = runView(content, state, at);
      const available = view.actions.filter((action) => action.availability === 'available');
      const here = available.filter((action) => action.stage === view.stage?.id);
      const chosen = pick(here.length > 0 && random() < 0.75 ? here : available);
      if (!chosen) break;
      play({ type: 'runAction', actionId: chosen.id, at });
    }
    at += 10_000;
    if (runView(content, state, at).hint) play({ type: 'takeHint', at });
    at += 10_000;
    const offered = runView(content, state, at).conclusions.filter((conclusion) => conclusion.availability === 'available');
    const chosen = [...new Set([pick(offered), pick(offered)].filter((conclusion) => conclusion !== undefined).map((c) => c.id))];
    if (chosen.length > 0) play({ type: 'confirmConclusions', conclusionIds: chosen, at });
    play({ type: 'end', at: at + 5_000 });
    return events;
  });
};

// ---------------------------------------------------------------------------------------------
// The loops

/** What a loop hands back so that its work cannot be optimised away. */
let sink = 0;

type Loop = (events: readonly RunEvent[]) => void;

/** One engine step per event: apply it, then produce the learner's view of the run after it. */
const engineLoop =
  (content: ScenarioContent): Loop =>
  (events) => {
    let state = startRun(content, startedAt);
    for (const event of events) {
      const result = applyEvent(content, state, event);
      if (!result.ok) throw new Error(`${event.type} refused: ${result.error.message}`);
      state = result.state;
      sink += runView(content, state, event.at).actions.length;
    }
  };

/** applyEvent alone. */
const applyLoop =
  (content: ScenarioContent): Loop =>
  (events) => {
    let state = startRun(content, startedAt);
    for (const event of events) {
      const result = applyEvent(content, state, event);
      if (!result.ok) throw new Error(`${event.type} refused: ${result.error.message}`);
      state = result.state;
    }
    sink += state.ran.length;
  };

/**
 * runView alone, of states seen for the first time (as after a restart, or a state rebuilt from the
 * stored events): each is a copy of a state of the recorded runs, with no earlier view to start from.
 */
const coldViewLoop =
  (content: ScenarioContent, statesOf: Map<readonly RunEvent[], RunState[]>): Loop =>
  (events) => {
    const states = statesOf.get(events) ?? [];
    for (const [i, state] of states.entries()) sink += runView(content, { ...state }, events[i]?.at ?? state.at).actions.length;
  };

/**
 * The floor: what any server must do to record an event, with nothing judged or shown. The id is
 * looked up among the scenario's ids and the state copied with the event added, as the engine's
 * state is copied.
 */
const bareLoop = (content: ScenarioContent): Loop => {
  const ids = new Set(content.actions.map((action) => action.id));
  return (events) => {
    let state: RunState = startRun(content, startedAt);
    for (const event of events) {
      const known = event.type !== 'runAction' || ids.has(event.actionId);
      state = { ...state, at: event.at, ran: known && event.type === 'runAction' ? [...state.ran, event.actionId] : state.ran };
    }
    sink += state.ran.length;
  };
};

/** Steps, wall-clock seconds, and CPU seconds of this process (its own thread, and the helper threads of garbage collection). */
type Measured = { readonly steps: number; readonly seconds: number; readonly cpuSeconds: number };

/** Plays the recorded runs through a loop, over and over, for at least `seconds`; counts the events. */
const measure = (loop: Loop, runs: readonly RunEvent[][], seconds: number): Measured => {
  let steps = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const until = start + seconds * 1000;
  let now = start;
  for (let i = 0; now < until; i++) {
    const events = runs[i % runs.length] ?? [];
    loop(events);
    steps += events.length;
    now = performance.now();
  }
  const used = process.cpuUsage(cpu);
  return { steps, seconds: (now - start) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
};

const perSecond = (m: Measured) => m.steps / m.seconds;
const perCpuSecond = (m: Measured) => m.steps / m.cpuSeconds;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Each step's own time, for the spread: the engine step timed one by one over every recorded run. */
const stepTimes = (content: ScenarioContent, runs: readonly RunEvent[][]): number[] => {
  const times: number[] = [];
  for (const events of runs) {
    let state = startRun(content, startedAt);
    for (const event of events) {
      const start = performance.now();
      const result = applyEvent(content, state, event);
      if (!result.ok) throw new Error(`${event.type} refused: ${result.error.message}`);
      state = result.state;
      sink += runView(content, state, event.at).actions.length;
      times.push((performance.now() - start) * 1000);
    }
  }
  return times.sort((a, b) => a - b);
};
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

// ---------------------------------------------------------------------------------------------
// The benchmark

const main = async () => {
  const started = new Date();
  const buildStart = performance.now();
  const content = buildScenario();
  const buildMs = performance.now() - buildStart;
  const firstViewStart = performance.now();
  const firstView = runView(content, startRun(content, startedAt), startedAt);
  // the scenario's index and listing plan are built on first use, once per content
  const firstViewMs = performance.now() - firstViewStart;
  const runs = recordRuns(content);

  const statesOf = new Map<readonly RunEvent[], RunState[]>();
  let lastView: RunView = firstView;
  let unlockedAtEnd = 0;
  for (const events of runs) {
    let state = startRun(content, startedAt);
    const states: RunState[] = [];
    for (const event of events) {
      const result = applyEvent(content, state, event);
      if (!result.ok) throw new Error(`${event.type} refused: ${result.error.message}`);
      state = result.state;
      states.push(state);
    }
    statesOf.set(events, states);
    unlockedAtEnd += state.unlocked.length;
    const before = states.at(-2);
    if (before) lastView = runView(content, before, before.at);
  }
  const events = runs.reduce((sum, run) => sum + run.length, 0);
  const viewBytes = Buffer.byteLength(JSON.stringify(lastView));

  const loops = [
    { name: 'bare', label: 'bare step (set lookup + state copy)', loop: bareLoop(content) },
    { name: 'engine', label: 'engine step (applyEvent + runView)', loop: engineLoop(content) },
    { name: 'apply', label: 'applyEvent alone', loop: applyLoop(content) },
    { name: 'cold', label: 'runView alone, of a state not viewed before', loop: coldViewLoop(content, statesOf) },
  ] as const;

  console.log(
    `Scenario: ${fmt(itemCount(content))} items (${content.stages.length} stages, ${fmt(content.actions.length)} tests, ` +
      `${content.conclusions.length} diagnoses), built in ${fmt(buildMs)} ms; first view (index and plan built) ${fmt(firstViewMs, 1)} ms`,
  );
  console.log(
    `Runs: ${runs.length} recorded, ${fmt(events)} events (${fmt(events / runs.length, 1)} per run, ` +
      `${fmt(unlockedAtEnd / runs.length, 1)} stages unlocked at the end on average); view before the end ${fmt(viewBytes / 1024, 1)} KiB as JSON`,
  );
  console.log(`Warm-up: ${warmup} s each`);
  for (const { loop } of loops) measure(loop, runs, warmup);

  const results: Record<(typeof loops)[number]['name'], Measured[]> = { bare: [], engine: [], apply: [], cold: [] };
  for (let round = 1; round <= rounds; round++) {
    for (const { name, loop } of loops) {
      const measured = measure(loop, runs, duration);
      results[name].push(measured);
      console.log(
        `  round ${round} ${name.padEnd(6)} ${fmt(perSecond(measured)).padStart(12)} steps/s  ` +
          `${fmt(perCpuSecond(measured)).padStart(12)} steps/CPU-s  (${fmt(measured.steps)} steps)`,
      );
    }
  }
  const times = stepTimes(content, runs);

  const rate = (name: keyof typeof results) => mean(results[name].map(perSecond));
  const cpuRate = (name: keyof typeof results) => mean(results[name].map(perCpuSecond));
  const engineRate = rate('engine');
  const ratio = engineRate / rate('bare');
  const met = engineRate >= target ? 'met' : 'not met';
  const facts = machineFacts(started);

  const row = (label: string, name: keyof typeof results) =>
    `| ${label} | ${fmt(rate(name))} | ${fmt(1e6 / rate(name), 2)} | ${fmt(cpuRate(name))} | ` +
    `${fmt(results[name].reduce((sum, m) => sum + m.steps, 0))} |`;
  const table = [
    '| loop | steps/s | µs per step | steps per CPU-second | steps measured |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...loops.map(({ label, name }) => row(label, name)),
  ].join('\n');
  const spread =
    `Engine step one by one (${fmt(times.length)} steps, timer included): p50 ${fmt(percentile(times, 50), 1)} µs, ` +
    `p99 ${fmt(percentile(times, 99), 1)} µs, max ${fmt(times.at(-1) ?? 0, 1)} µs.`;

  console.log('');
  console.log(table);
  console.log(`\n${spread}`);
  console.log(`Engine steps: ${fmt(engineRate)}/s (target ≥ ${fmt(target)}: ${met}); ratio engine / bare ${ratio.toFixed(4)}`);
  // the checksum keeps the loops' work from being optimised away
  console.log(`Node ${facts.node}, ${facts.cpus} CPUs (${facts.cpuModel}), ${facts.os}, ${facts.date} (checksum ${sink % 997})`);

  if (process.env.BENCH_NO_RESULTS !== '1') {
    const block = [
      `Command: \`npm run bench:engine\` (runs \`bench/src/engine.ts\`; \`npm run bench\` runs it too). ${rounds} rounds, each ` +
        `playing the recorded runs through every loop for ${duration} s in turn, after a ${warmup} s warm-up of each; one process, one core. ` +
        'Rates: mean of the rounds, per second of wall-clock time and per second of the process CPU time.',
      '',
      `**Engine step (applyEvent + runView): ${fmt(engineRate)} steps/s (target ≥ ${fmt(target)}: ${met}); ` +
        `${fmt(rate('bare'))} bare steps/s in the same run (ratio ${ratio.toFixed(4)}).**`,
      '',
      table,
      '',
      spread,
      '',
      `Scenario: ${fmt(itemCount(content))} items: ${content.stages.length} stages (a chain, the last an antibody panel), ` +
        `${fmt(content.actions.length)} tests, ${content.conclusions.length} diagnoses, ${content.measures.length} measures ` +
        `(points, cost, elapsed, countdown), ${content.infos.length} infos, ${content.baseline.length} baseline entries; built in ` +
        `${fmt(buildMs)} ms, first view (index and plan built) ${fmt(firstViewMs, 1)} ms. Runs: ${runs.length} recorded learner runs of ` +
        `${fmt(events / runs.length, 1)} events (tests of the current stage mostly, the hint, diagnoses, the end), ` +
        `${fmt(unlockedAtEnd / runs.length, 1)} stages unlocked at the end on average; a view late in a run is ` +
        `${fmt(viewBytes / 1024, 1)} KiB as JSON.`,
      '',
      `Machine: ${describeMachine(facts)}. Date: ${facts.date}.`,
    ].join('\n');
    writeResultsSection(
      'engine',
      block,
      (current, generated) => `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## Engine\n\n${generated}\n`,
    );
  }
};

runBenchmark(main, (error) => error.stack ?? error.message);
