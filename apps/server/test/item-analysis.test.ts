import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Analysis = {
  learners: number;
  kr20: { value: number | null; reason: string | null };
  standardError: { value: number | null; reason: string | null };
  items: { id: string; name: string; kind: string; facility: { value: number | null }; flags: string[] }[];
};

describe.each(dialects)('item analysis of an opening on %s', (dialect) => {
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
    const selfPaced = { ...sessionScenario, details: { ...sessionScenario.details, mode: 2 } };
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: owner.auth, payload: selfPaced })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: owner.auth })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const instanceOf = async () =>
    (await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}`, headers: owner.auth }))
      .json<{ instances: { id: string }[] }>()
      .instances.at(-1)!.id;

  const analysis = async (instanceId: string, who = owner) =>
    t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/instance/${instanceId}/item-analysis`, headers: who.auth });

  /** A learner joins, takes these steps and, unless told otherwise, ends the run. */
  const play = async (nickname: string, steps: object[], end = true) => {
    const joined = (await t.app.inject({ method: 'POST', url: `/learn/join/${code}`, payload: { nickname } })).json<{
      gameId: string;
      runToken: string;
    }>();
    for (const step of [...steps, ...(end ? [{ type: 'end' }] : [])]) {
      const taken = await t.app.inject({
        method: 'POST',
        url: `/learn/game/${joined.gameId}/event`,
        headers: { 'x-run-token': joined.runToken },
        payload: step,
      });
      expect(taken.statusCode, JSON.stringify(step)).toBe(200);
    }
  };
  const test = (actionId: string) => ({ type: 'runAction', actionId });
  const diagnose = (conclusionId: string) => ({ type: 'confirmConclusions', conclusionIds: [conclusionId] });

  it('says there is not enough data for an opening nobody finished', async () => {
    const answer = await analysis(await instanceOf());
    expect(answer.statusCode).toBe(200);
    expect(answer.json<Analysis>()).toMatchObject({
      learners: 0,
      kr20: { value: null, reason: 'not enough data: no learner has answered' },
      standardError: { value: null },
    });
  });

  it("scores each answer-key item over the opening's finished runs, leaving out runs still going", async () => {
    await play('Ann', [test('act1'), diagnose('conc1')]);
    await play('Ben', [test('act1'), test('act2'), diagnose('conc1')]);
    await play('Cat', [diagnose('conc2')]);
    await play('Dan', [test('act1'), diagnose('conc2')]);
    await play('Eve', []);
    await play('Fay', [test('act1')], false);
    const answer = (await analysis(await instanceOf())).json<Analysis>();
    // Right on: the blood count run, the ferritin (needless) left alone, iron deficiency confirmed.
    // Ann 1 1 1, Ben 1 0 1, Cat 0 1 0, Dan 1 1 0, Eve 0 1 0: totals 3 2 1 2 1, mean 1.8, variance 0.56;
    // Σpq = 0.24 + 0.16 + 0.24 = 0.64; KR-20 = 3/2 · (1 − 0.64/0.56) = −0.214286.
    expect(answer.learners).toBe(5);
    expect(answer.items.map((item) => [item.name, item.kind, item.facility.value])).toEqual([
      ['Full blood count', 'required test', 0.6],
      ['Ferritin', 'unnecessary test', 0.8],
      ['Iron deficiency', 'diagnosis', 0.4],
    ]);
    expect(answer.kr20.value).toBeCloseTo(-0.214286, 5);
    expect(answer.standardError.value).toBeCloseTo(Math.sqrt(0.56) * Math.sqrt(1.214286), 5);
  });

  const control = async (status: number) =>
    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/${status}`, headers: owner.auth })).statusCode).toBe(200);
  const ofVersion = (revision: number | string, query = '') =>
    t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/version/${revision}/item-analysis${query}`, headers: owner.auth });

  it('downloads as CSV and as XLSX, named for the scenario and the opening', async () => {
    const instanceId = await instanceOf();
    const csv = await t.app.inject({
      method: 'GET',
      url: `/admin/resim/${resimId}/instance/${instanceId}/item-analysis?output=csv`,
      headers: owner.auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="Anaemia-clinic-item-analysis-opening-${instanceId}.csv"`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('item,kind,facility,point_biserial,upper_lower,flags,note');
    expect(lines[1]).toMatch(/^Full blood count,required test,0\.6,/);
    expect(lines).toContain('Learners,,5,,,,');

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/admin/resim/${resimId}/instance/${instanceId}/item-analysis?output=xlsx`,
      headers: owner.auth,
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Item analysis')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Item');
    expect([sheet.getRow(3).getCell(1).value, sheet.getRow(3).getCell(3).value]).toEqual(['Ferritin', 0.8]);

    const wrong = await t.app.inject({
      method: 'GET',
      url: `/admin/resim/${resimId}/instance/${instanceId}/item-analysis?output=pdf`,
      headers: owner.auth,
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('pools the runs of every opening of one version, and scores an opening by the answer key of the version it ran', async () => {
    const first = (await ofVersion(1)).json<Analysis & { openings: number; revision: number; instanceId: null }>();
    expect(first).toMatchObject({ learners: 5, openings: 1, revision: 1, instanceId: null });

    // A second opening of the same version: its runs join the first's (and closing the first ended Fay's run).
    await control(3);
    await control(0);
    await control(2);
    await play('Gus', [test('act1'), diagnose('conc1')]);
    const pooled = (await ofVersion(1)).json<Analysis & { openings: number }>();
    expect([pooled.learners, pooled.openings]).toEqual([7, 2]);
    expect(pooled.items.map((item) => item.facility.value)).toEqual([5 / 7, 6 / 7, 3 / 7]);

    // The key changes (the ferritin becomes required) and a third opening runs revision 2: the first
    // opening is still scored by the key it ran under, the third by the new one.
    const firstOpening = (await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}`, headers: owner.auth })).json<{
      instances: { id: string }[];
    }>().instances[0]!.id;
    await control(3);
    await control(0);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/admin/resim/${resimId}`,
      headers: owner.auth,
      payload: { details: { answers: { actions: ['act1', 'act2'], unnecessaryActions: [], harmfulActions: [], conclusions: ['conc1'] } } },
    });
    expect(saved.json<{ revision: number }>().revision).toBe(2);
    await control(2);
    const before = (await analysis(firstOpening)).json<Analysis & { revision: number }>();
    expect(before.revision).toBe(1);
    expect(before.items.map((item) => item.kind)).toEqual(['required test', 'unnecessary test', 'diagnosis']);
    const after = (await ofVersion(2)).json<Analysis & { openings: number }>();
    expect(after.items.map((item) => item.kind)).toEqual(['required test', 'required test', 'diagnosis']);
    expect([after.learners, after.openings]).toEqual([0, 1]);
  });

  it('refuses a version it cannot read, naming the problem', async () => {
    expect((await ofVersion('latest')).statusCode).toBe(400);
    const missing = await ofVersion(99);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('The scenario has no revision 99 yet: its latest is 2');
    expect((await analysis('no-such-opening')).statusCode).toBe(404);
  });

  it('is for members of the space only', async () => {
    const instanceId = await instanceOf();
    expect((await analysis(instanceId, outsider)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/admin/resim/${resimId}/version/1/item-analysis`, headers: outsider.auth })).statusCode,
    ).toBe(404);
  });
});
