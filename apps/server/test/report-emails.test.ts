import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock';
import { createEmailQueue, type EmailSender } from '../src/modules/outbox/email-queue';
import { emailOpeningReports } from '../src/modules/run-reports/report-emails';
import { pdfText } from './pdf-text';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Run = { gameId: string; headers: Record<string, string> };

describe.each(dialects)('emailing learners their reports on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  let ann: TestUser;
  let bea: TestUser;
  let cy: TestUser;
  let resimId: string;
  let instanceId: string;
  let code: string;
  let otherResimId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.user('owner@example.test');
    outsider = await t.user('outsider@example.test');
    ann = await t.user('ann@hospital.test');
    bea = await t.user('bea@hospital.test');
    cy = await t.user('cy@hospital.test');
    const spaceId = (
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: owner.auth, payload: { description: 'Exams' } })
    ).json<{ id: string }>().id;
    const created = (
      await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: owner.auth, payload: { groupId: spaceId } })
    ).json<{ id: string; code: string }>();
    resimId = created.id;
    code = created.code;
    otherResimId = (
      await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: owner.auth, payload: { groupId: spaceId } })
    ).json<{ id: string }>().id;
    const selfPaced = {
      ...sessionScenario,
      details: { ...sessionScenario.details, mode: 2, passMark: { threshold: { kind: 'points', points: 40 }, mustDo: true } },
    };
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: owner.auth, payload: selfPaced })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: owner.auth })).statusCode).toBe(200);
    instanceId = (await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}`, headers: owner.auth })).json<{
      instances: { id: string }[];
    }>().instances[0]!.id;
  });
  afterAll(() => t.close());

  const join = async (nickname: string, learner?: TestUser): Promise<Run> => {
    const joined = await t.app.inject({
      method: 'POST',
      url: `/learn/join/${code}`,
      ...(learner ? { headers: learner.auth } : {}),
      payload: { nickname },
    });
    expect(joined.statusCode).toBe(201);
    const { gameId, runToken } = joined.json<{ gameId: string; runToken: string | null }>();
    return { gameId, headers: learner ? learner.auth : { 'x-run-token': runToken! } };
  };

  const play = async (run: Run, ...payloads: object[]) => {
    for (const payload of payloads)
      expect(
        (await t.app.inject({ method: 'POST', url: `/learn/game/${run.gameId}/event`, headers: run.headers, payload })).statusCode,
      ).toBe(200);
  };

  const emailRun = (who: TestUser, gameId: string, scenario = resimId) =>
    t.app.inject({ method: 'POST', url: `/admin/resim/${scenario}/games/${gameId}/report/email`, headers: who.auth });
  const emailOpening = (who: TestUser, instance = instanceId) =>
    t.app.inject({ method: 'POST', url: `/admin/resim/${resimId}/instance/${instance}/reports/email`, headers: who.auth });

  const sentTo = (address: string) =>
    t.db.selectFrom('outbox').selectAll().where('to_address', '=', address).orderBy('created_at').orderBy('id').execute();
  const attachmentsOf = (messageId: string) =>
    t.db.selectFrom('email_attachments').selectAll().where('message_id', '=', messageId).orderBy('position').execute();

  /** Shows a refused request queued nothing. */
  const refused = async (request: () => ReturnType<typeof emailRun>, status: number, message: RegExp) => {
    const before = await t.snapshot();
    const response = await request();
    expect(response.statusCode).toBe(status);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await t.snapshot()).toBe(before);
  };

  let annRun: Run;

  it('emails a signed-in learner the report of their ended run, attached as a PDF to the run-report template', async () => {
    annRun = await join('Ann', ann);
    await play(annRun, { type: 'runAction', actionId: 'act1' }, { type: 'confirmConclusions', conclusionIds: ['conc1'] }, { type: 'end' });

    const response = await emailRun(owner, annRun.gameId);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ queued: 1 });

    const [message, ...more] = await sentTo('ann@hospital.test');
    expect(more).toEqual([]);
    expect(message).toMatchObject({ template_name: 'run-report', sender_id: owner.user.id, subject: 'Your report of Anaemia clinic' });
    expect(message!.text_body).toContain('owner@example.test has sent you the report of your run of Anaemia clinic in Exams, which ended');
    expect(message!.text_body).toContain('Result: Not passed');
    const [file, ...others] = await attachmentsOf(message!.id);
    expect(others).toEqual([]);
    expect(file).toMatchObject({ filename: `Anaemia-clinic-Ann-${annRun.gameId}.pdf`, content_type: 'application/pdf' });
    expect(file!.size).toBe(file!.content.length);
    const text = await pdfText(Buffer.from(file!.content));
    for (const words of ['Learner: Ann', '1. Ran Full blood count', 'Full blood count: Hb 82 g/L', '2. Confirmed Iron deficiency'])
      expect(text).toContain(words);

    // The outbox lists the file by name and size, never its bytes.
    const outbox = await t.app.inject({ method: 'GET', url: '/admin/outbox', headers: owner.auth });
    const listed = outbox.json<{ messages: { id: string; attachments: object[] }[] }>().messages.find((m) => m.id === message!.id);
    expect(listed?.attachments).toEqual([{ filename: file!.filename, contentType: 'application/pdf', size: file!.size }]);
    expect(outbox.body).not.toContain('JVBERi');
  });

  it('refuses a run still going on, a learner without an address, a run of another scenario, and anyone outside the space', async () => {
    const beaRun = await join('Bea', bea);
    await play(beaRun, { type: 'runAction', actionId: 'act1' });
    await refused(() => emailRun(owner, beaRun.gameId), 409, /^Bea’s run has not ended: its report can be emailed once it has$/);

    const owl = await join('Owl');
    await play(owl, { type: 'end' });
    await refused(() => emailRun(owner, owl.gameId), 409, /^Owl has no email address: learners who join with a nickname/);

    await refused(() => emailRun(owner, 'no-such-run'), 404, /^Run not found$/);
    await refused(() => emailRun(owner, annRun.gameId, otherResimId), 404, /^Run not found$/);
    await refused(() => emailRun(outsider, annRun.gameId), 404, /not found/);
    await refused(() => emailOpening(outsider), 404, /not found/);
    await refused(() => emailOpening(owner, 'nope'), 404, /The scenario has no such opening/);
  });

  it('emails every ended run’s learner with an address through the sender’s own template, counting the anonymous as skipped', async () => {
    const cyRun = await join('Cy', cy);
    await play(cyRun, { type: 'runAction', actionId: 'act1' }, { type: 'runAction', actionId: 'act2' }, { type: 'end' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/templates/run-report',
      headers: owner.auth,
      payload: { subject: 'Exams: {{scenarioName}} ({{result}})', content: '<p>Your report is attached, {{recipientEmail}}.</p>' },
    });
    expect(saved.statusCode).toBe(200);

    // Ann and Cy have ended with an address, Owl without one; Bea is still playing. Ann was emailed
    // her report already, one run at a time: she is not sent it again.
    const response = await emailOpening(owner);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ queued: 1, skipped: 1, alreadyEmailed: 1 });

    const toAnn = await sentTo('ann@hospital.test');
    expect(toAnn.map((message) => message.subject)).toEqual(['Your report of Anaemia clinic']);
    const toCy = (await sentTo('cy@hospital.test')).at(-1)!;
    expect(toCy).toMatchObject({ subject: 'Exams: Anaemia clinic (Not passed)', template_name: 'run-report' });
    expect(toCy.text_body).toBe('Your report is attached, cy@hospital.test.');
    expect(await sentTo('bea@hospital.test')).toEqual([]);
    const cyFiles = await attachmentsOf(toCy.id);
    expect(cyFiles.map((file) => file.filename)).toEqual([`Anaemia-clinic-Cy-${cyRun.gameId}.pdf`]);
    const text = await pdfText(Buffer.from(cyFiles[0]!.content));
    expect(text).toContain('Learner: Cy');
    expect(text).toContain('2. Ran Ferritin');
  });

  it('sends nobody their report twice: emailing the opening again queues nothing and says so', async () => {
    const before = await t.snapshot();
    const again = await emailOpening(owner);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ queued: 0, skipped: 1, alreadyEmailed: 2 });
    expect(await t.snapshot()).toBe(before);

    // One run's report, asked for by name, goes again: its learner may have lost it.
    expect((await emailRun(owner, annRun.gameId)).json()).toEqual({ queued: 1 });
    expect(await sentTo('ann@hospital.test')).toHaveLength(2);
  });

  it('keeps the batches queued before a failure, and sending again sends exactly the rest', async () => {
    // 27 more learners end their runs: a batch of 25, then one of 2, which fails.
    const learners = await Promise.all(Array.from({ length: 27 }, (_, at) => t.user(`learner${at}@hospital.test`)));
    for (const [at, learner] of learners.entries()) await play(await join(`L${at}`, learner), { type: 'end' });
    let batches = 0;
    const queue = createEmailQueue({ db: t.db, clock: systemClock, kick: () => undefined });
    const failing: EmailSender = {
      ...queue,
      sendMany: (messages, db) => {
        batches += 1;
        return batches === 2 ? Promise.reject(new Error('the disk is full')) : queue.sendMany(messages, db);
      },
    };
    const principal = { userId: owner.user.id, email: owner.user.email, name: null, groups: [], isDeveloper: false, groupSpaceIds: [] };
    await expect(
      emailOpeningReports({ db: t.db, clock: systemClock, principal, email: failing, config: t.config }, resimId, instanceId),
    ).rejects.toThrow('the disk is full');
    const firstTry = await Promise.all(learners.map((learner) => sentTo(learner.user.email)));
    expect(firstTry.filter((messages) => messages.length === 1)).toHaveLength(25);
    expect(firstTry.filter((messages) => messages.length === 0)).toHaveLength(2);

    const rest = await emailOpening(owner);
    expect(rest.statusCode).toBe(202);
    expect(rest.json()).toEqual({ queued: 2, skipped: 1, alreadyEmailed: 27 });
    for (const learner of learners) expect(await sentTo(learner.user.email)).toHaveLength(1);
  });
});
