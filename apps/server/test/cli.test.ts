import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { findUserByEmail } from '../src/modules/users/users.repository';
import { createUser } from '../src/modules/users/users.service';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resim-cli-'));

/** The command-line tool, run as people run it, on a data folder of its own. */
const cli = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

describe('command-line tool', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, creates users and tokens, and seeds a demo space', async () => {
    expect((await cli('migrate')).stdout).toMatch(/Applied: 0001-initial|up to date/);
    const created = await cli('user', 'create', '--email', 'Cli@Example.test', '--password', 'Cli-password-1', '--groups', 'developer,lab');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('cli@example.test');
    expect((await cli('user', 'create', '--email', 'empty@example.test', '--password', 'Cli-password-1', '--groups', '')).code).toBe(0);

    const token = await cli('token', 'create', '--email', 'cli@example.test');
    expect(token.code).toBe(0);
    expect(token.stdout.trim().split('\n').at(-1)).toMatch(/^rsm_[\w-]{40,}$/);

    const seeded = await cli('seed', '--email', 'cli@example.test');
    expect(seeded.stdout).toMatch(/Seeded space \S+ with scenario \S+/);
  });

  it('prints a one-use password link for a user, as the outbox no longer shows one', async () => {
    const link = await cli('user', 'link', '--email', 'cli@example.test');
    expect(link.code).toBe(0);
    expect(link.stdout.trim()).toMatch(/^http:\/\/\S+\/account\/reset\/[\w-]{20,}$/);
    expect((await cli('user', 'link', '--email', 'nobody@example.test')).stderr).toContain('No user with email');
  });

  it('counts an invited user’s address as proved', async () => {
    const handle = createDatabase({ url: undefined, dataDir, schema: undefined });
    try {
      await createUser({ db: handle.db, clock: systemClock, email: 'invited@example.test' });
      const verified = await cli('user', 'verify', '--email', 'invited@example.test');
      expect(verified.code).toBe(0);
      expect(verified.stdout).toContain('invited@example.test counts as proved');
      expect((await findUserByEmail(handle.db, 'invited@example.test'))!.email_verified_at).not.toBeNull();
      expect((await cli('user', 'verify', '--email', 'invited@example.test')).stdout).toContain('already proved');
      expect((await cli('user', 'verify', '--email', 'nobody@example.test')).stderr).toContain('No user with email');
    } finally {
      await closeDatabase(handle.db);
    }
  });

  it('explains what is wrong with a command', async () => {
    const duplicate = await cli('user', 'create', '--email', 'cli@example.test', '--password', 'Cli-password-1');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
    const weak = await cli('user', 'create', '--email', 'weak@example.test', '--password', 'short');
    expect(weak.stderr).toContain('at least 10 characters');
    const missing = await cli('token', 'create');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--email is required');
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: frobnicate');
    expect((await cli('token', 'create', '--email', 'nobody@example.test')).stderr).toContain('No user with email');
  });

  it("resets a user's multi-factor sign-in", async () => {
    const reset = await cli('mfa', 'reset', '--email', 'cli@example.test');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('had no multi-factor sign-in');
    const nobody = await cli('mfa', 'reset', '--email', 'nobody@example.test');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No user with email');
    expect((await cli('mfa', 'reset')).stderr).toContain('--email is required');
  });

  it('backs up the database and the files while the server writes, into a new folder only', async () => {
    const handle = createDatabase({ url: undefined, dataDir, schema: undefined });
    const backup = path.join(dataDir, 'backups', 'monday');
    try {
      fs.mkdirSync(path.join(dataDir, 'files', 'ab'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'files', 'ab', 'scan.png'), Buffer.alloc(2048, 7));
      // Another connection keeps writing meanwhile, as a running server does.
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing) {
          await createUser({ db: handle.db, clock: systemClock, email: `busy-${written}@example.test` });
          written += 1;
          // A turn of the event loop between writes, so that the command's answer is heard.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const done = await cli('backup', '--to', backup);
      writing = false;
      await writer;
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout).toMatch(/Database: [\d.]+ MB into .*resim\.sqlite\nFiles: 1 into/);
      expect(written).toBeGreaterThan(0);
      // A whole database, as of a moment during the writes: it opens, checks out and holds the users made before.
      const copy = new SQLite(path.join(backup, 'resim.sqlite'), { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        const emails = (copy.prepare('select email from users').all() as { email: string }[]).map((row) => row.email);
        expect(emails).toContain('cli@example.test');
        expect(emails.filter((email) => email.startsWith('busy-')).length).toBeLessThanOrEqual(written);
      } finally {
        copy.close();
      }
      expect(fs.readFileSync(path.join(backup, 'files', 'ab', 'scan.png'))).toEqual(Buffer.alloc(2048, 7));

      const again = await cli('backup', '--to', backup);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('is not empty: back up into a new folder');
      expect((await cli('backup')).stderr).toContain('--to is required');
    } finally {
      await closeDatabase(handle.db);
    }
  });

  it('refuses a bad configuration with the reason', async () => {
    const { code, stderr } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'migrate'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(code).toBe(1);
    expect(stderr).toContain('DATABASE_URL: must be a postgres:// URL');
  });
});
