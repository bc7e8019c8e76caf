import { execFile } from 'node:child_process';
import { childEnv } from './child-processes';
import { cliJs, repoRoot } from './paths';

/** Runs the built server's CLI against the data folder named in `env`; resolves to its stdout. */
export const runCli = (args: string[], env: Record<string, string>, cli = cliJs) =>
  new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [cli, ...args], { cwd: repoRoot, env: childEnv(env), timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`cli ${args.slice(0, 2).join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve(stdout);
    });
  });

/** A new API token for the user: the CLI prints it on its last line. */
export const createToken = async (email: string, env: Record<string, string>, cli = cliJs): Promise<string> => {
  const token = (await runCli(['token', 'create', '--email', email], env, cli)).trim().split('\n').at(-1)?.trim() ?? '';
  if (!token) throw new Error('token create printed no token');
  return token;
};

/** A developer account for a benchmark's own server, and an API token of theirs. */
export const createBenchDeveloper = async (env: Record<string, string>): Promise<string> => {
  const email = 'bench@example.com';
  await runCli(['user', 'create', '--email', email, '--password', 'bench-password-0123', '--groups', 'developer'], env);
  return createToken(email, env);
};
