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

  it('is for members of the space only', async () => {
    const instanceId = await instanceOf();
    expect((await analysis(instanceId, outsider)).statusCode).toBe(404);
  });
});
