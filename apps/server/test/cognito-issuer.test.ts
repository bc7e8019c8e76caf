import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError } from '../src/config/config';
import { createTestDatabase, dialects, testConfig, testPublicUrl, type TestDatabase } from './harness';
import { startFakeCognito, type FakeCognito } from './fake-cognito';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The product pointed at an issuer shaped as Amazon Cognito: its hosted UI on another origin than
 * the issuer, no end_session_endpoint, access tokens without email or aud.
 */
describe.each(dialects)('Cognito-shaped issuer on %s', (dialect) => {
  let cognito: FakeCognito;
  let database: TestDatabase;
  let app: FastifyInstance;

  const spacesOf = async (token: string) => {
    const response = await app.inject({ url: '/admin/space', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: string; description: string }[]>().map((space) => space.description);
  };
  const storedUser = (subject: string) =>
    database.db.selectFrom('users').selectAll().where('external_subject', '=', subject).executeTakeFirstOrThrow();

  beforeAll(async () => {
    cognito = await startFakeCognito();
    cognito.addUser({ username: 'lead', password: 'Lead-pass-1', email: 'lead@hospital.test', emailVerified: true });
    database = await createTestDatabase(dialect);
    const config = testConfig(database.dataDir, { OIDC_ISSUER_URL: cognito.issuer, OIDC_CLIENT_ID: cognito.clientId });
    app = await buildApp({ config, db: database.db, dialect, logger: false, webDist: path.join(database.dataDir, 'no-web') });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await cognito.close();
  });

  it("lets the console reach the token, userinfo, key and logout endpoints on the hosted UI's origin", async () => {
    const policy = (await app.inject({ url: '/healthz' })).headers['content-security-policy'] as string;
    const connect = /connect-src ([^;]+)/.exec(policy)![1]!.split(' ');
    expect(connect).toEqual(
      expect.arrayContaining([
        "'self'",
        new URL(cognito.issuer).origin,
        `${cognito.hostedUi}/oauth2/token`,
        `${cognito.hostedUi}/oauth2/userInfo`,
        `${cognito.hostedUi}/oauth2/revoke`,
        `${cognito.issuer}/.well-known/jwks.json`,
        `${cognito.hostedUi}/logout`,
      ]),
    );
  });

  it("signs out at the hosted UI's /logout, back to the product, as the discovery names no end-session endpoint", async () => {
    const config = (await app.inject({ url: '/config.json' })).json<{ signOutUrl: string; identityProvider: unknown }>();
    const signOut = new URL(config.signOutUrl);
    expect(`${signOut.origin}${signOut.pathname}`).toBe(`${cognito.hostedUi}/logout`);
    expect(Object.fromEntries(signOut.searchParams)).toEqual({ client_id: cognito.clientId, logout_uri: `${testPublicUrl}/` });
    expect(config.identityProvider).toBeNull();
  });

  it('reads the email from userinfo, once per new user, to link an invitation; groups name spaces', async () => {
    const lead = (await cognito.tokensFor('lead')).accessToken;
    const created = await app.inject({ method: 'POST', url: '/admin/space', headers: bearer(lead), payload: { description: 'Ward 4' } });
    expect(created.statusCode).toBe(201);
    const ward = created.json<{ id: string }>().id;
    const invited = await app.inject({
      method: 'POST',
      url: `/admin/space/${ward}/user`,
      headers: bearer(lead),
      payload: { email: 'Nurse@Hospital.test' },
    });
    expect(invited.statusCode).toBe(201);
    const team = await app.inject({ method: 'POST', url: '/admin/space', headers: bearer(lead), payload: { description: 'Night team' } });
    const night = team.json<{ id: string }>().id;

    cognito.addUser({ username: 'nurse', password: 'Nurse-pass-1', email: 'nurse@hospital.test', emailVerified: true, groups: [night] });
    const before = cognito.userInfoRequests.length;
    const first = (await cognito.tokensFor('nurse')).accessToken;
    // Several first requests at once ask the issuer, and link the account, once.
    const answers = await Promise.all([1, 2, 3].map(() => spacesOf(first)));
    for (const spaces of answers) expect(spaces.sort()).toEqual(['Night team', 'Ward 4']);
    expect(cognito.userInfoRequests.slice(before)).toEqual([first]);
    const nurse = await storedUser(cognito.subjectOf('nurse'));
    expect(nurse).toMatchObject({ email: 'nurse@hospital.test', password_hash: null });

    // Known from now on: a new token of the same user asks nothing more.
    expect(await spacesOf((await cognito.tokensFor('nurse')).accessToken)).toHaveLength(2);
    expect(cognito.userInfoRequests.length).toBe(before + 1);
  });

  it('never links an invitation by an email the issuer has not verified ("false", as Cognito sends it)', async () => {
    const lead = (await cognito.tokensFor('lead')).accessToken;
    const created = await app.inject({ method: 'POST', url: '/admin/space', headers: bearer(lead), payload: { description: 'Pharmacy' } });
    const pharmacy = created.json<{ id: string }>().id;
    await app.inject({
      method: 'POST',
      url: `/admin/space/${pharmacy}/user`,
      headers: bearer(lead),
      payload: { email: 'pharmacist@hospital.test' },
    });

    cognito.addUser({ username: 'claimant', password: 'Claim-pass-1', email: 'pharmacist@hospital.test', emailVerified: false });
    expect(await spacesOf((await cognito.tokensFor('claimant')).accessToken)).toEqual([]);
    const claimant = await storedUser(cognito.subjectOf('claimant'));
    expect(claimant.email).toBe(`${cognito.subjectOf('claimant')}@users.invalid`);
    const invitation = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'pharmacist@hospital.test')
      .executeTakeFirstOrThrow();
    expect(invitation.external_subject).toBeNull();
  });

  it('refuses an ID token sent as the bearer token', async () => {
    const { idToken } = await cognito.tokensFor('lead');
    const response = await app.inject({ url: '/admin/space', headers: bearer(idToken) });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe('The bearer token must be an access token; an ID token is not accepted');
  });

  it('refuses an access token issued to another app client', async () => {
    const token = await cognito.signAccessToken('lead', { client_id: 'another-client' });
    expect((await app.inject({ url: '/admin/space', headers: bearer(token) })).statusCode).toBe(401);
  });

  it("accepts a token signed with a key the issuer has just rotated in, on the key's first use", async () => {
    expect(await spacesOf((await cognito.tokensFor('lead')).accessToken)).toContain('Ward 4');
    await cognito.rotateKey();
    expect(await spacesOf((await cognito.tokensFor('lead')).accessToken)).toContain('Ward 4');
  });
});

