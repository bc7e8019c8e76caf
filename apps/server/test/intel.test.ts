import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Intel } from '@resim/contracts';
import type { Clock } from '../src/lib/clock';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { budgetScenario, sessionScenario } from './session-scenario';

/** A self-paced clinic whose key also names a harmful test. */
const clinic = {
  ...sessionScenario,
  details: {
    ...sessionScenario.details,
    mode: 2,
    answers: { actions: ['act1'], unnecessaryActions: ['act2'], harmfulActions: ['act3'], conclusions: ['conc1'] },
  },
  actions: [...sessionScenario.actions, { id: 'act3', name: 'Transfusion', stage: 'stg1', impact: [{ measureId: 'points', value: -20 }] }],
};

type Join = { gameId: string; runToken: string | null };

describe.each(dialects)('Intel on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let outsider: TestUser;
  let spaceId: string;
  let outsiderSpaceId: string;
  let clinicId: string;
  let budgetId: string;
  let at = Date.parse('2025-03-03T09:00:00.000Z');
  const clock: Clock = { now: () => new Date(at) };
  const later = (seconds: number) => {
    at += seconds * 1000;
  };

  const call = (url: string, who: TestUser, method: 'GET' | 'POST' | 'PATCH' = 'GET', payload?: object, runToken?: string | null) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.auth, ...(runToken ? { 'x-run-token': runToken } : {}) },
      ...(payload ? { payload } : {}),
    });
  const ok = async (
    url: string,
    who: TestUser | null,
    method: 'GET' | 'POST' | 'PATCH' = 'GET',
    payload?: object,
    runToken?: string | null,
  ) => {
    const response = who
      ? await call(url, who, method, payload, runToken)
      : await t.app.inject({ method, url, headers: runToken ? { 'x-run-token': runToken } : {}, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<Record<string, unknown>>();
  };
  const intelFor = async (query = '', who = author) => {
    const response = await call(`/admin/intel${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Intel>();
  };

  const newScenario = async (content: object) => {
    const created = (await ok('/admin/resim/new', author, 'POST', { groupId: spaceId })) as { id: string; code: string };
    await ok(`/admin/resim/${created.id}`, author, 'PATCH', content);
    return created;
  };

  /** A learner plays: joins, takes each step a minute apart, ends unless told not to. */
  const play = async (code: string, who: TestUser | null, steps: object[], options: { nickname?: string; end?: boolean } = {}) => {
    const joined = (await ok(`/learn/join/${code}`, who, 'POST', options.nickname ? { nickname: options.nickname } : {})) as Join;
    for (const step of [...steps, ...(options.end === false ? [] : [{ type: 'end' }])]) {
      later(60);
      await ok(`/learn/game/${joined.gameId}/event`, who, 'POST', step, joined.runToken);
    }
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, clock);
    author = await t.user('author@example.test');
    outsider = await t.user('outsider@elsewhere.test');
    const [ann, bob] = [await t.user('ann@hospital.test'), await t.user('bob@hospital.test')];
    spaceId = ((await ok('/admin/space', author, 'POST', { description: 'Ward 7' })) as { id: string }).id;
    outsiderSpaceId = ((await ok('/admin/space', outsider, 'POST', { description: 'Elsewhere' })) as { id: string }).id;
    const anaemia = await newScenario(clinic);
    const round = await newScenario(budgetScenario);
    clinicId = anaemia.id;
    budgetId = round.id;

    // 3 March, the clinic's first opening: Ann 30 points, Bob 5, anonymous Kim -10; all finish.
    await ok(`/admin/control/${anaemia.id}/2`, author, 'POST');
    await play(anaemia.code, ann, [
      { type: 'runAction', actionId: 'act1' },
      { type: 'confirmConclusions', conclusionIds: ['conc1'] },
    ]);
    await play(anaemia.code, bob, [
      { type: 'runAction', actionId: 'act1' },
      { type: 'runAction', actionId: 'act2' },
      { type: 'confirmConclusions', conclusionIds: ['conc2'] },
    ]);
    await play(anaemia.code, null, [{ type: 'confirmConclusions', conclusionIds: ['conc2'] }], { nickname: 'Kim' });
    await ok(`/admin/control/${anaemia.id}/3`, author, 'POST');
    await ok(`/admin/control/${anaemia.id}/0`, author, 'POST');

    // Test Mode: the author's run counts nowhere.
    await ok(`/admin/control/${anaemia.id}/4`, author, 'POST');
    await play(anaemia.code, author, [{ type: 'runAction', actionId: 'act3' }]);
    await ok(`/admin/control/${anaemia.id}/0`, author, 'POST');

    // 4 March, a second opening: Ann 0 points (a harmful transfusion), Bob has not finished.
    later(86_400);
    await ok(`/admin/control/${anaemia.id}/2`, author, 'POST');
    await play(anaemia.code, ann, [
      { type: 'runAction', actionId: 'act3' },
      { type: 'confirmConclusions', conclusionIds: ['conc1'] },
    ]);
    await play(anaemia.code, bob, [{ type: 'runAction', actionId: 'act1' }], { end: false });

    // 4 March, the budget round: Ann spends 400, Bob 20.
    await ok(`/admin/control/${round.id}/2`, author, 'POST');
    await play(round.code, ann, [{ type: 'runAction', actionId: 'act1' }]);
    await play(round.code, bob, [{ type: 'runAction', actionId: 'act2' }]);
  });
  afterAll(() => t.close());

  it("counts the learners' runs started and finished, by scenario and by day, leaving Test Mode out", async () => {
    const intel = await intelFor();
    expect(intel.totals).toEqual({ started: 7, finished: 6, completionRate: 6 / 7, scenarios: 2, openings: 3 });
    expect(
      intel.scenarios.map(({ resimName, started, finished, completionRate, openings }) => [
        resimName,
        started,
        finished,
        completionRate,
        openings,
      ]),
    ).toEqual([
      ['Anaemia clinic', 5, 4, 0.8, 2],
      ['Budget round', 2, 2, 1, 1],
    ]);
    expect(intel.trend).toEqual([
      { day: '2025-03-03', started: 3, finished: 3, completionRate: 1 },
      { day: '2025-03-04', started: 4, finished: 3, completionRate: 0.75 },
    ]);
  });

  it("gives each measure's final values over the finished runs: average, extremes and spread", async () => {
    const { measures } = await intelFor();
    const figures = measures.map(({ resimName, name, runs, average, min, max, standardDeviation }) => ({
      resimName,
      name,
      runs,
      average,
      min,
      max,
      standardDeviation,
    }));
    // Clinic points 30, 5, -10, 0: mean 6.25, mean of squares 256.25, variance 217.1875.
    expect(figures).toEqual([
      {
        resimName: 'Anaemia clinic',
        name: 'Points',
        runs: 4,
        average: 6.25,
        min: -10,
        max: 30,
        standardDeviation: expect.closeTo(Math.sqrt(217.1875), 9),
      },
      { resimName: 'Budget round', name: 'Cost', runs: 2, average: 210, min: 20, max: 400, standardDeviation: expect.closeTo(190, 9) },
      { resimName: 'Budget round', name: 'Points', runs: 2, average: 0, min: 0, max: 0, standardDeviation: 0 },
    ]);
    // What the values are in, for the console to write them as everywhere else.
    expect(measures.find((measure) => measure.name === 'Cost')).toMatchObject({
      type: expect.any(Number),
      timeUnit: 'seconds',
      currency: 'USD',
    });
  });

  it("lists the answer key's hardest items over the finished runs", async () => {
    const { hardest } = await intelFor();
    const named = (items: Intel['hardest']['requiredActionsMissed']) =>
      items.map(({ resimId, name, runs, of }) => ({ resimId, name, runs, of }));
    expect(named(hardest.requiredActionsMissed)).toEqual([{ resimId: clinicId, name: 'Full blood count', runs: 2, of: 4 }]);
    expect(named(hardest.unnecessaryActionsRun)).toEqual([{ resimId: clinicId, name: 'Ferritin', runs: 1, of: 4 }]);
    expect(named(hardest.harmfulActionsRun)).toEqual([{ resimId: clinicId, name: 'Transfusion', runs: 1, of: 4 }]);
    expect(named(hardest.wrongConclusionsConfirmed)).toEqual([{ resimId: clinicId, name: 'B12 deficiency', runs: 2, of: 4 }]);
  });

  it('narrows to the days asked for, both included', async () => {
    const fourth = await intelFor('?from=2025-03-04');
    expect(fourth.totals).toMatchObject({ started: 4, finished: 3 });
    expect(fourth.measures.find((m) => m.resimId === clinicId)).toMatchObject({ runs: 1, average: 0, min: 0, max: 0 });
    expect(fourth.hardest.wrongConclusionsConfirmed).toEqual([]);
    const third = await intelFor('?from=2025-03-03&to=2025-03-03');
    expect(third.trend).toEqual([{ day: '2025-03-03', started: 3, finished: 3, completionRate: 1 }]);
    expect(third.filters).toEqual({ space: null, resim: null, from: '2025-03-03', to: '2025-03-03', by: 'day' });
  });

  it('gives the trend by week, each named by its Monday', async () => {
    // 3 March 2025 is a Monday: both days fall in its week.
    expect((await intelFor('?by=week')).trend).toEqual([{ day: '2025-03-03', started: 7, finished: 6, completionRate: 6 / 7 }]);
  });

  it('narrows to a space and to a scenario of it', async () => {
    const space = await intelFor(`?space=${spaceId}`);
    expect(space.totals.started).toBe(7);
    const round = await intelFor(`?space=${spaceId}&resim=${budgetId}`);
    expect(round.totals).toEqual({ started: 2, finished: 2, completionRate: 1, scenarios: 1, openings: 1 });
    expect(round.hardest.requiredActionsMissed).toEqual([]);
  });

  it('shows an outsider nothing of the space: their own is empty, this one is not found', async () => {
    const own = await intelFor('', outsider);
    expect(own.totals).toEqual({ started: 0, finished: 0, completionRate: null, scenarios: 0, openings: 0 });
    expect(own.trend).toEqual([]);
    expect((await call(`/admin/intel?space=${spaceId}`, outsider)).statusCode).toBe(404);
    expect((await call(`/admin/intel?resim=${clinicId}`, outsider)).statusCode).toBe(404);
    expect((await call(`/admin/intel?space=${outsiderSpaceId}&resim=${clinicId}`, author)).statusCode).toBe(404);
    expect((await call(`/admin/intel?space=${outsiderSpaceId}&resim=${clinicId}`, outsider)).statusCode).toBe(404);
  });

  it('is described in the OpenAPI document with its filters', async () => {
    const response = await call('/openapi.json', author);
    const document = response.json<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>();
    expect(document.paths['/admin/intel']?.get?.parameters?.map((parameter) => parameter.name)).toEqual([
      'space',
      'resim',
      'from',
      'to',
      'by',
    ]);
  });

  it.each([
    ['?from=2025-02-30', 'querystring.from'],
    ['?to=yesterday', 'querystring.to'],
    ['?from=2025-03-05&to=2025-03-04', 'querystring.to'],
    ['?space=a%20b', 'querystring.space'],
    ['?resim=', 'querystring.resim'],
    ['?week=1', 'querystring'],
    ['?by=month', 'querystring.by'],
  ])('answers %s with 400 naming the parameter', async (query, named) => {
    const response = await call(`/admin/intel${query}`, author);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(named);
  });
});
