import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dialects, testPublicUrl, type TestApp } from './harness';
import { freePort } from './oidc-client';
import { pdfText } from './pdf-text';
import { sessionScenario } from './session-scenario';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox';

const waitFor = async (what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(dialects)('email by SMTP on %s', (dialect) => {
  let t: TestApp | undefined;
  let inbox: SmtpInbox | undefined;
  afterEach(async () => {
    await t?.close();
    await inbox?.stop();
  });

  const outbox = () => t!.db.selectFrom('outbox').selectAll().execute();

  it('delivers the space invitation and a test send as rendered from their templates, signing in to the server', async () => {
    inbox = await startSmtpInbox(await freePort(), { user: 'mailer', pass: 'p@ss word' });
    t = await createTestApp(dialect, {
      SMTP_URL: `smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${inbox.port}`,
      EMAIL_FROM: 'Resim <no-reply@example.test>',
    });
    const owner = await t.user('owner@example.test');
    const call = (method: 'POST' | 'PUT', url: string, payload: object) => t!.app.inject({ method, url, headers: owner.auth, payload });

    const space = (await call('POST', '/admin/space', { description: 'R&D <lab>' })).json<{ id: string }>();
    expect((await call('POST', `/admin/space/${space.id}/user`, { email: 'newcomer@example.test' })).statusCode).toBe(201);
    await waitFor('the invitation and the password link', () => inbox!.received.length === 2);
    const bySubject = (subject: string) => inbox!.received.find((message) => message.subject === subject)!;
    const invitation = bySubject('You have been added to "R&D <lab>" in Resim');
    expect(invitation.to).toEqual(['newcomer@example.test']);
    expect(invitation.raw).toMatch(/^From: Resim <no-reply@example\.test>/m);
    expect(invitation.html).toContain(
      `<p>owner@example.test has added you to the space <strong>R&amp;D &lt;lab&gt;</strong> in Resim.</p>`,
    );
    // The invitation reads as one to an address with an account would: the sender may read it in the outbox.
    expect(invitation.text).toBe(
      ['Hello,', '', 'owner@example.test has added you to the space R&D <lab> in Resim.', '', `Sign in here: ${testPublicUrl}/`].join('\n'),
    );
    // A new account chooses its password from a link of its own, not by asking for a reset.
    const password = bySubject('Choose your Resim password');
    expect(password.to).toEqual(['newcomer@example.test']);
    const link = new RegExp(`${testPublicUrl}/account/reset/[\\w-]{20,}`).exec(password.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(password.text).toContain(
      'owner@example.test has added you to the space "R&D <lab>" in Resim. Your account there has no password yet.',
    );
    const choose = await t.app.inject({ method: 'GET', url: new URL(link!).pathname });
    expect(choose.statusCode).toBe(200);
    expect(choose.body).toContain('Choose your password');

    await call('POST', '/templates', {
      templateName: 'check-welcome',
      subject: 'Welcome {{name}}',
      content: '<p>Hello {{name}}</p>',
      text: 'Hi {{name}}',
    });
    const test = await call('POST', '/templates/check-welcome/test', { to: 'ann@example.test', data: { name: 'Ann & co' } });
    expect(test.statusCode).toBe(202);
    await waitFor('the test send', () => inbox!.received.length === 3);
    expect(inbox.received[2]).toMatchObject({
      to: ['ann@example.test'],
      subject: 'Welcome Ann & co',
      html: '<p>Hello Ann &amp; co</p>',
      text: 'Hi Ann & co',
    });

    await waitFor('every one marked sent', async () => (await outbox()).every((row) => row.status === 'sent' && row.sent_at !== null));
    expect((await outbox()).map((row) => row.attempts)).toEqual([1, 1, 1]);
  });

  it('invites learners added with notify and reminds them, rendered from the learner templates as the sender has them', async () => {
    inbox = await startSmtpInbox(await freePort());
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${inbox.port}` });
    // The console offers invitations by default only where they are sent.
    expect((await t.app.inject({ url: '/config.json' })).json<{ emailSends: boolean }>().emailSends).toBe(true);
    const admin = await t.user('admin@example.test');
    const call = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) =>
      t!.app.inject({ method, url, headers: admin.auth, payload });
    const space = (await call('POST', '/admin/space', { description: 'Ward 7' })).json<{ id: string }>();
    const resim = (await call('POST', '/admin/resim/new', { groupId: space.id })).json<{ id: string }>();
    await call('PATCH', `/admin/resim/${resim.id}`, { details: { resimName: 'Chest <pain>' } });
    const saved = await call('PUT', '/templates/learner-invitation', {
      subject: 'Join {{spaceName}}, {{recipientEmail}}',
      content: '<p>{{senderEmail}} invites you. {{#if newAccount}}Choose a password:{{else}}Sign in:{{/if}} {{signInUrl}}</p>',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ unknownPlaceholders: ['newAccount'] });

    const added = await call('POST', `/admin/space/${space.id}/learner`, {
      tags: ['night'],
      notify: true,
      learners: [{ email: 'Ann@Example.test' }],
    });
    expect(added.json()).toEqual({ added: 1, merged: 0, notified: 1 });
    await waitFor('the invitation and the password link', () => inbox!.received.length === 2);
    const bySubject = (subject: string) => inbox!.received.filter((message) => message.subject === subject);
    const [invitation] = bySubject('Join Ward 7, ann@example.test');
    expect(invitation).toMatchObject({ to: ['ann@example.test'] });
    // A template saved when it could tell a new account from another no longer can: it reads as to anyone.
    expect(invitation!.html).toBe(`<p>admin@example.test invites you. Sign in: ${testPublicUrl}/play</p>`);
    const password = bySubject('Choose your Resim password');
    expect(password.map((message) => message.to)).toEqual([['ann@example.test']]);
    expect(password[0]!.text).toMatch(new RegExp(`${testPublicUrl}/account/reset/[\\w-]{20,}`));

    await call('POST', `/admin/space/${space.id}/allocation`, { learners: ['ann@example.test'], resims: [resim.id] });
    const reminded = await call('POST', `/admin/space/${space.id}/learner/remind`, { learners: ['ann@example.test'] });
    expect(reminded.statusCode).toBe(202);
    await waitFor('the reminder and another password link', () => inbox!.received.length === 4);
    const [reminder] = bySubject('Reminder: simulations are waiting for you in Ward 7');
    expect(reminder!.html).toContain('<ul><li>Chest &lt;pain&gt;</li></ul>');
    expect(reminder!.text).toContain(`Sign in here: ${testPublicUrl}/play`);
    expect(reminder!.text).not.toContain('/account/reset/');
    expect(bySubject('Choose your Resim password')).toHaveLength(2);
  });

  it('delivers a learner’s report as a PDF attached to the run-report email, beside its text and HTML', async () => {
    inbox = await startSmtpInbox(await freePort());
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${inbox.port}` });
    const host = await t.user('host@example.test');
    const learner = await t.user('ann@hospital.test');
    const call = (method: 'POST' | 'PATCH', url: string, payload?: object, headers = host.auth) =>
      t!.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const space = (await call('POST', '/admin/space', { description: 'Ward 9' })).json<{ id: string }>();
    const resim = (await call('POST', '/admin/resim/new', { groupId: space.id })).json<{ id: string; code: string }>();
    await call('PATCH', `/admin/resim/${resim.id}`, { ...sessionScenario, details: { ...sessionScenario.details, mode: 2 } });
    await call('POST', `/admin/control/${resim.id}/2`);
    const run = (await call('POST', `/learn/join/${resim.code}`, { nickname: 'Ann' }, learner.auth)).json<{ gameId: string }>();
    for (const payload of [{ type: 'runAction', actionId: 'act1' }, { type: 'end' }])
      expect((await call('POST', `/learn/game/${run.gameId}/event`, payload, learner.auth)).statusCode).toBe(200);

    expect((await call('POST', `/admin/resim/${resim.id}/games/${run.gameId}/report/email`)).statusCode).toBe(202);
    await waitFor('the report', () => inbox!.received.length === 1);
    const [email] = inbox.received;
    expect(email).toMatchObject({ to: ['ann@hospital.test'], subject: 'Your report of Anaemia clinic' });
    expect(email!.text).toContain('host@example.test has sent you the report of your run of Anaemia clinic in Ward 9');
    expect(email!.html).toContain('<strong>Anaemia clinic</strong>');
    expect(email!.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`Anaemia-clinic-Ann-${run.gameId}.pdf`, 'application/pdf'],
    ]);
    const text = await pdfText(email!.attachments[0]!.content);
    expect(text).toContain('Learner: Ann');
    expect(text).toContain('1. Ran Full blood count');
    await waitFor('the email marked sent', async () => (await outbox()).every((row) => row.status === 'sent'));
  });

  it('sends password links whole, while the outbox shows them without a token that works', async () => {
    inbox = await startSmtpInbox(await freePort());
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${inbox.port}` });
    const admin = await t.user('admin@example.test', 'developer');
    const space = (
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: admin.auth, payload: { description: 'Ward 8' } })
    ).json<{ id: string }>();
    await t.app.inject({
      method: 'POST',
      url: `/admin/space/${space.id}/learner`,
      headers: admin.auth,
      payload: { tags: [], notify: true, learners: [{ email: 'dee@example.test' }] },
    });
    await t.app.inject({
      method: 'POST',
      url: '/account/forgot',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=admin%40example.test',
    });
    await waitFor('the three emails', () => inbox!.received.length === 3);
    await waitFor('every one marked sent', async () => (await outbox()).every((row) => row.status === 'sent'));

    const linkPath = new RegExp(`${testPublicUrl}(/account/reset/[^\\s"<]+)`);
    const listed = (await t.app.inject({ url: '/admin/outbox', headers: admin.auth })).json<{
      messages: { id: string; to: string; subject: string; text: string; html: string | null }[];
    }>().messages;
    expect(listed.map((m) => `${m.to}: ${m.subject}`).sort()).toEqual([
      'admin@example.test: Reset your Resim password',
      'dee@example.test: Choose your Resim password',
      'dee@example.test: You are invited to Ward 8 in Resim',
    ]);
    // The invitation holds no link of the account's; the two that do are shown without their token.
    const withLinks = listed.filter((m) => m.subject !== 'You are invited to Ward 8 in Resim');
    expect(listed.find((m) => m.subject === 'You are invited to Ward 8 in Resim')!.html).toContain(
      `<a href="${testPublicUrl}/play">${testPublicUrl}/play</a>`,
    );
    for (const shown of [
      ...withLinks,
      ...(await Promise.all(
        withLinks.map(async (m) => (await t!.app.inject({ url: `/admin/outbox/${m.id}`, headers: admin.auth })).json<typeof m>()),
      )),
    ]) {
      for (const body of [shown.text, shown.html ?? '']) {
        const path = linkPath.exec(body)?.[1];
        if (!path) continue;
        expect(path).toBe('/account/reset/[hidden]');
        expect((await t.app.inject({ url: path })).statusCode).toBe(400);
      }
      expect(linkPath.exec(shown.text)?.[1]).toBe('/account/reset/[hidden]');
    }

    const links = inbox.received.flatMap((received) => linkPath.exec(received.text ?? '')?.[1] ?? []);
    expect(links).toHaveLength(2);
    for (const path of links) {
      expect(path).toMatch(/^\/account\/reset\/[\w-]{43}$/);
      expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    }
  });

  it('marks a message refused with a 5xx reply failed after its one attempt, and retries one refused with a 4xx reply', async () => {
    const testSend = async (to: string) => {
      const owner = await t!.user(`owner-${to}`, 'developer');
      const queued = await t!.app.inject({
        method: 'POST',
        url: '/templates/space-owner/test',
        headers: owner.auth,
        payload: { to, data: {} },
      });
      return queued.json<{ id: string }>().id;
    };
    inbox = await startSmtpInbox(await freePort(), undefined, { refuseWith: 550 });
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, EMAIL_RETRY_BASE_MS: '20', EMAIL_MAX_ATTEMPTS: '5' });
    const refused = await testSend('gone@example.test');
    await waitFor('the refused message to fail', async () => (await outbox()).find((row) => row.id === refused)!.status === 'failed');
    expect(await outbox()).toMatchObject([
      { status: 'failed', attempts: 1, last_error: expect.stringMatching(/550 Refused for the test/) },
    ]);
    expect(inbox.refused).toEqual(['gone@example.test']);
    await t.close();
    await inbox.stop();

    inbox = await startSmtpInbox(await freePort(), undefined, { refuseWith: 451 });
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, EMAIL_RETRY_BASE_MS: '20', EMAIL_MAX_ATTEMPTS: '3' });
    const delayed = await testSend('busy@example.test');
    await waitFor(
      'the delayed message to fail after its last attempt',
      async () => (await outbox()).find((row) => row.id === delayed)!.status === 'failed',
    );
    expect(await outbox()).toMatchObject([
      { status: 'failed', attempts: 3, last_error: expect.stringMatching(/451 Refused for the test/) },
    ]);
    expect(inbox.refused).toEqual(['busy@example.test', 'busy@example.test', 'busy@example.test']);
  });

  it('delivers every message exactly once when the SMTP server comes back after being down', async () => {
    inbox = await startSmtpInbox(await freePort());
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, EMAIL_RETRY_BASE_MS: '50', EMAIL_RETRY_MAX_MS: '400' });
    const owner = await t.user('owner@example.test');
    await t.app.inject({
      method: 'POST',
      url: '/templates',
      headers: owner.auth,
      payload: { templateName: 'ping', subject: 'Ping {{n}}', content: '<p>{{n}}</p>' },
    });

    await inbox.stop();
    const count = 6;
    for (let n = 0; n < count; n++) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/templates/ping/test',
        headers: owner.auth,
        payload: { to: `learner${n}@example.test`, data: { n } },
      });
      expect(sent.statusCode).toBe(202);
    }
    await waitFor('a failed attempt of each', async () => (await outbox()).every((row) => row.status === 'queued' && row.attempts >= 1));
    expect((await outbox())[0]!.last_error).toMatch(/ECONNREFUSED/);

    await inbox.start();
    await waitFor('every message sent', async () => (await outbox()).every((row) => row.status === 'sent'));
    // Give a duplicate time to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.received.map((email) => email.subject).sort()).toEqual(Array.from({ length: count }, (_, n) => `Ping ${n}`));
    expect((await outbox()).every((row) => row.attempts >= 2 && row.last_error === null)).toBe(true);
  });

  it('marks a message failed with its error after the last attempt, and sends it when retried', async () => {
    inbox = await startSmtpInbox(await freePort());
    await inbox.stop();
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, EMAIL_RETRY_BASE_MS: '20', EMAIL_MAX_ATTEMPTS: '2' });
    const owner = await t.user('owner@example.test', 'developer');
    const queued = await t.app.inject({
      method: 'POST',
      url: '/templates/space-owner/test',
      headers: owner.auth,
      payload: { to: 'next@example.test', data: {} },
    });
    const { id } = queued.json<{ id: string }>();
    await waitFor('the message to fail', async () => (await outbox())[0]!.status === 'failed');
    const failed = await t.app.inject({ method: 'GET', url: `/admin/outbox/${id}`, headers: owner.auth });
    expect(failed.json()).toMatchObject({ status: 'failed', attempts: 2, lastError: expect.stringMatching(/ECONNREFUSED/), sentAt: null });

    await inbox.start();
    const retried = await t.app.inject({ method: 'POST', url: `/admin/outbox/${id}/retry`, headers: owner.auth });
    expect(retried.statusCode).toBe(200);
    await waitFor('the retried message', () => inbox!.received.length === 1);
    expect(inbox.received[0]!.subject).toBe('You now own "Cardiology 2025" in Resim');
    await waitFor('it marked sent', async () => (await outbox())[0]!.status === 'sent');
  });
});
