/** What the tests of a deployment share: spawned processes on a PostgreSQL schema of their own, an author's API, a scenario, anonymous learners. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { closeDatabase, createDatabase, type Database } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { randomSecret } from '../src/lib/ids';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A schema of its own on the test database for processes to share, read directly by the test too; `drop` removes it. */
export const createSchema = async (prefix: string) => {
  const schema = `${prefix}_${randomSecret(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const direct = createDatabase({ url: testDatabaseUrl, dataDir: os.tmpdir(), schema });
  return {
    schema,
    /** the schema's tables, once a process has migrated them */
    db: direct.db,
    query: <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => admin.query<Row>(text, values),
    drop: async () => {
      await closeDatabase(direct.db);
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
};

/** Temp folders (each process's DATA_DIR), removed together. */
export const tempFolders = (prefix: string) => {
  const made: string[] = [];
  return {
    make: (): string => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    removeAll: () => {
      for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

export type Api = <T>(method: string, route: string, body?: unknown) => Promise<T>;

/** A new author's API token, and calls with it to `base` (a process or the balancer); a call that is not answered 2xx throws. */
export const authorApi = async (db: Database, base: string, email: string): Promise<Api> => {
  const author = await createUser({ db, clock: systemClock, email, password: 'Test-password-1' });
  const { token } = await createToken({ db, clock: systemClock, userId: author.id, name: 'test' });
  return async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
};

/** A scenario of `actionCount` actions without requirements in a new space, set to `status` (1 lobby, 2 open); its id and join code. */
export const openScenario = async (api: Api, options: { name: string; mode: 1 | 2; actionCount: number; status: 1 | 2 }) => {
  const space = await api<{ id: string }>('POST', '/admin/space', { description: options.name });
  const created = await api<{ id: string; revision: number }>('POST', '/admin/resim/new', { groupId: space.id });
  await api('PATCH', `/admin/resim/${created.id}`, {
    revision: created.revision,
    details: { resimName: options.name, mode: options.mode, allowAnonymous: true, allowSignin: true },
    stages: [{ id: 'stg1', name: 'Ward', default: true }],
    measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
    actions: Array.from({ length: options.actionCount }, (_, at) => ({
      id: `act${at + 1}`,
      name: `Test ${at + 1}`,
      stage: 'stg1',
      facts: `result ${at + 1}`,
      impact: [{ measureId: 'points', value: 1 }],
    })),
  });
  const { code } = await api<{ code: string }>('POST', `/admin/control/${created.id}/${options.status}`);
  return { resimId: created.id, code };
};

/** Joins anonymously with a nickname, as a phone does; the run's socket address on any server. */
export const joinAnonymously = async (base: string, code: string, nickname: string) => {
  const response = await fetch(`${base}/learn/join/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname }),
  });
  if (!response.ok) throw new Error(`join ${code}: ${response.status} ${await response.text()}`);
  const joined = (await response.json()) as { gameId: string; runToken: string };
  return {
    ...joined,
    socketUrl: (server: string) =>
      `${server.replace('http', 'ws')}/learn/socket?game=${encodeURIComponent(joined.gameId)}&token=${encodeURIComponent(joined.runToken)}`,
  };
};
