import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedClientId } from '../src/config/config';
import { systemClock } from '../src/lib/clock';
import { createUser } from '../src/modules/users/users.service';
import { dialects } from './harness';
import { startLiveServer, type LiveServer } from './live-server';
import { signInWithCode } from './oidc-client';

const password = 'Correct-horse-1';

describe.each(dialects)('sign-in attempts per account and hour on %s', (dialect) => {
  let server: LiveServer;

  beforeAll(async () => {
    // Behind a proxy that names each browser's address; four tries an hour per account, for the test.
    server = await startLiveServer(dialect, { TRUST_PROXY: 'true', SIGN_IN_LIMIT_PER_ACCOUNT_HOUR: '4' });
    for (const email of ['target@example.test', 'bystander@example.test'])
      await createUser({ db: server.database.db, clock: systemClock, email, password, groups: '' });
  });
  afterAll(() => server.close());

  const signIn = (email: string, typed: string, from: string) =>
    signInWithCode({
      issuer: server.url,
      clientId: embeddedClientId,
      redirectUri: `${server.url}/auth/callback`,
      email,
      password: typed,
      forwardedFor: from,
    });

  it('holds an account back after so many tries in an hour, however many addresses they come from', async () => {
    // Each guess from an address of its own: the per-address minute limit never sees more than one.
    for (let at = 1; at <= 4; at += 1) expect((await signIn('target@example.test', `Guess-number-${at}`, `10.1.0.${at}`)).status).toBe(401);
    const held = await signIn('target@example.test', 'Guess-number-5', '10.1.0.5');
    expect(held.ok).toBe(false);
    expect(held.status).toBe(429);
    expect(held.body).toContain(
      'Too many sign-in attempts for this account in the last hour. Try again in 60 minutes, or reset your password.',
    );
    // Held back even with the right password, so that guessing cannot go on past the limit.
    expect((await signIn('target@example.test', password, '10.1.0.6')).status).toBe(429);
    // Another account is not held back by it.
    expect((await signIn('bystander@example.test', password, '10.1.0.7')).ok).toBe(true);
  });
});
