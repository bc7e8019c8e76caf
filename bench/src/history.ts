/**
 * Benchmark: the version history's diff in words of two versions of a 1,000-item scenario, the
 * figure the History panel waits for. Measured in one process beside a baseline of the same run:
 * JSON.stringify and JSON.parse of the same two versions, the least any comparison of them costs.
 * The patch a save stores (`diffContent`) and reading a version back from it (`applyContentPatch`)
 * are timed beside them.
 *
 *   npm run bench:history                  (from the repository root; nothing to build)
 *
 * Env: BENCH_ROUNDS (timed repetitions of each, default 200), BENCH_WARMUP (untimed repetitions,
 * default 30), BENCH_CHANGED (items changed between the versions, default 100), BENCH_NO_RESULTS=1
 * (do not touch RESULTS.md).
 */
import { applyContentPatch, diffContent, diffVersions, scenarioContent, type ScenarioContent } from '@resim/domain';
import { runBenchmark } from './lib/child-processes';
import { fmt } from './lib/format';
import { describeMachine, machineFacts } from './lib/machine';
import { writeResultsSection } from './lib/results-file';
import { positive } from './lib/settings';

const rounds = Math.round(positive('BENCH_ROUNDS', 200));
const warmup = Math.round(positive('BENCH_WARMUP', 30));
const changed = Math.round(positive('BENCH_CHANGED', 100));
const targetMs = 100;

const requirements = (all: string[] = [], any: string[] = []) => ({ all, any, none: [] });

/** 20 stages, 50 measures, 600 tests, 200 diagnoses and 130 infos that refer to each other: 1,000 items. */
const buildScenario = (): ScenarioContent =>
  scenarioContent.parse({
    resimName: 'History benchmark',
    answers: { actions: ['act1', 'act2'], conclusions: ['conc1'] },
    stages: Array.from({ length: 20 }, (_, i) => ({ id: `stg${i + 1}`, name: `Stage ${i + 1}`, default: i === 0 })),
    measures: Array.from({ length: 50 }, (_, i) => ({ id: `measure${i + 1}`, name: `Measure ${i + 1}`, type: 1, initial: 100 })),
    actions: Array.from({ length: 600 }, (_, i) => ({
      id: `act${i + 1}`,
      name: `Test ${i + 1}`,
      stage: `stg${(i % 20) + 1}`,
      facts: `Result ${i + 1}: haemoglobin ${90 + (i % 60)} g/L, white cells ${4 + (i % 9)} ×10⁹/L; repeat if the picture changes.`,
      feedback: i % 3 === 0 ? `Feedback on test ${i + 1}.` : '',
      impact: [{ measureId: `measure${(i % 50) + 1}`, value: 5 + (i % 40) }],
      requiredActions: i % 5 === 4 ? requirements([`act${i}`]) : requirements(),
      factImages: i % 25 === 0 ? [{ id: `img${i}`, url: `/files/test-${i}.png`, description: 'Film' }] : [],
    })),
    conclusions: Array.from({ length: 200 }, (_, i) => ({
      id: `conc${i + 1}`,
      name: `Diagnosis ${i + 1}`,
      feedback: `Why diagnosis ${i + 1} is or is not right.`,
      requiredActions: requirements([], [`act${i + 1}`, `act${i + 2}`]),
      impact: [{ measureId: 'measure1', value: i % 2 === 0 ? 10 : -10 }],
    })),
    infos: Array.from({ length: 130 }, (_, i) => ({ id: `info${i + 1}`, name: `Info ${i + 1}`, text: `Information ${i + 1}.` })),
  });

/**
 * A later version: `changed` items edited across the lists (names, texts, numbers, requirements,
 * media), a tenth as many added and removed, the answer key and the name changed, two tests moved.
 */