describe('an external issuer at start', () => {
  const startWith = async (env: Record<string, string>) => {
    const database = await createTestDatabase('sqlite');
    try {
      const config = testConfig(database.dataDir, env);
      await buildApp({ config, db: database.db, dialect: 'sqlite', logger: false, webDist: path.join(database.dataDir, 'no-web') });
    } finally {
      await database.drop();
    }
  };
  let discovery: unknown = {};
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(discovery));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses to start when the discovery document cannot be read, saying where it looked', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const issuer = `http://127.0.0.1:${port}/pool`;
    const failure = startWith({ OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: 'client1' });
    await expect(failure).rejects.toBeInstanceOf(ConfigError);
    await expect(failure).rejects.toThrow(
      `OIDC_ISSUER_URL: the discovery document ${issuer}/.well-known/openid-configuration could not be read`,
    );
  });

  it('refuses to start on a discovery document without the endpoints, or naming another issuer', async () => {
    discovery = { issuer: origin, authorization_endpoint: `${origin}/authorize` };
    await expect(startWith({ OIDC_ISSUER_URL: origin, OIDC_CLIENT_ID: 'client1' })).rejects.toThrow(
      /discovery document .* is not valid: token_endpoint .*; jwks_uri /,
    );
    discovery = {
      issuer: 'https://elsewhere.example.test',
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
      jwks_uri: `${origin}/jwks`,
    };
    await expect(startWith({ OIDC_ISSUER_URL: origin, OIDC_CLIENT_ID: 'client1' })).rejects.toThrow(
      'names another issuer, https://elsewhere.example.test: set OIDC_ISSUER_URL to it',
    );
  });

  it("keeps an issuer's own end-session endpoint, and tells the console the identity provider of a federated sign-in", async () => {
    discovery = {
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
      jwks_uri: `${origin}/jwks`,
      end_session_endpoint: `${origin}/logout`,
    };
    const database = await createTestDatabase('sqlite');
    const config = testConfig(database.dataDir, {
      OIDC_ISSUER_URL: origin,
      OIDC_CLIENT_ID: 'client1',
      OIDC_SCOPE: 'openid',
      OIDC_IDENTITY_PROVIDER: 'Hospital-SAML',
    });
    const app = await buildApp({
      config,
      db: database.db,
      dialect: 'sqlite',
      logger: false,
      webDist: path.join(database.dataDir, 'no-web'),
    });
    try {
      expect((await app.inject({ url: '/config.json' })).json()).toMatchObject({
        scope: 'openid',
        signOutUrl: null,
        identityProvider: 'Hospital-SAML',
      });
      expect((await app.inject({ url: '/healthz' })).headers['content-security-policy']).toContain(`${origin}/logout`);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
