import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { benchDir, repoRoot } from './paths';

/** The installed version of a package, for the results: bench's own node_modules first, as Node resolves it. */
export const packageVersion = (dir: string): string => {
  for (const base of [path.join(benchDir, 'node_modules'), path.join(repoRoot, 'node_modules')]) {
    const file = path.join(base, dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
};
