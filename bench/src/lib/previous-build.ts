import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths';

export type PreviousBuild = { readonly commit: string; readonly serverJs: string; readonly cliJs: string };

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: '' } });

/**
 * The product as built from an earlier commit, to measure beside this one in the same run: its
 * files taken with `git archive` (no worktree to clean up), installed and built once, and kept
 * under the system's temporary folder by commit, so that the next run starts at once.
 */
export const previousBuild = (revision: string): PreviousBuild => {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${revision}^{commit}`], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const dir = path.join(os.tmpdir(), `resim-previous-${commit.slice(0, 12)}`);
  const built = { commit, serverJs: path.join(dir, 'apps/server/dist/server.js'), cliJs: path.join(dir, 'apps/server/dist/cli.js') };
  if (existsSync(built.serverJs) && existsSync(path.join(dir, 'apps/web/dist/index.html'))) return built;
  console.log(`  building the previous build (${commit.slice(0, 12)}) in ${dir}: installs and builds once, a few minutes`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: repoRoot, stdio: 'inherit' });
  run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  run('npm', ['run', 'build'], dir);
  return built;
};
