import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText as textOf } from './pdf-text';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

describe.each(dialects)('learner reports on %s', (dialect) => {
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
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: owner.auth, payload: { description: 'Exams' } })
    ).json<{
      id: string;
    }>().id;
    const created = (
      await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: owner.auth, payload: { groupId: spaceId } })
    ).json<{
      id: string;
      code: string;
    }>();
    resimId = created.id;
    code = created.code;
    const selfPaced = {
      ...sessionScenario,
      details: {
        ...sessionScenario.details,
        mode: 2,
        description: 'A woman of 34, tired for three months.',
        passMark: { threshold: { kind: 'points', points: 40 }, mustDo: true },
      },
    };
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: owner.auth, payload: selfPaced })).statusCode,
    ).toBe(200);
    await control(2);
  });
  afterAll(() => t.close());

  const control = async (status: number) =>
    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/${status}`, headers: owner.auth })).statusCode).toBe(200);

  const join = async (nickname: string) =>
    (await t.app.inject({ method: 'POST', url: `/learn/join/${code}`, payload: { nickname } })).json<{
      gameId: string;
      runToken: string;
    }>();

  const step = async (run: { gameId: string; runToken: string }, payload: object) =>
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/learn/game/${run.gameId}/event`,
          headers: { 'x-run-token': run.runToken },
          payload,
        })
      ).statusCode,
    ).toBe(200);

  const learnerReport = (run: { gameId: string; runToken: string | null }) =>
    t.app.inject({
      method: 'GET',
      url: `/learn/game/${run.gameId}/report`,
      headers: run.runToken === null ? {} : { 'x-run-token': run.runToken },
    });

  let sam: { gameId: string; runToken: string };

  it('gives a run’s host its report: every step with what it revealed, the measures, each verdict of the answer key, the rank', async () => {
    sam = await join('Sam');
    await step(sam, { type: 'runAction', actionId: 'act1' });
    await step(sam, { type: 'runAction', actionId: 'act2' });
    await step(sam, { type: 'confirmConclusions', conclusionIds: ['conc1'] });
    await step(sam, { type: 'end' });

    const report = await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/games/${sam.gameId}/report`, headers: owner.auth });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.headers['content-disposition']).toBe(`attachment; filename="Anaemia-clinic-Sam-${sam.gameId}.pdf"`);
    const text = await textOf(report.rawPayload);
    for (const words of [
      'Anaemia clinic',
      'Learner: Sam',
      'A woman of 34, tired for three months.',
      '1. Ran Full blood count',
      'Full blood count: Hb 82 g/L',
      '2. Ran Ferritin',
      'Ferritin: Ferritin 6',
      '3. Confirmed Iron deficiency',
      '4. Ended the run',
      'Points: 35',
      'Rank: 1',
      'Result: Not passed',
      '- 35 points scored (40 needed)',
      'Right Full blood count (required test): Run, as required',
      'Wrong Ferritin (unnecessary test): Run, though unnecessary',
      'Right Iron deficiency (diagnosis): Confirmed',
    ])
      expect(text).toContain(words);
  });

  it('gives a learner their own report once their run has ended, and nobody else’s', async () => {
    const kim = await join('Kim');
    await step(kim, { type: 'runAction', actionId: 'act1' });
    const early = await learnerReport(kim);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe('Your report is ready once your run has ended');
    await step(kim, { type: 'end' });

    const own = await learnerReport(kim);
    expect(own.statusCode).toBe(200);
    const text = await textOf(own.rawPayload);
    expect(text).toContain('Learner: Kim');
    expect(text).toContain('Wrong Iron deficiency (diagnosis): Not confirmed');
    expect((await learnerReport({ gameId: sam.gameId, runToken: kim.runToken })).statusCode).toBe(404);
    expect((await learnerReport({ gameId: kim.gameId, runToken: null })).statusCode).toBe(401);
  });

  it('keeps the words of the version played after the scenario is edited', async () => {
    await control(3);
    await control(0);
    const renamed = {
      actions: sessionScenario.actions.map((action) => (action.id === 'act1' ? { ...action, name: 'CBC with film' } : action)),
    };
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: owner.auth, payload: renamed })).statusCode,
    ).toBe(200);
    const text = await textOf((await learnerReport(sam)).rawPayload);
    expect(text).toContain('1. Ran Full blood count');
    expect(text).not.toContain('CBC with film');
    // The run's drawer replays it with the same version.
    const detail = await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/games/${sam.gameId}`, headers: owner.auth });
    expect(detail.json<{ steps: { facts: { name: string }[] }[] }>().steps[0]!.facts.map((fact) => fact.name)).toEqual([
      'Full blood count',
    ]);
  });

  it('zips the reports of every ended run of an opening for its host, and for nobody else', async () => {
    const instanceId = (await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}`, headers: owner.auth })).json<{
      instances: { id: string }[];
    }>().instances[0]!.id;
    const url = `/admin/resim/${resimId}/instance/${instanceId}/reports`;
    const zip = await t.app.inject({ method: 'GET', url, headers: owner.auth });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^Anaemia-clinic-Kim-.+\.pdf$/);
    expect(await textOf(Buffer.from(files[names[1]!]!))).toContain('Learner: Sam');
    expect((await t.app.inject({ method: 'GET', url, headers: outsider.auth })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/instance/nope/reports`, headers: owner.auth })).statusCode,
    ).toBe(404);
  });
});
