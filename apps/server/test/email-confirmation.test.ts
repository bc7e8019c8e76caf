import { decodeJwt } from 'jose';
import { sql, type Kysely } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedClientId } from '../src/config/config';
import * as emailVerification from '../src/db/migrations/0009-email-verification';
import { completePasswordReset, createPasswordLink, invitationLinkTtlMs } from '../src/identity/issuer/password-reset';
import type { Clock } from '../src/lib/clock';
import {
  emptyCodeMessage,
  expiredCodeMessage,
  noMoreSendsMessage,
  resendTooSoonMessage,
  usedUpCodeMessage,
  wrongCodeMessage,
} from '../src/modules/email-confirmation/email-confirmation.service';
import { createToken } from '../src/modules/tokens/tokens.service';
import { findUserByEmail, updateUser } from '../src/modules/users/users.repository';
import { createUser } from '../src/modules/users/users.service';
import { createTestDatabase, dialects } from './harness';
import { startLiveServer, type LiveServer } from './live-server';
import { refresh, signInWithCode } from './oidc-client';

const password = 'Correct-horse-1';

/** The real time, moved on by the test. */
const movableClock = () => {
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  return { clock, advance: (ms: number) => (offsetMs += ms), epoch: () => Math.floor(clock.now().getTime() / 1000) };
};

const form = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
});

