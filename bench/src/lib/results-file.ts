import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
