import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText as textOf } from './pdf-text';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

describe.each(dialects)('certificates on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  let resimId: string;
  let code: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.user('owner@example.test');
    outsider = await t.user('outsider@example.test');
    const spaceId = (
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: owner.auth, payload: { description: 'St Mary’s CPD' } })
    ).json<{ id: string }>().id;
    const created = (
      await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: owner.auth, payload: { groupId: spaceId } })
    ).json<{ id: string; code: string }>();
    resimId = created.id;
    code = created.code;
    const exam = {
      ...sessionScenario,
      details: {
        ...sessionScenario.details,
        mode: 2,
        passMark: { threshold: { kind: 'points', points: 30 }, mustDo: false, creditHours: 1.5 },
      },
    };
    expect((await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: owner.auth, payload: exam })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: owner.auth })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const play = async (nickname: string, steps: object[]) => {
    const run = (await t.app.inject({ method: 'POST', url: `/learn/join/${code}`, payload: { nickname } })).json<{
      gameId: string;
      runToken: string;
    }>();
    for (const step of [...steps, { type: 'end' }])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/learn/game/${run.gameId}/event`,
            headers: { 'x-run-token': run.runToken },
            payload: step,
          })
        ).statusCode,
      ).toBe(200);
    return run;
  };
  const certificate = (run: { gameId: string; runToken: string }) =>
    t.app.inject({ method: 'GET', url: `/learn/game/${run.gameId}/certificate`, headers: { 'x-run-token': run.runToken } });
  const verify = (typed: string) =>
    t.app.inject({ method: 'GET', url: `/verify/${encodeURIComponent(typed)}`, remoteAddress: `10.0.0.${typed.length}` });

  let sam: { gameId: string; runToken: string };
  let issued: string;

  it('gives a passed run a certificate with a code that its verification page confirms', async () => {
    sam = await play('Sam', [
      { type: 'runAction', actionId: 'act1' },
      { type: 'confirmConclusions', conclusionIds: ['conc1'] },
    ]);
    const answer = await certificate(sam);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const text = await textOf(answer.rawPayload);
    expect(text).toContain('Sam');
    expect(text).toContain('passed the simulation');
    expect(text).toContain('Anaemia clinic');
    expect(text).toContain('with 30 points');
    expect(text).toContain('1.5 hours of credit');
    expect(text).toContain('Issued by St Mary’s CPD');
    issued = /Certificate code ([2-9A-Z]{10})/.exec(text)![1]!;
    expect(text).toContain(`/verify/${issued}`);
    // Asked again, the same certificate.
    expect(await textOf((await certificate(sam)).rawPayload)).toContain(`Certificate code ${issued}`);

    const page = await verify(issued.toLowerCase().replace(/(.{5})/, '$1-'));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Valid certificate</h1>');
    expect(page.body).toContain('<strong>Sam</strong> passed <strong>Anaemia clinic</strong>');
    expect(page.body).toContain('<p>1.5 hours of credit.</p>');
  });

  it('gives none to a run that did not pass, and denies a forged code', async () => {
    const kim = await play('Kim', [{ type: 'confirmConclusions', conclusionIds: ['conc2'] }]);
    const answer = await certificate(kim);
    expect(answer.statusCode).toBe(409);
    expect(answer.json<{ message: string }>().message).toMatch(/^This run did not pass, so it has no certificate: /);
    const forged = await verify('ABCDEFGHJK');
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toContain('<h1>No such certificate</h1>');
    const hostile = await verify('<script>alert(1)</script>');
    expect(hostile.statusCode).toBe(404);
    expect(hostile.body).not.toContain('<script>');
  });

  it('lets only the space’s owner revoke a certificate, after which it verifies no more', async () => {
    const url = `/admin/resim/${resimId}/games/${sam.gameId}/certificate/revoke`;
    expect((await t.app.inject({ method: 'POST', url, headers: outsider.auth })).statusCode).toBe(404);
    const revoked = await t.app.inject({ method: 'POST', url, headers: owner.auth });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ code: string }>().code).toBe(issued);
    const page = await verify(issued);
    expect(page.body).toContain('<h1>Certificate revoked</h1>');
    expect(page.body).not.toContain('Sam');
    expect((await certificate(sam)).statusCode).toBe(409);
  });

  it("offers a signed-in learner their run's report and certificate from their home, and no certificate once revoked", async () => {
    // The scenario admits accounts of the hospital's domain.
    const lee = await t.user('lee@hospital.test');
    const mine = async () =>
      (await t.app.inject({ method: 'GET', url: '/learn/mine', headers: lee.auth })).json<
        { resimId: string; gameId: string | null; ended: boolean; reportReady: boolean; certificateReady: boolean }[]
      >();
    const joined = await t.app.inject({ method: 'POST', url: `/learn/join/${code}`, headers: lee.auth, payload: {} });
    expect(joined.statusCode, joined.body).toBe(201);
    const gameId = joined.json<{ gameId: string }>().gameId;
    expect(await mine()).toEqual([expect.objectContaining({ resimId, gameId, ended: false, reportReady: false, certificateReady: false })]);
    const steps = [{ type: 'runAction', actionId: 'act1' }, { type: 'confirmConclusions', conclusionIds: ['conc1'] }, { type: 'end' }];
    for (const step of steps)
      expect(
        (await t.app.inject({ method: 'POST', url: `/learn/game/${gameId}/event`, headers: lee.auth, payload: step })).statusCode,
      ).toBe(200);
    expect(await mine()).toEqual([expect.objectContaining({ gameId, ended: true, reportReady: true, certificateReady: true })]);
    const report = await t.app.inject({ method: 'GET', url: `/learn/game/${gameId}/report`, headers: lee.auth });
    expect(report.statusCode, report.body).toBe(200);
    expect(await textOf(report.rawPayload)).toContain('Anaemia clinic');
    expect((await t.app.inject({ method: 'GET', url: `/learn/game/${gameId}/certificate`, headers: lee.auth })).statusCode).toBe(200);

    const revoke = `/admin/resim/${resimId}/games/${gameId}/certificate/revoke`;
    expect((await t.app.inject({ method: 'POST', url: revoke, headers: owner.auth })).statusCode).toBe(200);
    expect(await mine()).toEqual([expect.objectContaining({ gameId, reportReady: true, certificateReady: false })]);
  });

  it('limits how many codes one address may try', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 31; n += 1)
      statuses.push((await t.app.inject({ method: 'GET', url: '/verify/ABCDEFGHJK', remoteAddress: '10.9.9.9' })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
