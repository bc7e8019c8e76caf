import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedClientId } from '../src/config/config';
import type { Clock } from '../src/lib/clock';
import { lockedMessage, resetMfa, wrongCodeMessage } from '../src/modules/mfa/mfa.service';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import { startFakeCognito } from './fake-cognito';
import { createTestApp, dialects } from './harness';
import { startLiveServer, type LiveServer } from './live-server';
import { signInWithCode } from './oidc-client';

const password = 'Correct-horse-1';

/** The real time, moved on by the test: each sign-in takes a new 30-second step. */
const steppingClock = () => {
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  return { clock, advance: (ms: number) => (offsetMs += ms), epoch: () => Math.floor(clock.now().getTime() / 1000) };
};

describe.each(dialects)('multi-factor sign-in on %s', (dialect) => {
  let server: LiveServer;
  const time = steppingClock();
  const redirectUri = () => `${server.url}/auth/callback`;

  beforeAll(async () => {
    server = await startLiveServer(dialect, {}, time.clock);
  });
  afterAll(() => server.close());

  const api = async (auth: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  /** A user with MFA turned on through the API, as the profile page does. */
  const enrolled = async (email: string) => {
    const user = await createUser({ db: server.database.db, clock: time.clock, email, password });
    const { token } = await createToken({ db: server.database.db, clock: time.clock, userId: user.id, name: 'test' });
    const auth = `Bearer ${token}`;
    const started = await api(auth, 'POST', '/admin/user/mfa/start');
    const secret = new URL(started.json.otpauthUri as string).searchParams.get('secret')!;
    const confirmed = await api(auth, 'POST', '/admin/user/mfa/confirm', { code: await generate({ secret, epoch: time.epoch() }) });
    expect(confirmed.status).toBe(200);
    return { user, auth, secret, recoveryCodes: confirmed.json.recoveryCodes as string[] };
  };

  const signIn = (email: string, secondFactor?: () => string | Promise<string>) =>
    signInWithCode({
      issuer: server.url,
      clientId: embeddedClientId,
      redirectUri: redirectUri(),
      email,
      password,
      ...(secondFactor ? { secondFactor } : {}),
    });

  /** The code of the next time step: the current one was taken by the previous sign-in. */
  const nextCode = (secret: string) => {
    time.advance(30_000);
    return generate({ secret, epoch: time.epoch() });
  };

  it('enrols: a secret with its otpauth URI and QR code, confirmed by a code, then ten recovery codes stored hashed', async () => {
    const user = await createUser({ db: server.database.db, clock: time.clock, email: 'enrol@example.test', password });
    const { token } = await createToken({ db: server.database.db, clock: time.clock, userId: user.id, name: 'test' });
    const auth = `Bearer ${token}`;
    expect((await api(auth, 'GET', '/admin/user/mfa')).json).toEqual({ available: true, enabled: false, recoveryCodesLeft: 0 });

    // Starting again (a closed dialog, a second tab) replaces the secret that was never confirmed.
    const abandoned = (await api(auth, 'POST', '/admin/user/mfa/start')).json.secret as string;
    const started = await api(auth, 'POST', '/admin/user/mfa/start');
    expect(started.status).toBe(200);
    const { secret, otpauthUri, qrCode } = started.json as { secret: string; otpauthUri: string; qrCode: string };
    expect(secret).not.toBe(abandoned);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(otpauthUri).searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(otpauthUri)).toContain('enrol@example.test');
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const stored = await server.database.db.selectFrom('user_mfa').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(secret);
    expect(stored.enabled_at).toBeNull();
    // Not on until confirmed: sign-in still takes the password alone.
    expect((await signIn('enrol@example.test')).ok).toBe(true);

    const code = await generate({ secret, epoch: time.epoch() });
    const oldCode = await generate({ secret: abandoned, epoch: time.epoch() });
    if (oldCode !== code) expect((await api(auth, 'POST', '/admin/user/mfa/confirm', { code: oldCode })).status).toBe(400);
    const wrong = await api(auth, 'POST', '/admin/user/mfa/confirm', { code: String((Number(code) + 1) % 1_000_000).padStart(6, '0') });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toContain('not right');
    const letters = await api(auth, 'POST', '/admin/user/mfa/confirm', { code: 'abcdef' });
    expect(letters.status).toBe(400);
    expect(letters.json.message).toContain('6 digits');
    expect((await api(auth, 'POST', '/admin/user/mfa/confirm', {})).status).toBe(400);

    const confirmed = await api(auth, 'POST', '/admin/user/mfa/confirm', { code });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.json.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const recovery of codes) expect(recovery).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const hashes = await server.database.db.selectFrom('mfa_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes)
      expect(codes.some((c) => code_hash.includes(c) || code_hash.includes(c.replace('-', '')))).toBe(false);

    expect((await api(auth, 'GET', '/admin/user/mfa')).json).toEqual({ available: true, enabled: true, recoveryCodesLeft: 10 });
    expect((await api(auth, 'POST', '/admin/user/mfa/start')).status).toBe(409);
    expect((await api(auth, 'POST', '/admin/user/mfa/confirm', { code })).status).toBe(409);
  });

  it('asks for the code after the password and signs in with a TOTP code', async () => {
    const { secret } = await enrolled('totp@example.test');
    const asked = await signIn('totp@example.test');
    expect(asked.ok).toBe(false);
    expect(asked.body).toContain('Enter your code');
    expect(asked.body).toContain('autocomplete="one-time-code"');

    const result = await signIn('totp@example.test', () => nextCode(secret));
    if (!result.ok) throw new Error(`sign-in failed: ${result.status} ${result.body.slice(0, 300)}`);
    const me = await fetch(`${server.url}/admin/user/auth`, { headers: { authorization: `Bearer ${result.tokens.access_token}` } });
    expect(await me.json()).toMatchObject({ email: 'totp@example.test' });
  });

  it('signs in with a recovery code, which then is used up', async () => {
    const { auth, recoveryCodes } = await enrolled('recovery@example.test');
    const [first] = recoveryCodes;
    // typed as people type it off paper: upper case, without the dash
    expect((await signIn('recovery@example.test', () => first!.replace('-', '').toUpperCase())).ok).toBe(true);
    const again = await signIn('recovery@example.test', () => first!);
    expect(again.ok).toBe(false);
    expect(again.status).toBe(401);
    expect(again.body).toContain(wrongCodeMessage.slice(0, 20));
    expect((await api(auth, 'GET', '/admin/user/mfa')).json).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('refuses a wrong code with a message, the same code twice, and locks codes after five wrong ones', async () => {
    const { secret } = await enrolled('wrong@example.test');
    const wrong = await signIn('wrong@example.test', () => '000000');
    expect(wrong.ok).toBe(false);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('That code is not right.');

    const code = await nextCode(secret);
    expect((await signIn('wrong@example.test', () => code)).ok).toBe(true);
    const replayed = await signIn('wrong@example.test', () => code);
    expect(replayed.status).toBe(401);
    // Taken once already: said so, and not counted as a wrong code.
    expect(replayed.body).toContain('That code was already used. Wait for the next code in your authenticator app');
    expect(replayed.body).not.toContain('That code is not right.');

    for (let attempt = 0; attempt < 4; attempt++) expect((await signIn('wrong@example.test', () => 'zzzzz-zzzzz')).status).toBe(401);
    const locked = await signIn('wrong@example.test', () => '999999');
    expect(locked.status).toBe(429);
    expect(locked.body).toContain(lockedMessage);
    // Locked, even the right code is refused until the wait is over.
    expect((await signIn('wrong@example.test', () => nextCode(secret))).status).toBe(429);
    time.advance(5 * 60_000);
    expect((await signIn('wrong@example.test', () => nextCode(secret))).ok).toBe(true);
  });

  it('does not let the code page or the issuer be reached without the password', async () => {
    const { secret } = await enrolled('bypass@example.test');
    const asked = await signIn('bypass@example.test');
    const uid = /\/interaction\/([^/]+)\/mfa/.exec(asked.location ?? '')![1]!;
    // The browser that gave the password, going back to the issuer without the code, is asked to sign in again.
    if (asked.ok || !('go' in asked) || !asked.go) throw new Error('the code page was not shown');
    const post = (path: string, code: string) =>
      asked.go(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ code }).toString(),
      });
    const empty = await post(`/interaction/${uid}/mfa`, ' ');
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Enter the code from your authenticator app or a recovery code.');
    // Another sign-in's path with this browser's cookie: refused before any code is checked.
    expect((await post('/interaction/someone-elses/mfa', await nextCode(secret))).status).toBe(400);
    const resumed = await asked.go(`/oidc/auth/${uid}`);
    expect(resumed.headers.get('location') ?? '').not.toContain('code=');
    // A browser that never gave the password has no interaction cookie: the page says it expired.
    const stranger = await fetch(`${server.url}/interaction/${uid}/mfa`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: await nextCode(secret) }).toString(),
      redirect: 'manual',
    });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('Sign-in expired');
  });

  it('turns off with a recovery code, after which sign-in takes the password alone', async () => {
    const { auth, recoveryCodes } = await enrolled('disable@example.test');
    const wrong = await api(auth, 'DELETE', '/admin/user/mfa', { code: '123-456' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(wrongCodeMessage);
    expect((await api(auth, 'DELETE', '/admin/user/mfa', { code: recoveryCodes[3]! })).status).toBe(200);
    expect((await api(auth, 'GET', '/admin/user/mfa')).json).toEqual({ available: true, enabled: false, recoveryCodesLeft: 0 });
    expect((await api(auth, 'DELETE', '/admin/user/mfa', { code: recoveryCodes[4]! })).status).toBe(409);
    expect((await signIn('disable@example.test')).ok).toBe(true);
  });

  it('is reset by an administrator (the CLI command), after which sign-in takes the password alone', async () => {
    const { user } = await enrolled('lost-phone@example.test');
    expect((await signIn('lost-phone@example.test')).ok).toBe(false);
    expect(await resetMfa({ db: server.database.db, email: 'Lost-Phone@example.test' })).toEqual({ userId: user.id, removed: true });
    expect((await signIn('lost-phone@example.test')).ok).toBe(true);
    expect(await server.database.db.selectFrom('mfa_recovery_codes').where('user_id', '=', user.id).selectAll().execute()).toEqual([]);
    expect(await resetMfa({ db: server.database.db, email: 'lost-phone@example.test' })).toMatchObject({ removed: false });
    await expect(resetMfa({ db: server.database.db, email: 'nobody@example.test' })).rejects.toThrow('No user with email');
  });
});

describe('multi-factor sign-in with an external identity provider', () => {
  it('is not offered: the provider asks for its own second factor', async () => {
    const issuer = await startFakeCognito();
    const t = await createTestApp('sqlite', { OIDC_ISSUER_URL: issuer.issuer, OIDC_CLIENT_ID: issuer.clientId });
    try {
      const { auth } = await t.user('external@example.test');
      expect((await t.app.inject({ url: '/admin/user/mfa', headers: auth })).json()).toEqual({
        available: false,
        enabled: false,
        recoveryCodesLeft: 0,
      });
      const started = await t.app.inject({ method: 'POST', url: '/admin/user/mfa/start', headers: auth });
      expect(started.statusCode).toBe(409);
      expect(started.json<{ message: string }>().message).toContain('identity provider');
    } finally {
      await t.close();
      await issuer.close();
    }
  });
});