describe.each(dialects)('confirming a new account’s email at sign-in on %s', (dialect) => {
  let server: LiveServer;
  const time = movableClock();
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startLiveServer(dialect, {}, time.clock);
  });
  afterAll(() => server.close());

  /**
   * An account made by an invitation (no password), whose password was then set from a link an
   * administrator printed with the command line: a link that did not go through the mailbox.
   */
  const invitedWithPrintedLink = async (email: string) => {
    const user = await createUser({ db: db(), clock: time.clock, email });
    const link = await createPasswordLink({
      db: db(),
      clock: time.clock,
      userId: user.id,
      ttlMs: invitationLinkTtlMs,
      publicUrl: server.url,
    });
    await completePasswordReset({ db: db(), clock: time.clock, token: link.split('/').at(-1)!, password, confirm: password });
    return user;
  };

  const newestEmail = (to: string) =>
    db()
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', to)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const emailCount = async (to: string) => (await db().selectFrom('outbox').select('id').where('to_address', '=', to).execute()).length;
  const newestCode = async (to: string) => /confirmation code is (\d{6})/.exec((await newestEmail(to)).text_body)![1]!;

  const signIn = (
    email: string,
    codes: { confirmationCode?: () => string | Promise<string>; secondFactor?: () => string | Promise<string> } = {},
  ) =>
    signInWithCode({
      issuer: server.url,
      clientId: embeddedClientId,
      redirectUri: `${server.url}/auth/callback`,
      email,
      password,
      ...codes,
    });

  /** A sign-in stopped at the confirmation page, with the means to post to it as that browser. */
  const atConfirmation = async (email: string) => {
    const asked = await signIn(email);
    if (asked.ok || !asked.go) throw new Error(`the confirmation page was not shown: ${asked.status}`);
    const path = new URL(asked.location!, server.url).pathname;
    const post = async (suffix: string, values: Record<string, string> = {}) => {
      const response = await asked.go(`${path}${suffix}`, form(values));
      return { status: response.status, location: response.headers.get('location'), body: await response.text() };
    };
    return { asked, path, confirm: (code: string) => post('', { code }), resend: () => post('/resend') };
  };

  it('counts accounts made with a password (command line, demo seed) as proved, and invited ones as not', async () => {
    const made = await createUser({ db: db(), clock: time.clock, email: 'made@example.test', password });
    expect(made.email_verified_at).not.toBeNull();
    const invited = await createUser({ db: db(), clock: time.clock, email: 'invited-plain@example.test' });
    expect(invited.email_verified_at).toBeNull();
    expect((await signIn('made@example.test')).ok).toBe(true);
  });

  it('asks an unproved address for the code it emails, refuses an empty or wrong one, and signs in with the right one', async () => {
    const user = await invitedWithPrintedLink('printed@example.test');
    expect((await findUserByEmail(db(), 'printed@example.test'))!.email_verified_at).toBeNull();

    const { asked, confirm } = await atConfirmation('printed@example.test');
    expect(asked.location).toMatch(/\/interaction\/[^/]+\/confirm$/);
    expect(asked.body).toContain('Confirm your email');
    expect(asked.body).toContain('We sent a 6-digit confirmation code to printed@example.test.');
    expect(asked.body).toContain('autocomplete="one-time-code"');
    const mail = await newestEmail('printed@example.test');
    expect(mail.subject).toBe('Confirm your email for Resim');
    expect(mail.subject).not.toMatch(/\d{6}/);
    expect(mail.template_name).toBe('email-confirmation');
    expect(mail.html_body).toMatch(/Your confirmation code is <strong>\d{6}<\/strong>/);
    expect(mail.text_body).toMatch(/Your confirmation code is \d{6}\n/);
    expect(mail.text_body).toContain('It works for 15 minutes.');
    const code = await newestCode('printed@example.test');

    const empty = await confirm('  ');
    expect(empty.status).toBe(400);
    expect(empty.body).toContain(emptyCodeMessage);
    const wrong = await confirm(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain(wrongCodeMessage);
    // Without the code, going back to the issuer does not sign in.
    const resumed = await asked.go(`/oidc/auth/${asked.location!.split('/').at(-2)!}`);
    expect(resumed.headers.get('location') ?? '').not.toContain('code=');

    const result = await signIn('printed@example.test', { confirmationCode: () => newestCode('printed@example.test') });
    if (!result.ok) throw new Error(`sign-in failed: ${result.status} ${result.body.slice(0, 300)}`);
    expect(decodeJwt(result.tokens.id_token)).toMatchObject({ sub: user.id, email_verified: true });
    expect((await findUserByEmail(db(), 'printed@example.test'))!.email_verified_at).not.toBeNull();

    // Proved once: the next sign-in takes the password alone and sends nothing.
    const before = await emailCount('printed@example.test');
    expect((await signIn('printed@example.test')).ok).toBe(true);
    expect(await emailCount('printed@example.test')).toBe(before);
  });

  it('gives the ID token and userinfo the account’s real email_verified, as it is when they are issued', async () => {
    await invitedWithPrintedLink('claims@example.test');
    // A relying party asking for email gets it from userinfo; the console gets it in the ID token.
    const relyingParty = await signInWithCode({
      issuer: server.url,
      clientId: embeddedClientId,
      redirectUri: `${server.url}/auth/callback`,
      email: 'claims@example.test',
      password,
      scope: 'openid profile email',
      confirmationCode: () => newestCode('claims@example.test'),
    });
    if (!relyingParty.ok) throw new Error(`sign-in failed: ${relyingParty.status} ${relyingParty.body.slice(0, 300)}`);
    const me = async (token: string) =>
      (await (await fetch(`${server.url}/oidc/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
    expect(await me(relyingParty.tokens.access_token)).toMatchObject({ email: 'claims@example.test', email_verified: true });
    const consoleSignIn = await signIn('claims@example.test');
    if (!consoleSignIn.ok) throw new Error(`sign-in failed: ${consoleSignIn.status}`);
    expect(decodeJwt(consoleSignIn.tokens.id_token)).toMatchObject({ email: 'claims@example.test', email_verified: true });

    const user = (await findUserByEmail(db(), 'claims@example.test'))!;
    await updateUser(db(), user.id, { email_verified_at: null, updated_at: time.clock.now().toISOString() });
    expect(await me(relyingParty.tokens.access_token)).toMatchObject({ email_verified: false });
    const renewed = await refresh(server.url, embeddedClientId, consoleSignIn.tokens.refresh_token!);
    expect(decodeJwt(renewed.body.id_token)).toMatchObject({ email_verified: false });
  });

  it('proves the address when the invitation’s emailed link is followed: no code is asked for', async () => {
    const admin = await createUser({ db: db(), clock: time.clock, email: 'inviter@example.test', password, groups: 'developer' });
    const { token } = await createToken({ db: db(), clock: time.clock, userId: admin.id, name: 'test' });
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const space = (await (await api('POST', '/admin/space', { description: 'Wards' })).json()) as { id: string };
    expect((await api('POST', `/admin/space/${space.id}/user`, { email: 'linked@example.test' })).status).toBe(201);
    expect((await findUserByEmail(db(), 'linked@example.test'))!.email_verified_at).toBeNull();

    // The invitation and the email with the link are written in the same instant: pick the latter by its subject.
    const passwordEmail = await db()
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'linked@example.test')
      .where('subject', '=', 'Choose your Resim password')
      .executeTakeFirstOrThrow();
    const link = new RegExp(`${server.url}(/account/reset/[\\w-]+)`).exec(passwordEmail.text_body)![1]!;
    const chosen = await fetch(`${server.url}${link}`, form({ password, confirm: password }));
    expect(chosen.status).toBe(200);
    expect((await findUserByEmail(db(), 'linked@example.test'))!.email_verified_at).not.toBeNull();
    expect((await signIn('linked@example.test')).ok).toBe(true);
  });

  it('lets a code be tried a few times only, expires it, and sends a new one at most once a minute', async () => {
    await invitedWithPrintedLink('tries@example.test');
    const { confirm, resend } = await atConfirmation('tries@example.test');
    const first = await newestCode('tries@example.test');
    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 4; attempt++) expect((await confirm(wrong)).status).toBe(401);
    const fifth = await confirm(wrong);
    expect(fifth.status).toBe(429);
    expect(fifth.body).toContain(usedUpCodeMessage);
    // Used up: even the right code is refused now.
    expect((await confirm(first)).status).toBe(429);

    const tooSoon = await resend();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toContain(resendTooSoonMessage);
    time.advance(60_000);
    const sent = await resend();
    expect(sent.status).toBe(200);
    expect(sent.body).toContain('A new code is on its way to tries@example.test.');
    const second = await newestCode('tries@example.test');
    if (second !== first) expect((await confirm(first)).status).toBe(401);

    time.advance(15 * 60_000);
    const late = await confirm(second);
    expect(late.status).toBe(400);
    expect(late.body).toContain(expiredCodeMessage);

    time.advance(60_000);
    expect((await resend()).status).toBe(200);
    const done = await confirm(await newestCode('tries@example.test'));
    expect(done.status).toBe(303);
    expect(done.location).toContain('/oidc/auth/');
  });

  it('sends five codes at most for one sign-in', async () => {
    await invitedWithPrintedLink('sends@example.test');
    const { resend } = await atConfirmation('sends@example.test');
    for (let send = 2; send <= 5; send++) {
      time.advance(60_000);
      expect((await resend()).status).toBe(200);
    }
    time.advance(60_000);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(refused.body).toContain(noMoreSendsMessage);
    expect(await emailCount('sends@example.test')).toBe(5);
  });

  it('is only for the browser whose password was right, on its own sign-in', async () => {
    await invitedWithPrintedLink('bypass@example.test');
    const { asked, path } = await atConfirmation('bypass@example.test');
    const code = await newestCode('bypass@example.test');
    expect((await asked.go('/interaction/someone-elses/confirm', form({ code }))).status).toBe(400);
    const stranger = await fetch(`${server.url}${path}`, { ...form({ code }), redirect: 'manual' });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('Sign-in expired');
  });

  it('asks for the emailed code first, then the authenticator app’s, for a user with both to do', async () => {
    const user = await createUser({ db: db(), clock: time.clock, email: 'both@example.test', password });
    const { token } = await createToken({ db: db(), clock: time.clock, userId: user.id, name: 'test' });
    const call = async (path: string, body?: unknown) =>
      (await (
        await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : null,
        })
      ).json()) as Record<string, unknown>;
    const secret = new URL((await call('/admin/user/mfa/start')).otpauthUri as string).searchParams.get('secret')!;
    await call('/admin/user/mfa/confirm', { code: await generate({ secret, epoch: time.epoch() }) });
    await updateUser(db(), user.id, { email_verified_at: null, updated_at: time.clock.now().toISOString() });

    const confirmed = await signIn('both@example.test', { confirmationCode: () => newestCode('both@example.test') });
    expect(confirmed.ok).toBe(false);
    expect(confirmed.location).toMatch(/\/interaction\/[^/]+\/mfa$/);
    expect(confirmed.body).toContain('Enter your code');
    expect((await findUserByEmail(db(), 'both@example.test'))!.email_verified_at).not.toBeNull();

    time.advance(30_000);
    const result = await signIn('both@example.test', { secondFactor: () => generate({ secret, epoch: time.epoch() }) });
    expect(result.ok).toBe(true);
  });

  it('shows the code hidden in the outbox, as it hides password links', async () => {
    await invitedWithPrintedLink('masked@example.test');
    await atConfirmation('masked@example.test');
    const admin = await createUser({ db: db(), clock: time.clock, email: 'outbox-reader@example.test', password, groups: 'developer' });
    const { token } = await createToken({ db: db(), clock: time.clock, userId: admin.id, name: 'test' });
    const page = (await (await fetch(`${server.url}/admin/outbox`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      messages: { to: string; text: string; html: string | null }[];
    };
    const shown = page.messages.find((message) => message.to === 'masked@example.test')!;
    expect(shown.text).toContain('Your confirmation code is [hidden]');
    expect(shown.html).toContain('Your confirmation code is <strong>[hidden]</strong>');
    expect(`${shown.text}${shown.html}`).not.toContain(await newestCode('masked@example.test'));
  });
});

describe.each(dialects)('the email verification migration on %s', (dialect) => {
  it('counts the users made before it as proved', async () => {
    const database = await createTestDatabase(dialect);
    // a migration sees the database before its own tables, as the migrator gives it
    const untyped = database.db as unknown as Kysely<unknown>;
    try {
      await emailVerification.down(untyped);
      const created = '2024-05-01T10:00:00.000Z';
      await sql`insert into users (id, email, groups, metadata, created_at, updated_at)
        values ('old1', 'old@example.test', '[]', '{}', ${created}, ${created})`.execute(untyped);
      await emailVerification.up(untyped);
      expect((await findUserByEmail(database.db, 'old@example.test'))!.email_verified_at).toBe(created);
    } finally {
      await database.drop();
    }
  });
});
