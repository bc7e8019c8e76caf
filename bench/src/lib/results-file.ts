import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeMachine, machineFacts } from './machine';
import { repoRoot, resultsFile } from './paths';

/**
 * Replaces the block of RESULTS.md between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`, keeping the
 * hand-written text around it. Without both markers the file is what `withoutMarkers` makes of its current text
 * (undefined when there is no file yet) and the marked block. Says where it wrote.
 */
export const writeResultsSection = (
  name: string,
  block: string,
  withoutMarkers: (current: string | undefined, generated: string) => string,
) => {
  const startMarker = `<!-- bench:${name}:start -->`;
  const endMarker = `<!-- bench:${name}:end -->`;
  const generated = `${startMarker}\n${block}\n${endMarker}`;
  const current = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : undefined;
  const start = current?.indexOf(startMarker) ?? -1;
  const end = current?.indexOf(endMarker) ?? -1;
  const next =
    current !== undefined && start >= 0 && end > start
      ? current.slice(0, start) + generated + current.slice(end + endMarker.length)
      : withoutMarkers(current, generated);
  writeFileSync(resultsFile, next);
  console.log(`\nWrote ${path.relative(repoRoot, resultsFile)}`);
};

/** A results block's closing lines: the machine's load at the start and now, and what the machine is. */
export const machineLines = (loadBefore: number, started: Date): string[] => {
  const facts = machineFacts(started);
  return [
    `Load average (1 min) of the machine: ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.`,
    '',
    `Machine: ${describeMachine(facts)}. Date: ${facts.date}.`,
  ];
};

/** For writeResultsSection: a file without the block's markers gets it at its end, under `title`. */
export const appendedUnder =
  (title: string) =>
  (current: string | undefined, generated: string): string =>
    `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## ${title}\n\n${generated}\n`;
