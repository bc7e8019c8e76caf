/**
 * What the live-session benchmarks share around their measurements: each size's session opened on a fresh product,
 * the echo started with the product's own bytes, every size measured in turn, and the report printed and written to
 * RESULTS.md with the machine's load.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeRunDir, stopAll } from './child-processes';
import { fmt } from './format';
import { joinLearners } from './joins';
import { createLiveScenario, setStatus } from './live-scenario';
import { startEcho, startProduct } from './live-servers';
import { checkEvery, checkLiveSettings, commandText, type LiveSettings } from './live-settings';
import type { Steps } from './live-steps';
import { describeMachine, machineFacts } from './machine';
import { packageVersion } from './package-version';
import { requireBuiltServer } from './paths';
import { writeResultsSection } from './results-file';

/**
 * A fresh product with a scenario of the given mode (SimulationMode's) whose status is set to `status` (one that gives
 * it a join code), and `size` learners joined, each run standing in `phase`.
 */
export const openSession = async (
  dir: string,
  settings: LiveSettings,
  size: number,
  scenario: { name: string; mode: number; status: number; phase: 'lobby' | 'open' },
) => {
  const product = await startProduct(dir, settings);
  const id = await createLiveScenario(product.api, { name: scenario.name, mode: scenario.mode, actionCount: settings.actionCount });
  const code = await setStatus(product.api, id, scenario.status);
  if (!code) throw new Error(`the scenario has no join code at status ${scenario.status}`);
  const { joined, joins } = await joinLearners({
    base: product.base,
    code,
    count: size,
    concurrency: settings.joinConcurrency,
    phase: scenario.phase,
  });
  return { product, id, joined, joins };
};

/** The echo beside the product's run: the first snapshot the product sent, and a result delta of its typical size. */
export const startEchoAfter = async (dir: string, settings: LiveSettings, product: Steps) => {
  const typical = product.run.typicalResult;
  if (!typical) throw new Error(`the product answered no action in the measured window: ${product.problems.join('; ')}`);
  return startEcho(dir, settings, {
    greeting: product.connected.opened.greeting,
    delta: JSON.stringify((JSON.parse(typical) as { delta: unknown }).delta),
  });
};

/** One size's part of the report: its goals' verdicts, its product-vs-echo table, and lines of detail. */
export type SizeReport = { readonly verdicts: readonly string[]; readonly table: string; readonly details: readonly string[] };

type Sizes<M> = {
  readonly settings: LiveSettings;
  readonly runDirPrefix: string;
  /** measures one size in its own directory (the product, then the echo) */
  readonly measureSize: (size: number, dir: string) => Promise<M>;
  readonly report: (measured: M) => SizeReport;
  /** why a size's run is not valid (nothing, when it is) */
  readonly invalidities: (measured: M) => readonly string[];
  /** printed before the report */
  readonly title: string;
  /** the block's marker, the script as its command names it, and the section heading where RESULTS.md has no block yet */
  readonly results: {
    readonly marker: string;
    readonly scriptPath: string;
    readonly npmScripts: readonly string[];
    readonly heading: string;
  };
  /** what was measured and how, after the command in RESULTS.md */
  readonly method: string;
  /** what every valid run showed, at the block's end */
  readonly checked: string;
};

/** Measures every size in turn, prints the report and, when every size's run is valid, writes it to RESULTS.md. */
export const measureSizes = async <M>(options: Sizes<M>) => {
  const { settings } = options;
  requireBuiltServer('npm run build');
  const fileLimit = checkLiveSettings(settings);
  const started = new Date();
  const loadAtStart = os.loadavg()[0]!;
  const tmp = makeRunDir(options.runDirPrefix);
  try {
    const measured: { size: number; load: [number, number]; result: M }[] = [];
    for (const size of settings.sizes) {
      const load = os.loadavg()[0]!;
      console.log(`\n${fmt(size)} learners`);
      const dir = path.join(tmp, `size-${size}`);
      mkdirSync(dir, { recursive: true });
      const result = await options.measureSize(size, dir);
      measured.push({ size, load: [load, os.loadavg()[0]!], result });
    }

    const facts = { ...machineFacts(started), ws: packageVersion('ws') };
    const load =
      `Load average (1 min) of the machine: ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end. ` +
      `Open-file limit ${fileLimit === undefined ? 'unknown' : fmt(fileLimit)}.`;
    const reports = measured.map(({ size, load: [before, after], result }) => ({
      heading: `${fmt(size)} learners (load average ${before.toFixed(1)} → ${after.toFixed(1)})`,
      ...options.report(result),
    }));
    console.log(`\n${options.title}`);
    for (const report of reports) {
      console.log(`\n${report.heading}\nGoals: ${report.verdicts.join('; ')}.`);
      console.log(report.table);
      for (const line of report.details) console.log(line);
    }
    console.log(`\n${load}\nMachine: ${describeMachine(facts)}; ws ${facts.ws}; ${facts.date}`);

    const invalid = measured.flatMap(({ size, result }) => options.invalidities(result).map((why) => `${fmt(size)} learners, ${why}`));
    if (invalid.length > 0) throw new Error(`The run is not valid; RESULTS.md is left as it was.\n${invalid.join('\n')}`);
    if (!settings.writeResults) return;

    const { marker, scriptPath, npmScripts, heading } = options.results;
    const block = [
      `Command: ${commandText(scriptPath, npmScripts)}. ${options.method}`,
      '',
      load,
      ...reports.flatMap((report) => [
        '',
        `**${report.heading}. Goals: ${report.verdicts.join('; ')}.**`,
        '',
        report.table,
        '',
        ...report.details.map((line) => `- ${line}`),
      ]),
      '',
      `${options.checked} One result in ${checkEvery} was read in full and showed its action done as the run's next event.`,
      '',
      `Machine: ${describeMachine(facts)}; ws ${facts.ws}. Client and servers share the machine. Date: ${facts.date}.`,
    ].join('\n');
    writeResultsSection(
      marker,
      block,
      (current, generated) => `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## ${heading}\n\n${generated}\n`,
    );
  } finally {
    await stopAll();
  }
};
