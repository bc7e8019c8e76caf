import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Resolved from this file, not the working directory, so the benchmarks run from anywhere.
export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = path.resolve(benchDir, '..');
export const serverJs = path.join(repoRoot, 'apps/server/dist/server.js');
export const cliJs = path.join(repoRoot, 'apps/server/dist/cli.js');
export const resultsFile = path.join(benchDir, 'RESULTS.md');

/** Fails early, naming the command that builds what is missing, rather than when a child cannot start. */
export const requireBuiltServer = (buildCommand: string) => {
  for (const file of [serverJs, cliJs]) {
    if (!existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: run "${buildCommand}" first`);
  }
};
