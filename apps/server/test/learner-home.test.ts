import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/identity/passwords';
import { findUserByEmail } from '../src/modules/users/users.repository';
import { createTestApp, dialects, testPublicUrl, type TestApp, type TestUser } from './harness';

const day = 24 * 60 * 60 * 1000;

describe.each(dialects)('learners signing in on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let spaceId: string;
  let resimId: string;
  let now = new Date();

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: () => now });
    admin = await t.user('admin@example.test');
    spaceId = (await call<{ id: string }>(admin, 'POST', '/admin/space', { description: 'Ward 7' })).body.id;
    resimId = (await call<{ id: string }>(admin, 'POST', '/admin/resim/new', { groupId: spaceId })).body.id;
  });
  afterAll(() => t.close());

  const call = async <T>(who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const form = (url: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
  /** The email of its own that holds the link to choose a password. */
  const passwordEmailTo = (address: string) =>
    t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', address)
      .where('subject', '=', 'Choose your Resim password')
      .executeTakeFirstOrThrow();
  const isLearner = async (who: TestUser) => (await call<{ isLearner: boolean }>(who, 'GET', '/admin/user/auth')).body.isLearner;

  it('tells a learner (a learner of a space, given scenarios or not yet, in no space) from an author', async () => {
    const ann = await t.user('ann@example.test');
    expect(await isLearner(ann)).toBe(false);
    await call(admin, 'POST', `/admin/space/${spaceId}/learner`, { tags: [], notify: false, learners: [{ email: 'ann@example.test' }] });
    // Nothing given yet: still a learner, whose home is their own list, not the author's console.
    expect(await isLearner(ann)).toBe(true);
    await call(admin, 'POST', `/admin/space/${spaceId}/allocation`, { learners: ['ann@example.test'], resims: [resimId] });
    expect(await isLearner(ann)).toBe(true);
    expect(await isLearner(admin)).toBe(false);

    await call(admin, 'POST', `/admin/space/${spaceId}/user`, { email: 'ann@example.test' });
    expect(await isLearner(ann)).toBe(false);
  });

  it('invites a learner without a password to choose one, by a link that works for 7 days', async () => {
    now = new Date();
    const added = await call(admin, 'POST', `/admin/space/${spaceId}/learner`, {
      tags: [],
      notify: true,
      learners: [{ email: 'bo@example.test' }],
    });
    expect(added.body).toMatchObject({ notified: 1 });
    const mail = await passwordEmailTo('bo@example.test');
    expect(mail.text_body).toContain(
      'admin@example.test has invited you to take part in the simulations of "Ward 7" in Resim. Your account there has no password yet.',
    );
    expect(mail.text_body).toContain(
      'Choose your password here, then sign in with your email and that password (the link works for 7 days):',
    );
    const link = new RegExp(`${testPublicUrl}(/account/reset/[\\w-]+)`).exec(mail.text_body)![1]!;

    now = new Date(now.getTime() + 6 * day);
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose your password');
    expect(page.body).not.toContain('Choose a new password');
    expect(page.body).toContain('<label for="password">Password</label>');

    const chosen = await form(link, { password: 'Learner-password-1', confirm: 'Learner-password-1' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).toContain('Your password is set. Sign in with your email and this password.');
    const bo = await findUserByEmail(t.db, 'bo@example.test');
    expect(await verifyPassword(bo?.password_hash, 'Learner-password-1')).toBe(true);
    expect((await t.app.inject({ url: link })).statusCode).toBe(400);
  });

  it('lets an invitation link lapse after 7 days', async () => {
    now = new Date();
    await call(admin, 'POST', `/admin/space/${spaceId}/learner`, { tags: [], notify: true, learners: [{ email: 'cy@example.test' }] });
    const mail = await passwordEmailTo('cy@example.test');
    const link = new RegExp(`${testPublicUrl}(/account/reset/[\\w-]+)`).exec(mail.text_body)![1]!;
    now = new Date(now.getTime() + 7 * day + 60_000);
    const lapsed = await t.app.inject({ url: link });
    expect(lapsed.statusCode).toBe(400);
    expect(lapsed.body).toContain('has expired');
  });
});
