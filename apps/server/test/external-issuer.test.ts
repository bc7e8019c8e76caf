import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { embeddedAudience, embeddedClientId } from '../src/config/config';
import { systemClock } from '../src/lib/clock';
import { createUser } from '../src/modules/users/users.service';
import { createTestDatabase, dialects, testConfig, type TestDatabase } from './harness';
import { startLiveServer, type LiveServer } from './live-server';
import { signInWithCode } from './oidc-client';

/**
 * The product pointed at an external OpenID Connect issuer: a second issuer instance on
 * loopback stands in for Cognito, Keycloak or Entra ID.
 */
describe.each(dialects)('external OpenID Connect issuer on %s', (dialect) => {
  let issuer: LiveServer;
  let stranger: LiveServer;
  let database: TestDatabase;
  let app: FastifyInstance;

  const tokenFrom = async (server: LiveServer, email: string) => {
    const result = await signInWithCode({
      issuer: server.url,
      clientId: embeddedClientId,
      redirectUri: `${server.url}/auth/callback`,
      email,
      password: 'External-pass-1',
    });
    if (!result.ok) throw new Error(`sign-in at ${server.url} failed`);
    return result.tokens.access_token;
  };

  beforeAll(async () => {
    issuer = await startLiveServer(dialect);
    stranger = await startLiveServer(dialect);
    for (const server of [issuer, stranger]) {
      await createUser({
        db: server.database.db,
        clock: systemClock,
        email: 'ext@example.test',
        password: 'External-pass-1',
        groups: 'developer',
      });
    }
    database = await createTestDatabase(dialect);
    const config = testConfig(database.dataDir, {
      OIDC_ISSUER_URL: issuer.url,
      OIDC_CLIENT_ID: embeddedClientId,
      OIDC_AUDIENCE: embeddedAudience,
    });
    app = await buildApp({ config, db: database.db, dialect, logger: false, webDist: path.join(database.dataDir, 'no-web') });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await issuer.close();
    await stranger.close();
  });

  it('tells the web app to sign in at the external issuer, and runs no issuer of its own', async () => {
    expect((await app.inject({ url: '/config.json' })).json()).toMatchObject({
      authority: issuer.url,
      clientId: embeddedClientId,
      embeddedIssuer: false,
    });
    expect((await app.inject({ url: '/.well-known/openid-configuration' })).statusCode).toBe(404);
  });

  it("accepts the external issuer's access tokens, verified by its JWKS, and reads the groups claim", async () => {
    const token = await tokenFrom(issuer, 'ext@example.test');
    const me = await app.inject({ url: '/admin/user/auth', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ext@example.test', groups: ['developer'], isDeveloper: true });
    const created = await app.inject({
      method: 'POST',
      url: '/admin/space',
      headers: { authorization: `Bearer ${token}` },
      payload: { description: 'From outside' },
    });
    expect(created.statusCode).toBe(201);
    const stored = await database.db.selectFrom('users').selectAll().where('email', '=', 'ext@example.test').executeTakeFirstOrThrow();
    expect(stored.external_subject).toBeTruthy();
    expect(stored.password_hash).toBeNull();
  });

  it('refuses tokens from any other issuer', async () => {
    const token = await tokenFrom(stranger, 'ext@example.test');
    const response = await app.inject({ url: '/admin/space', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(401);
  });
});
