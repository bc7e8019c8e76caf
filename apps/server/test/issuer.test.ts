import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedClientId } from '../src/config/config';
import { systemClock } from '../src/lib/clock';
import { findUserByEmail } from '../src/modules/users/users.repository';
import { createUser } from '../src/modules/users/users.service';
import { dialects } from './harness';
import { startLiveServer, type LiveServer } from './live-server';
import { refresh, signInWithCode } from './oidc-client';

const password = 'Correct-horse-1';

describe.each(dialects)('embedded OpenID Connect issuer on %s', (dialect) => {
  let server: LiveServer;
  let redirectUri: string;

  beforeAll(async () => {
    server = await startLiveServer(dialect);
    redirectUri = `${server.url}/auth/callback`;
    await createUser({
      db: server.database.db,
      clock: systemClock,
      email: 'author@example.test',
      password,
      groups: 'developer',
      name: 'Ann Author',
    });
  });
  afterAll(() => server.close());

  const createdUser = async () => (await findUserByEmail(server.database.db, 'author@example.test'))!;

  const signIn = (extra: Partial<Parameters<typeof signInWithCode>[0]> = {}) =>
    signInWithCode({ issuer: server.url, clientId: embeddedClientId, redirectUri, email: 'author@example.test', password, ...extra });

  it('publishes discovery with the code flow and S256 PKCE', async () => {
    const discovery = (await (await fetch(`${server.url}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({ issuer: server.url, code_challenge_methods_supported: ['S256'], response_types_supported: ['code'] });
  });

  it('lists in discovery every scope the console asks for', async () => {
    const discovery = (await (await fetch(`${server.url}/.well-known/openid-configuration`)).json()) as { scopes_supported: string[] };
    const { scope } = (await (await fetch(`${server.url}/config.json`)).json()) as { scope: string };
    expect(scope.split(' ').length).toBeGreaterThan(1);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(scope.split(' ')));
  });

  it('gives a relying party asking for openid, profile and email an access token the userinfo endpoint answers', async () => {
    const result = await signIn({ scope: 'openid profile email' });
    if (!result.ok) throw new Error(`sign-in failed: ${result.status} ${result.body.slice(0, 300)}`);
    const userinfo = await fetch(`${server.url}/oidc/me`, { headers: { authorization: `Bearer ${result.tokens.access_token}` } });
    expect(userinfo.status).toBe(200);
    const user = await createdUser();
    expect(await userinfo.json()).toEqual({ sub: user.id, email: 'author@example.test', email_verified: true, name: 'Ann Author' });
    // Not a token for the API: that takes the API's scope.
    const api = await fetch(`${server.url}/admin/user/auth`, { headers: { authorization: `Bearer ${result.tokens.access_token}` } });
    expect(api.status).toBe(401);

    const renewed = await refresh(server.url, embeddedClientId, result.tokens.refresh_token!);
    const again = await fetch(`${server.url}/oidc/me`, { headers: { authorization: `Bearer ${renewed.body.access_token}` } });
    expect(again.status).toBe(200);
  });

  it('signs in with authorization code and PKCE, and the access token works on the API', async () => {
    const result = await signIn();
    if (!result.ok) throw new Error(`sign-in failed: ${result.status} ${result.body.slice(0, 300)}`);
    const claims = decodeJwt(result.tokens.access_token);
    expect(claims).toMatchObject({ iss: server.url, aud: 'urn:resim:api', email: 'author@example.test', 'cognito:groups': ['developer'] });
    expect(decodeJwt(result.tokens.id_token)).toMatchObject({ email: 'author@example.test', name: 'Ann Author' });
    const me = await fetch(`${server.url}/admin/user/auth`, { headers: { authorization: `Bearer ${result.tokens.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'author@example.test', isDeveloper: true });
  });

  it("answers the userinfo endpoint for the console's own access token, bound to the API", async () => {
    const result = await signIn();
    if (!result.ok) throw new Error(`sign-in failed: ${result.status} ${result.body.slice(0, 300)}`);
    expect(decodeJwt(result.tokens.access_token)).toMatchObject({ aud: 'urn:resim:api' });
    const userinfo = await fetch(`${server.url}/oidc/me`, { headers: { authorization: `Bearer ${result.tokens.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(userinfo.headers.get('cache-control')).toBe('no-store');
    const user = await createdUser();
    expect(await userinfo.json()).toEqual({ sub: user.id, email: 'author@example.test', email_verified: true, name: 'Ann Author' });

    // A token that only looks like one, its signature altered, is the provider's to refuse.
    const [head, body] = result.tokens.access_token.split('.');
    const forged = await fetch(`${server.url}/oidc/me`, { headers: { authorization: `Bearer ${head}.${body}.AAAA` } });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toMatch(/invalid_token/);
  });

  it('refuses an authorization request without PKCE', async () => {
    const result = await signIn({ withoutPkce: true });
    expect(result.ok).toBe(false);
    expect(result.location ?? '').toMatch(/error=invalid_request/);
  });

  it('issues refresh tokens that renew the session', async () => {
    const result = await signIn();
    if (!result.ok) throw new Error('sign-in failed');
    expect(result.tokens.refresh_token).toBeTruthy();
    const renewed = await refresh(server.url, embeddedClientId, result.tokens.refresh_token!);
    expect(renewed.status).toBe(200);
    const api = await fetch(`${server.url}/admin/space`, { headers: { authorization: `Bearer ${renewed.body.access_token}` } });
    expect(api.status).toBe(200);
  });

  it('signs out: the confirmation page leads back to the app and the refresh token stops working', async () => {
    const result = await signIn();
    if (!result.ok) throw new Error('sign-in failed');
    const end = new URL('/oidc/session/end', server.url);
    end.search = new URLSearchParams({ id_token_hint: result.tokens.id_token, post_logout_redirect_uri: `${server.url}/` }).toString();
    const confirm = await result.go(end.toString());
    const html = await confirm.text();
    expect(html).toContain('Sign out');
    const action = /<form[^>]+action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const done = await result.go(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${server.url}/`);
    expect((await refresh(server.url, embeddedClientId, result.tokens.refresh_token!)).status).toBe(400);
  });

  it('refuses a wrong password with a message, and rate-limits repeated attempts', async () => {
    const wrong = await signIn({ password: 'Wrong-password-1' });
    expect(wrong.ok).toBe(false);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('Incorrect email or password.');
    let last = 0;
    for (let attempt = 0; attempt < 12 && last !== 429; attempt++) {
      const again = await signIn({ email: 'target@example.test', password: 'Guess-password-1' });
      last = again.ok ? 200 : again.status;
    }
    expect(last).toBe(429);
  });

  it('resets a forgotten password through a link sent by email', async () => {
    await createUser({ db: server.database.db, clock: systemClock, email: 'forgetful@example.test', password: 'Old-password-1' });
    const form = (body: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    const asked = await fetch(`${server.url}/account/forgot`, form({ email: 'forgetful@example.test' }));
    expect(await asked.text()).toContain('a reset link is on its way');
    const unknown = await fetch(`${server.url}/account/forgot`, form({ email: 'nobody@example.test' }));
    expect(await unknown.text()).toContain('a reset link is on its way');

    const mail = await server.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'forgetful@example.test')
      .executeTakeFirstOrThrow();
    const link = /(http\S+\/account\/reset\/\S+)/.exec(mail.text_body)![1]!;
    expect((await fetch(link)).status).toBe(200);
    const mismatch = await fetch(link, form({ password: 'New-password-1', confirm: 'Other-password-1' }));
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('not the same');
    expect((await fetch(link, form({ password: 'New-password-1', confirm: 'New-password-1' }))).status).toBe(200);
    expect((await fetch(link, form({ password: 'Third-password-1', confirm: 'Third-password-1' }))).status).toBe(400);

    const oldSignIn = await signIn({ email: 'forgetful@example.test', password: 'Old-password-1' });
    expect(oldSignIn.ok).toBe(false);
    const newSignIn = await signIn({ email: 'forgetful@example.test', password: 'New-password-1' });
    expect(newSignIn.ok).toBe(true);
  });
});
