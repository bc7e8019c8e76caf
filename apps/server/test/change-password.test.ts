import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createPasswordLink, resetLinkAccount } from '../src/identity/issuer/password-reset';
import { verifyPassword } from '../src/identity/passwords';
import { systemClock } from '../src/lib/clock';
import { findUserById } from '../src/modules/users/users.repository';
import { startFakeCognito } from './fake-cognito';
import { createTestApp, dialects, testPublicUrl, type TestApp, type TestUser } from './harness';

describe.each(dialects)('changing one’s password on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const change = (who: TestUser, payload: object) =>
    t!.app.inject({ method: 'POST', url: '/admin/user/password', headers: who.auth, payload });
  const storedHash = async (who: TestUser) => (await findUserById(t!.db, who.user.id))!.password_hash;

  it('changes it given the current one, hashed with argon2id, and voids the reset links still outstanding', async () => {
    t = await createTestApp(dialect);
    const ann = await t.user('ann@example.test');
    const link = await createPasswordLink({ db: t.db, clock: systemClock, userId: ann.user.id, ttlMs: 60_000, publicUrl: testPublicUrl });
    const token = link.split('/').at(-1)!;

    const changed = await change(ann, { currentPassword: 'Test-password-1', newPassword: 'Brand-new-password-2' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ok: true });
    const hash = await storedHash(ann);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Brand-new-password-2')).toBe(true);
    expect(await verifyPassword(hash, 'Test-password-1')).toBe(false);
    expect(await resetLinkAccount(t.db, systemClock, token)).toBeUndefined();
  });

  it('refuses a wrong current password, a weak new one and a bad body, changing nothing', async () => {
    t = await createTestApp(dialect);
    const bob = await t.user('bob@example.test');
    const before = await t.snapshot();
    const refusals: [object, number, RegExp][] = [
      [{ currentPassword: 'Not-my-password-1', newPassword: 'Brand-new-password-2' }, 403, /^The current password is not right$/],
      [{ currentPassword: 'Test-password-1', newPassword: 'short' }, 400, /newPassword.*Password must be at least 10 characters long/],
      [{ currentPassword: 'Test-password-1', newPassword: 'x'.repeat(201) }, 400, /Password must be at most 200 characters long/],
      [{ currentPassword: '', newPassword: 'Brand-new-password-2' }, 400, /Enter your current password/],
      [{ newPassword: 'Brand-new-password-2' }, 400, /currentPassword/],
      [{ currentPassword: 'Test-password-1', newPassword: 'Brand-new-password-2', extra: 1 }, 400, /extra/],
    ];
    for (const [payload, status, message] of refusals) {
      const refused = await change(bob, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      expect(refused.json<{ message: string }>().message).toMatch(message);
    }
    expect(await t.snapshot()).toBe(before);
    expect((await t.app.inject({ method: 'POST', url: '/admin/user/password', payload: {} })).statusCode).toBe(401);
  });

  it('slows down guesses at the current password', async () => {
    t = await createTestApp(dialect);
    const cy = await t.user('cy@example.test');
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await change(cy, { currentPassword: `Guess-password-${attempt}`, newPassword: 'Brand-new-password-2' })).statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
  });

  it('says passwords are kept by the identity provider when an external one is configured', async () => {
    const issuer = await startFakeCognito();
    onTestFinished(() => issuer.close());
    t = await createTestApp(dialect, { OIDC_ISSUER_URL: issuer.issuer, OIDC_CLIENT_ID: issuer.clientId });
    const dee = await t.user('dee@example.test');
    const before = await storedHash(dee);
    const refused = await change(dee, { currentPassword: 'Test-password-1', newPassword: 'Brand-new-password-2' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `Passwords are kept by your identity provider (${issuer.issuer}); change yours there`,
    );
    expect(await storedHash(dee)).toBe(before);
  });
});
