import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../src/lib/clock';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import { createTestDatabase, type TestDatabase } from './harness';
import { startInstance } from './live-server';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two processes of one deployment on the database. */
const twoProcesses = async (database: TestDatabase, env: Record<string, string> = {}, clock?: Clock): Promise<FastifyInstance[]> => [
  (await startInstance(database, env, clock)).app,
  (await startInstance(database, env, clock)).app,
];

const guessPasswords = async (apps: readonly FastifyInstance[], token: string, attempts: number) => {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const app = apps[attempt % apps.length]!;
    const answer = await app.inject({
      method: 'POST',
      url: '/admin/user/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: `Guess-password-${attempt}`, newPassword: 'Brand-new-password-2' },
    });
    statuses.push(answer.statusCode);
  }
  return statuses;
};

const backings: { name: string; dialect: 'sqlite' | 'postgres'; env: Record<string, string> }[] = [
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', dialect: 'postgres' as const, env: {} }] : []),
  ...(redisUrl ? [{ name: 'Redis', dialect: 'sqlite' as const, env: { REDIS_URL: redisUrl } }] : []),
];

describe.each(backings)('rate limits shared by the processes of a deployment, in $name', ({ dialect, env }) => {
  let database: TestDatabase;
  let apps: FastifyInstance[];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    apps = await twoProcesses(database, env);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  it('counts guesses at a password on every process against one limit', async () => {
    const user = await createUser({
      db: database.db,
      clock: systemClock,
      email: `guess-${Math.random()}@example.test`,
      password: 'Test-password-1',
    });
    const { token } = await createToken({ db: database.db, clock: systemClock, userId: user.id, name: 'guess' });
    // Five a minute per account, wherever they are tried: alternating between two processes does not make it ten.
    expect(await guessPasswords(apps, token, 7)).toEqual([403, 403, 403, 403, 403, 429, 429]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a token revoked through one process', () => {
  let database: TestDatabase;
  let apps: FastifyInstance[];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // Their time stands still: what they remember of a token never runs out by itself.
    const now = new Date();
    apps = await twoProcesses(database, {}, { now: () => now });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  it('stops working on the others at once, not after their few seconds of remembering it', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const user = await createUser({
      db: database.db,
      clock: systemClock,
      email: `revoke-${Math.random()}@example.test`,
      password: 'Test-password-1',
    });
    const kept = await createToken({ db: database.db, clock: systemClock, userId: user.id, name: 'kept' });
    const revoked = await createToken({ db: database.db, clock: systemClock, userId: user.id, name: 'revoked' });
    const spaces = (app: FastifyInstance, token: string) =>
      app.inject({ method: 'GET', url: '/admin/space', headers: { authorization: `Bearer ${token}` } }).then((answer) => answer.statusCode);
    // The second process has the token in its memory.
    expect(await spaces(second, revoked.token)).toBe(200);
    const tokens = (
      await first.inject({ method: 'GET', url: '/admin/user/token', headers: { authorization: `Bearer ${kept.token}` } })
    ).json<{ id: string; name: string }[]>();
    const id = tokens.find((token) => token.name === 'revoked')!.id;
    expect(
      (await first.inject({ method: 'DELETE', url: `/admin/user/token/${id}`, headers: { authorization: `Bearer ${kept.token}` } }))
        .statusCode,
    ).toBe(200);
    // The second process would remember it for ever: only the news of the revocation can end it there.
    await expect.poll(() => spaces(second, revoked.token), { timeout: 30_000, interval: 50 }).toBe(401);
    expect(await spaces(second, kept.token)).toBe(200);
  });
});
