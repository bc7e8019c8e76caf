import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT, generateKeyPair, importJWK, type JWK } from 'jose';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/config';
import { closeDatabase, createDatabase, type Database, type Dialect } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Tables } from '../src/db/schema';
import { loadIssuerSecrets } from '../src/identity/issuer/keys';
import { systemClock, type Clock } from '../src/lib/clock';
import { randomSecret } from '../src/lib/ids';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import type { UserRow } from '../src/db/schema';

/** Every integration test runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL names one. */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export type TestDatabase = {
  db: Database;
  dialect: Dialect;
  dataDir: string;
  url: string | undefined;
  schema: string | undefined;
  drop: () => Promise<void>;
};

/** A fresh, migrated database: a temp SQLite file, or a PostgreSQL schema of its own. */
export const createTestDatabase = async (dialect: Dialect, options: { plugins?: readonly KyselyPlugin[] } = {}): Promise<TestDatabase> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resim-test-'));
  let url: string | undefined;
  let schema: string | undefined;
  if (dialect === 'postgres') {
    url = process.env.TEST_DATABASE_URL!;
    schema = `test_${randomSecret(6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const handle = createDatabase({ url, dataDir, schema, ...(options.plugins ? { plugins: options.plugins } : {}) });
  const { db } = handle;
  await migrateToLatest(handle);
  return {
    db,
    dialect,
    dataDir,
    url,
    schema,
    drop: async () => {
      await closeDatabase(db);
      if (schema) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export const testPublicUrl = 'http://localhost:8080';

export const testConfig = (dataDir: string, env: Record<string, string> = {}): Config =>
  loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: testPublicUrl, LOG_LEVEL: 'silent', ...env });

export type TestUser = { user: UserRow; token: string; auth: { authorization: string } };

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  dialect: Dialect;
  config: Config;
  /** a user with a personal API token */
  user: (email: string, groups?: string) => Promise<TestUser>;
  /** an access token signed by the embedded issuer's own key */
  accessToken: (user: UserRow, options?: { expiresIn?: string | number; groups?: string[]; key?: 'issuer' | 'forged' }) => Promise<string>;
  /** every row of every table, to show a refused request wrote nothing */
  snapshot: () => Promise<string>;
  close: () => Promise<void>;
};

export const createTestApp = async (dialect: Dialect, env: Record<string, string> = {}, clock?: Clock): Promise<TestApp> => {
  const database = await createTestDatabase(dialect);
  const config = testConfig(database.dataDir, env);
  const app = await buildApp({
    config,
    db: database.db,
    dialect,
    logger: false,
    webDist: path.join(database.dataDir, 'no-web'),
    ...(clock ? { clock } : {}),
  });
  await app.ready();
  const { db } = database;
  let forged: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'] | undefined;

  return {
    app,
    db,
    dialect,
    config,
    user: async (email, groups = '') => {
      const user = await createUser({ db, clock: systemClock, email, password: 'Test-password-1', groups });
      const { token } = await createToken({ db, clock: systemClock, userId: user.id, name: 'test' });
      return { user, token, auth: { authorization: `Bearer ${token}` } };
    },
    accessToken: async (user, options = {}) => {
      const secrets = await loadIssuerSecrets(db);
      const jwk = secrets.signingKeys[0]! as JWK & { kid: string };
      let key: Awaited<ReturnType<typeof importJWK>>;
      if (options.key === 'forged') {
        forged ??= (await generateKeyPair('RS256')).privateKey;
        key = forged;
      } else {
        key = await importJWK(jwk, 'RS256');
      }
      return new SignJWT({ email: user.email, [config.groupsClaim]: options.groups ?? (JSON.parse(user.groups) as string[]) })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
        .setIssuer(config.identity.issuer)
        .setAudience(config.identity.audience ?? '')
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(key);
    },
    snapshot: async () => {
      const tables: (keyof Tables)[] = [
        'users',
        'spaces',
        'space_members',
        'api_tokens',
        'resims',
        'scenario_versions',
        'outbox',
        'email_attachments',
        'report_emails',
        'email_templates',
        'password_resets',
        'games',
        'run_events',
        'session_messages',
        'user_mfa',
        'mfa_recovery_codes',
        'presenter_views',
        'space_learners',
        'allocations',
        'accommodations',
        'spared_openings',
        'billing_customers',
        'billing_subscriptions',
        'slot_allocations',
        'space_lrs',
        'xapi_statements',
        'lti_platforms',
        'lti_run_links',
        'lti_scores',
      ];
      // A token's last-use time is bookkeeping of authentication, and an email's progress the
      // delivery worker's, going on in the background: neither is data a request writes.
      const bookkeeping: Partial<Record<keyof Tables, Record<string, undefined>>> = {
        api_tokens: { last_used_at: undefined },
        outbox: { status: undefined, attempts: undefined, next_attempt_at: undefined, sent_at: undefined, claim_token: undefined },
        xapi_statements: {
          status: undefined,
          attempts: undefined,
          next_attempt_at: undefined,
          sent_at: undefined,
          claim_token: undefined,
          last_error: undefined,
        },
      };
      const rows = async (table: keyof Tables) =>
        (await db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify({ ...row, ...bookkeeping[table] })).sort();
      const parts = await Promise.all(tables.map(async (table) => `${table}: ${(await rows(table)).join('\n')}`));
      return parts.join('\n');
    },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
};

/** A new space of `who`'s and a scenario in it, saved with `content` when given; answers the scenario's id. */
export const createScenarioOf = async (t: TestApp, who: TestUser, content?: object): Promise<string> => {
  const spaceId = (
    await t.app.inject({ method: 'POST', url: '/admin/space', headers: who.auth, payload: { description: 'Clinic' } })
  ).json<{
    id: string;
  }>().id;
  const resimId = (await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: who.auth, payload: { groupId: spaceId } })).json<{
    id: string;
  }>().id;
  if (content) {
    const saved = await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: who.auth, payload: content });
    if (saved.statusCode !== 200) throw new Error(`the scenario was not saved: ${saved.body}`);
  }
  return resimId;
};
