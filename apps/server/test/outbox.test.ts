import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailQueue } from '../src/modules/outbox/email-queue';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

type Message = {
  id: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  sender: string | null;
  text: string;
  html: string | null;
};
type Page = { messages: Message[]; nextCursor: string | null };

describe.each(dialects)('the outbox on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let developer: TestUser;
  let invitationId: string;
  let systemId: string;

  const call = async <T = unknown>(who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const subjects = async (who: TestUser) => (await call<Page>(who, 'GET', '/admin/outbox')).body.messages.map((m) => m.subject);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.user('owner@example.test');
    member = await t.user('member@example.test');
    outsider = await t.user('outsider@example.test');
    developer = await t.user('dev@example.test', 'developer');
    const space = (await call<{ id: string }>(owner, 'POST', '/admin/space', { description: 'Team' })).body;
    await call(owner, 'POST', `/admin/space/${space.id}/user`, { email: 'member@example.test' });
    await call(outsider, 'POST', '/templates', { templateName: 'note', subject: 'Note {{n}}', content: '<p>{{n}}</p>' });
    await call(outsider, 'POST', '/templates/note/test', { to: 'outsider@example.test', data: { n: 0 } });
    // an email of no one's, such as a password reset
    systemId = await createEmailQueue({ db: t.db, clock: { now: () => new Date() }, kick: () => undefined }).send({
      to: 'someone@example.test',
      subject: 'Reset your password',
      text: 'link',
    });
    invitationId = (await t.db.selectFrom('outbox').select('id').where('to_address', '=', 'member@example.test').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => t.close());

  it('shows each user the email they sent or that concerns their spaces, and a developer all of it', async () => {
    expect(await subjects(owner)).toEqual(['You have been added to "Team" in Resim']);
    expect(await subjects(member)).toEqual(['You have been added to "Team" in Resim']);
    expect(await subjects(outsider)).toEqual(['Note 0']);
    expect((await subjects(developer)).sort()).toEqual(['Note 0', 'Reset your password', 'You have been added to "Team" in Resim']);
  });

  it('gives each message with its status, sender and body', async () => {
    const message = await call<Message>(owner, 'GET', `/admin/outbox/${invitationId}`);
    expect(message.status).toBe(200);
    expect(message.body).toMatchObject({
      to: 'member@example.test',
      sender: 'owner@example.test',
      templateName: 'space-invitation',
      status: expect.stringMatching(/^(queued|sending|kept)$/),
      html: expect.stringContaining('<strong>Team</strong>'),
      text: expect.stringContaining('Sign in here: http://localhost:8080/'),
    });
  });

  it('answers 404 for a message the caller may not read, as for one that does not exist', async () => {
    const before = await t.snapshot();
    const missing = await call(outsider, 'GET', '/admin/outbox/no-such-id');
    for (const url of [`/admin/outbox/${invitationId}`, `/admin/outbox/${systemId}`]) {
      const read = await call(outsider, 'GET', url);
      expect(read.status).toBe(404);
      expect(read.body).toEqual(missing.body);
      expect((await call(outsider, 'POST', `${url}/retry`)).status).toBe(404);
    }
    expect(await t.snapshot()).toBe(before);
  });

  it('pages newest first with a cursor, and filters by status', async () => {
    for (let n = 1; n <= 4; n++) await call(outsider, 'POST', '/templates/note/test', { to: 'outsider@example.test', data: { n } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Page } = await call<Page>(outsider, 'GET', `/admin/outbox?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.messages.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.messages.map((m) => m.subject));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect((await call<Page>(outsider, 'GET', '/admin/outbox?status=failed')).body.messages).toEqual([]);
    expect((await call(outsider, 'GET', '/admin/outbox?cursor=nonsense')).status).toBe(400);
    expect((await call(outsider, 'GET', '/admin/outbox?limit=1000')).status).toBe(400);
  });

  it('retries only a failed message', async () => {
    const before = await t.snapshot();
    const refused = await call<{ message: string }>(owner, 'POST', `/admin/outbox/${invitationId}/retry`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /Only a failed email can be sent again; this one is (queued|sending)|no SMTP server is configured; set SMTP_URL to send emails/,
    );
    expect(await t.snapshot()).toBe(before);
  });
});
