import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleData } from '@resim/domain/email';
import { sendTemplatedEmail, sendTemplatedEmails } from '../src/modules/email-templates/send-templated-email';
import { createEmailQueue } from '../src/modules/outbox/email-queue';
import { createTestApp, dialects, testPublicUrl, type TestApp, type TestUser } from './harness';
import { queryCounter } from './query-counter';

type Template = {
  templateName: string;
  TemplateName: string;
  Type: string;
  subject: string;
  content: string;
  text: string | null;
  builtIn: boolean;
  customised: boolean;
  unknownPlaceholders: string[];
  variables: { name: string }[];
};
type Problem = { code: string; message: string };

describe.each(dialects)('email templates on %s', (dialect) => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ann = await t.user('ann@example.test');
    bob = await t.user('bob@example.test');
  });
  afterAll(() => t.close());

  const call = async <T = unknown>(who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };
  /** Shows a refused request stored nothing. */
  const refused = async (request: () => Promise<{ status: number; body: unknown }>, status: number, message: RegExp) => {
    const before = await t.snapshot();
    const response = await request();
    expect(response.status).toBe(status);
    expect((response.body as Problem).message).toMatch(message);
    expect(await t.snapshot()).toBe(before);
  };
  const welcome = { templateName: 'welcome', subject: 'Welcome {{name}}', content: '<p>Hello {{name}}</p>' };

  it('lists the built-in templates for everyone', async () => {
    const list = await call<Template[]>(bob, 'GET', '/templates');
    expect(list.status).toBe(200);
    expect(list.body.map((template) => template.templateName)).toEqual([
      'learner-invitation',
      'learner-reminder',
      'space-invitation',
      'space-owner',
      'run-report',
    ]);
    expect(list.body[0]).toMatchObject({ TemplateName: 'learner-invitation', Type: 'EXISTING', builtIn: true, customised: false });
  });

  it('creates, reads, changes and deletes a template of the caller’s own, reporting unknown placeholders', async () => {
    const created = await call<Template>(ann, 'POST', '/templates', welcome);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      templateName: 'welcome',
      TemplateName: 'welcome',
      Type: 'EXISTING',
      subject: 'Welcome {{name}}',
      content: '<p>Hello {{name}}</p>',
      text: null,
      builtIn: false,
      customised: false,
      unknownPlaceholders: ['name'],
    });
    expect(created.body.variables.map((v) => v.name)).toContain('scenarios');

    expect((await call<Template>(ann, 'GET', '/templates/welcome')).body.content).toBe('<p>Hello {{name}}</p>');
    const changed = await call<Template>(ann, 'PUT', '/templates/welcome', {
      TemplateName: 'welcome',
      subject: 'Welcome to {{spaceName}}',
      content: '<p>{{recipientEmail}}</p>',
      text: 'Plain {{foo}}',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ subject: 'Welcome to {{spaceName}}', text: 'Plain {{foo}}', unknownPlaceholders: ['foo'] });
    expect((await call<Template[]>(ann, 'GET', '/templates')).body.map((template) => template.templateName)).toContain('welcome');

    expect((await call(ann, 'DELETE', '/templates/welcome')).status).toBe(200);
    expect((await call(ann, 'GET', '/templates/welcome')).status).toBe(404);
  });

  it('accepts TemplateName in place of templateName, and refuses two names that differ', async () => {
    const created = await call<Template>(ann, 'POST', '/templates', {
      TemplateName: 'by-capital',
      subject: 's',
      content: 'c',
      Type: 'EXISTING',
    });
    expect(created.status).toBe(201);
    expect(created.body.templateName).toBe('by-capital');
    await refused(
      () => call(ann, 'POST', '/templates', { ...welcome, TemplateName: 'other' }),
      400,
      /TemplateName: templateName and TemplateName differ/,
    );
    await refused(() => call(ann, 'POST', '/templates', { subject: 's', content: 'c' }), 400, /templateName: required/);
    await refused(
      () => call(ann, 'PUT', '/templates/by-capital', { templateName: 'renamed', subject: 's', content: 'c' }),
      400,
      /cannot be renamed/,
    );
    expect((await call(ann, 'POST', '/templates', { templateName: 'by-capital', subject: 's', content: 'c' })).status).toBe(409);
  });

  it('refuses bad names, templates that do not compile and oversize parts, storing nothing', async () => {
    for (const name of ['Welcome', '-welcome', 'wel come', 'x'.repeat(65), 'über']) {
      await refused(
        () => call(ann, 'POST', '/templates', { ...welcome, templateName: name }),
        400,
        /templateName: must be 1 to 64 lower-case/,
      );
    }
    await refused(() => call(ann, 'GET', '/templates/Bad_Name'), 400, /name: must be 1 to 64/);
    await refused(
      () => call(ann, 'POST', '/templates', { ...welcome, content: '<p>\n{{#if a}}x{{/each}}' }),
      400,
      /^content does not compile at line 2, column 4: if doesn't match each$/,
    );
    await refused(
      () => call(ann, 'POST', '/templates', { ...welcome, subject: 'Hi {{name' }),
      400,
      /^subject does not compile at line 1: Expecting/,
    );
    await refused(
      () => call(ann, 'POST', '/templates', { ...welcome, text: '{{shout name}}' }),
      400,
      /^text does not compile at line 1, column 1: Unknown helper "shout"/,
    );
    await refused(() => call(ann, 'POST', '/templates', { ...welcome, content: '{{> footer}}' }), 400, /Partials/);
    await refused(
      () => call(ann, 'POST', '/templates', { ...welcome, content: 'x'.repeat(100 * 1024 + 1) }),
      400,
      /content must be at most 100 KB/,
    );
    await refused(
      () => call(ann, 'POST', '/templates', { ...welcome, content: 'é'.repeat(60 * 1024) }),
      400,
      /content must be at most 100 KB/,
    );
    await refused(
      () => call(ann, 'POST', '/templates', { ...welcome, subject: 's'.repeat(1001) }),
      400,
      /subject must be at most 1000 bytes/,
    );
    await refused(() => call(ann, 'POST', '/templates', { ...welcome, subject: '  ' }), 400, /subject must not be empty/);
    await refused(
      () => call(ann, 'PUT', '/templates/space-owner', { subject: 's', content: '{{#each}}{{/each}}' }),
      400,
      /needs one value/,
    );
  });

  it('keeps a user’s version of a built-in template to them, and DELETE returns it to the default', async () => {
    const defaults = (await call<Template>(ann, 'GET', '/templates/space-owner')).body;
    const saved = await call<Template>(ann, 'PUT', '/templates/space-owner', {
      subject: 'Yours now: {{spaceName}} {{scenarios}}',
      content: '<p>{{senderEmail}}</p>',
    });
    expect(saved.status).toBe(200);
    // space-owner documents no scenarios: a custom template could use it, this one cannot
    expect(saved.body).toMatchObject({ builtIn: true, customised: true, unknownPlaceholders: ['scenarios'] });
    expect((await call<Template>(bob, 'GET', '/templates/space-owner')).body.subject).toBe(defaults.subject);
    const listed = (await call<Template[]>(ann, 'GET', '/templates')).body.find((template) => template.templateName === 'space-owner');
    expect(listed).toMatchObject({ customised: true, subject: 'Yours now: {{spaceName}} {{scenarios}}' });

    expect((await call(ann, 'DELETE', '/templates/space-owner')).status).toBe(200);
    expect((await call<Template>(ann, 'GET', '/templates/space-owner')).body).toMatchObject({
      subject: defaults.subject,
      customised: false,
    });
    await refused(() => call(ann, 'DELETE', '/templates/space-owner'), 409, /space-owner is a built-in template you have not changed/);
  });

  it('answers 404 for another user’s template, as for one that does not exist', async () => {
    await call(ann, 'POST', '/templates', { templateName: 'private-note', subject: 's', content: 'c' });
    const missing = await call(bob, 'GET', '/templates/no-such-template');
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { subject: 's', content: 'c' }],
      ['DELETE', undefined],
    ] as const) {
      await refused(() => call(bob, method, '/templates/private-note', payload), 404, /Email template not found/);
    }
    await refused(
      () => call(bob, 'POST', '/templates/private-note/test', { to: 'bob@example.test', data: {} }),
      404,
      /Email template not found/,
    );
    expect((await call(bob, 'GET', '/templates/private-note')).body).toEqual(missing.body);
  });

  it('sends a test rendered with the data over the sample data, queued to the address given', async () => {
    await call(ann, 'POST', '/templates', { templateName: 'test-me', subject: 'Hi {{name}} of {{spaceName}}', content: '<p>{{name}}</p>' });
    const sent = await call<{ id: string; status: string }>(ann, 'POST', '/templates/test-me/test', {
      to: 'carol@example.test',
      data: { name: 'Carol & <co>' },
    });
    expect(sent.status).toBe(202);
    expect(sent.body.status).toBe('queued');
    const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      to_address: 'carol@example.test',
      subject: 'Hi Carol & <co> of Cardiology 2025',
      html_body: '<p>Carol &amp; &lt;co&gt;</p>',
      text_body: 'Carol & <co>',
      sender_id: ann.user.id,
      space_id: null,
      template_name: 'test-me',
    });
    await refused(() => call(ann, 'POST', '/templates/test-me/test', { to: 'not-an-email', data: {} }), 400, /to: /);
    await refused(() => call(ann, 'POST', '/templates/no-such/test', { to: 'carol@example.test' }), 404, /not found/);
  });

  it('saves a template’s HTML email-safe, saying what it took out, and sends email-safe HTML even of one stored before', async () => {
    const saved = await call<Template & { removed: string[] }>(ann, 'POST', '/templates', {
      templateName: 'unsafe',
      subject: 'Hi {{name}}',
      content:
        '<base href="https://evil.test/"><p onclick="steal()">Hi {{name}}<script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">Win</a><a href="{{signInUrl}}">Sign in</a><object data="x.swf"></object>',
    });
    expect(saved.status).toBe(201);
    expect(saved.body.content).toBe('<p>Hi {{name}}</p><a>Win</a><a href="{{signInUrl}}">Sign in</a>');
    expect(saved.body.removed).toEqual([
      '<base>',
      'href on <base>',
      'onclick on <p>',
      '<script>',
      'href="javascript:…" on <a>',
      '<object>',
      'data on <object>',
    ]);
    expect((await call<Template & { removed: string[] }>(ann, 'GET', '/templates/unsafe')).body.removed).toEqual([]);
    const changed = await call<{ content: string; removed: string[] }>(ann, 'PUT', '/templates/unsafe', {
      subject: 'Hi',
      content: '<p>Fine</p><iframe src="https://evil.test"></iframe>',
    });
    expect(changed.body).toMatchObject({ content: '<p>Fine</p>', removed: ['<iframe>', 'src on <iframe>'] });

    // A template stored as written, before templates were made safe when saved, is made safe as it is sent.
    await t.db
      .updateTable('email_templates')
      .set({ content: '<p onmouseover="steal()">Old {{name}}</p><script>alert(1)</script>' })
      .where('owner_id', '=', ann.user.id)
      .where('name', '=', 'unsafe')
      .execute();
    const sent = await call<{ id: string }>(ann, 'POST', '/templates/unsafe/test', { to: 'carol@example.test', data: { name: 'Carol' } });
    expect(sent.status).toBe(202);
    const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(row.html_body).toBe('<p>Old Carol</p>');
  });

  it('sends a test whose links into the product point at PUBLIC_URL, not at the sample data’s host, unless the data names another', async () => {
    const sendTest = async (data: Record<string, unknown>) => {
      const sent = await call<{ id: string }>(ann, 'POST', '/templates/space-owner/test', { to: 'carol@example.test', data });
      return t.db.selectFrom('outbox').selectAll().where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    };
    const link = `<a href="${testPublicUrl}/">${testPublicUrl}/</a>`;
    for (const data of [{}, sampleData('space-owner')]) {
      const row = await sendTest(data);
      expect(row.html_body).toContain(link);
      expect(`${row.html_body}${row.text_body}`).not.toContain('resim.example.com');
    }
    const chosen = await sendTest({ signInUrl: 'https://elsewhere.example.test/in' });
    expect(chosen.html_body).toContain('<a href="https://elsewhere.example.test/in">');
  });

  it('sends the sender’s version of a template, and the default for a sender without one', async () => {
    const ctx = {
      db: t.db,
      email: createEmailQueue({ db: t.db, clock: { now: () => new Date() }, kick: () => undefined }),
      config: t.config,
    };
    await call(bob, 'PUT', '/templates/learner-invitation', {
      subject: 'Bob invites you to {{spaceName}}',
      content: '<p>{{senderEmail}}</p>',
    });
    const data = { spaceName: 'Lab', senderEmail: 'x@example.test', signInUrl: 'http://localhost:8080/play' };
    const fromBob = await sendTemplatedEmail(ctx, {
      templateName: 'learner-invitation',
      senderId: bob.user.id,
      spaceId: null,
      to: 'l@example.test',
      data,
    });
    const fromAnn = await sendTemplatedEmail(ctx, {
      templateName: 'learner-invitation',
      senderId: ann.user.id,
      spaceId: null,
      to: 'l@example.test',
      data,
    });
    const subjects = await t.db.selectFrom('outbox').select(['id', 'subject']).where('id', 'in', [fromBob, fromAnn]).execute();
    expect(Object.fromEntries(subjects.map((row) => [row.id, row.subject]))).toEqual({
      [fromBob]: 'Bob invites you to Lab',
      [fromAnn]: 'You are invited to Lab in Resim',
    });
    await expect(
      sendTemplatedEmail(ctx, { templateName: 'private-note', senderId: bob.user.id, spaceId: null, to: 'l@example.test', data }),
    ).rejects.toThrow(/Email template not found/);
  });

  it('queues 10,000 learner invitations in one go, in a few statements: the template read once, the messages 500 at a time', async () => {
    const counter = queryCounter();
    const ctx = {
      db: t.db.withPlugin(counter.plugin),
      email: createEmailQueue({ db: t.db, clock: { now: () => new Date() }, kick: () => undefined }),
      config: t.config,
    };
    const recipients = Array.from({ length: 10_000 }, (_, i) => ({
      to: `learner${i}@example.test`,
      data: { spaceName: 'Big cohort', senderEmail: 'ann@example.test', signInUrl: 'http://localhost:8080/play' },
    }));
    let ids: string[] = [];
    const { queries } = await counter.measure(async () => {
      ids = await sendTemplatedEmails(ctx, { templateName: 'learner-invitation', senderId: ann.user.id, spaceId: null, recipients });
    });
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
    const count = await t.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('subject', '=', 'You are invited to Big cohort in Resim')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(10_000);
    // One read of the sender's template, then 20 inserts of 500: not a statement per learner.
    expect(queries).toBe(1 + 10_000 / 500);
  });
});