const laterVersion = (before: ScenarioContent): ScenarioContent => {
  const actions = before.actions.map((action, i) => {
    if (i % Math.max(1, Math.floor(600 / (changed * 0.6))) !== 0) return action;
    return {
      ...action,
      name: `${action.name} (revised)`,
      feedback: `${action.feedback} Look again at the film.`,
      impact: [{ measureId: action.impact[0]!.measureId, value: action.impact[0]!.value + 5 }],
      requiredActions: requirements(['act1']),
      factImages: [...action.factImages, { id: `img-new-${i}`, url: `/files/new-${i}.png`, description: '' }],
    };
  });
  const conclusions = before.conclusions.map((conclusion, i) =>
    i % Math.max(1, Math.floor(200 / (changed * 0.3))) === 0 ? { ...conclusion, requiredActions: requirements(['act3']) } : conclusion,
  );
  const measures = before.measures.map((measure, i) =>
    i % Math.max(1, Math.floor(50 / (changed * 0.1))) === 0 ? { ...measure, initial: 250 } : measure,
  );
  const churn = Math.max(1, Math.round(changed / 10));
  const added = Array.from({ length: churn }, (_, i) => ({ ...actions[0]!, id: `act${1000 + i}`, name: `New test ${i + 1}` }));
  const kept = actions.slice(0, actions.length - churn);
  const [first, second, ...rest] = kept;
  return {
    ...before,
    resimName: 'History benchmark, March exam',
    answers: { ...before.answers, actions: ['act1', 'act3'], harmfulActions: ['act4'] },
    actions: [...rest, second!, first!, ...added],
    conclusions,
    measures,
  };
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const median = (sorted: readonly number[]) => percentile(sorted, 50);

/** What a loop hands back so that its work cannot be optimised away. */
let sink = 0;

/** Each repetition's own time in ms, sorted; the warm-up untimed. */
const time = (work: () => number): number[] => {
  for (let i = 0; i < warmup; i++) sink += work();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    sink += work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
};

const main = async () => {
  const started = new Date();
  const before = buildScenario();
  const after = laterVersion(before);
  const diff = diffVersions(before, after);
  const patch = diffContent(before, after);
  const bytes = Buffer.byteLength(JSON.stringify(before)) + Buffer.byteLength(JSON.stringify(after));
  const patchBytes = Buffer.byteLength(JSON.stringify(patch));
  if (JSON.stringify(applyContentPatch(before, patch)) !== JSON.stringify(after))
    throw new Error('the patch does not give back the later version');

  const loops = [
    {
      name: 'baseline',
      label: 'baseline: JSON.stringify + JSON.parse of both versions',
      work: () =>
        (JSON.parse(JSON.stringify(before)) as ScenarioContent).actions.length +
        (JSON.parse(JSON.stringify(after)) as ScenarioContent).actions.length,
    },
    { name: 'diff', label: 'diff in words (`diffVersions`)', work: () => diffVersions(before, after).changes.length },
    { name: 'patch', label: 'patch a save stores (`diffContent`)', work: () => Object.keys(diffContent(before, after).parts ?? {}).length },
    {
      name: 'apply',
      label: 'version read back from the patch (`applyContentPatch`)',
      work: () => Object.keys(applyContentPatch(before, patch)).length,
    },
  ] as const;
  const results = Object.fromEntries(loops.map(({ name, work }) => [name, time(work)])) as Record<(typeof loops)[number]['name'], number[]>;

  const table = [
    '| what | median (ms) | p95 (ms) | max (ms) |',
    '| --- | ---: | ---: | ---: |',
    ...loops.map(({ name, label }) => {
      const times = results[name];
      return `| ${label} | ${fmt(median(times), 2)} | ${fmt(percentile(times, 95), 2)} | ${fmt(times.at(-1) ?? 0, 2)} |`;
    }),
  ].join('\n');
  const diffMs = median(results.diff);
  const ratio = diffMs / median(results.baseline);
  const met = percentile(results.diff, 95) < targetMs ? 'met' : 'not met';
  const facts = machineFacts(started);
  const summary =
    `Diff in words of two 1,000-item versions: ${fmt(diffMs, 2)} ms median, ${fmt(percentile(results.diff, 95), 2)} ms p95 ` +
    `(target < ${targetMs} ms: ${met}); ${fmt(median(results.baseline), 2)} ms for JSON.stringify + parse of the same two versions ` +
    `in the same run (ratio ${ratio.toFixed(2)}).`;
  const versions =
    `Versions: ${fmt(before.stages.length + before.measures.length + before.actions.length + before.conclusions.length + before.infos.length)} ` +
    `items, ${fmt(bytes / 2 / 1024, 1)} KiB of JSON each; ${diff.changes.length} items and sections differ ` +
    `(${diff.changes.filter((change) => change.change === 'added').length} added, ` +
    `${diff.changes.filter((change) => change.change === 'removed').length} removed), ` +
    `${diff.changes.reduce((sum, change) => sum + change.fields.length, 0)} fields in words; the stored patch is ` +
    `${fmt(patchBytes / 1024, 1)} KiB of JSON before deflating.`;

  console.log(table);
  console.log(`\n${summary}\n${versions}`);
  // the checksum keeps the loops' work from being optimised away
  console.log(`Node ${facts.node}, ${facts.cpus} CPUs (${facts.cpuModel}), ${facts.os}, ${facts.date} (checksum ${sink % 997})`);

  if (process.env.BENCH_NO_RESULTS !== '1') {
    const block = [
      `Command: \`npm run bench:history\` (runs \`bench/src/history.ts\`). ${rounds} timed repetitions of each after ${warmup} ` +
        'untimed ones, in one process, one after the other.',
      '',
      `**${summary}**`,
      '',
      table,
      '',
      versions,
      '',
      `Machine: ${describeMachine(facts)}. Date: ${facts.date}.`,
    ].join('\n');
    writeResultsSection(
      'history',
      block,
      (current, generated) =>
        `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## Version history: the diff of two 1,000-item versions\n\n${generated}\n`,
    );
  }
};

runBenchmark(main, (error) => error.stack ?? error.message);
