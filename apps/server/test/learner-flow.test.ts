import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { fillFlowCounts } from '../src/db/migrations/0012-flow-counts';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

/** Self-paced: two history tests, then a diagnosis stage that opens once the first test is run. */
const flowScenario = {
  details: {
    resimName: 'Chest pain',
    mode: 2,
    allowAnonymous: true,
    allowSignin: true,
    maxConclusions: 2,
    answers: { actions: ['act1'], unnecessaryActions: [], conclusions: ['conc1'] },
  },
  stages: [
    { id: 'stg1', name: 'History', default: true },
    { id: 'stg2', name: 'Diagnosis', requiredActions: { all: ['act1'], any: [], none: [] } },
  ],
  actions: [
    { id: 'act1', name: 'ECG', stage: 'stg1', facts: 'ST elevation' },
    { id: 'act2', name: 'Troponin', stage: 'stg1', facts: 'Raised', requiredActions: { all: ['act1'], any: [], none: [] } },
  ],
  conclusions: [
    { id: 'conc1', name: 'Myocardial infarction', stage: 'stg2' },
    { id: 'conc2', name: 'Pericarditis', stage: 'stg2' },
    { id: 'conc3', name: 'Reflux', stage: 'stg2' },
  ],
};

type Step = { type: 'runAction'; actionId: string } | { type: 'confirmConclusions'; conclusionIds: string[] } | { type: 'end' };
const test = (actionId: string): Step => ({ type: 'runAction', actionId });
const confirm = (...conclusionIds: string[]): Step => ({ type: 'confirmConclusions', conclusionIds });
const end: Step = { type: 'end' };

describe.each(dialects)("the learners' flow on %s", (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let stranger: TestUser;
  let resimId: string;
  let code: string;
  let first: string;
  let second: string;

  const call = async <T>(
    method: 'GET' | 'POST',
    url: string,
    options: { who?: TestUser; runToken?: string | null; payload?: unknown } = {},
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...(options.who?.auth ?? {}), ...(options.runToken ? { 'x-run-token': options.runToken } : {}) },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };

  const control = async (status: number) =>
    expect((await call('POST', `/admin/control/${resimId}/${status}`, { who: author })).status).toBe(200);

  const currentOpening = async () =>
    (await call<{ currentInstanceId: string }>('GET', `/admin/resim/${resimId}/dashboard`, { who: author })).body.currentInstanceId;

  /** Joins (as the user, or by nickname) and takes the steps through the API, each accepted. */
  const play = async (who: TestUser | string, steps: Step[]): Promise<string> => {
    const joined = await call<{ gameId: string; runToken: string | null }>('POST', `/learn/join/${code}`, {
      ...(typeof who === 'string' ? { payload: { nickname: who } } : { who, payload: {} }),
    });
    expect(joined.status).toBe(201);
    for (const step of steps) {
      const taken = await call('POST', `/learn/game/${joined.body.gameId}/event`, {
        ...(typeof who === 'string' ? { runToken: joined.body.runToken } : { who }),
        payload: step,
      });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    }
    return joined.body.gameId;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.user('author@example.test');
    stranger = await t.user('stranger@elsewhere.test');
    const spaceId = (await call<{ id: string }>('POST', '/admin/space', { who: author, payload: { description: 'Cardiology' } })).body.id;
    const created = (await call<{ id: string; code: string }>('POST', '/admin/resim/new', { who: author, payload: { groupId: spaceId } }))
      .body;
    resimId = created.id;
    code = created.code;
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: author.auth, payload: flowScenario })).statusCode,
    ).toBe(200);
    // The authors' Test Mode run is never counted.
    await control(4);
    await play(author, [test('act1'), confirm('conc3'), end]);
    await control(0);

    await control(2);
    first = await currentOpening();
    await play('Ann', [test('act1'), test('act2'), confirm('conc1'), end]);
    await play('Bob', [test('act1'), confirm('conc2'), end]);
    await play('Cat', [test('act1'), confirm('conc2', 'conc3')]);
    await play('Dan', [test('act1'), test('act2')]);
    await play('Eve', []);
  });
  afterAll(() => t.close());

  it('counts one opening as a hand count of its runs gives', async () => {
    const flow = await call('GET', `/admin/resim/${resimId}/flow?instance=${first}`, { who: author });
    expect(flow.status).toBe(200);
    expect(flow.body).toEqual({
      resimId,
      instanceId: first,
      runs: 5,
      finished: 2,
      stages: [
        { id: 'stg1', learners: 5 },
        { id: 'stg2', learners: 4 },
      ],
      actions: [
        { id: 'act1', learners: 4 },
        { id: 'act2', learners: 2 },
      ],
      conclusions: [
        { id: 'conc2', learners: 2, correct: false },
        { id: 'conc1', learners: 1, correct: true },
        { id: 'conc3', learners: 1, correct: false },
      ],
      transitions: [
        { from: null, to: 'act1', count: 4 },
        { from: 'act1', to: 'act2', count: 2 },
        { from: 'act1', to: 'conc2', count: 2 },
        { from: 'act1', to: 'conc3', count: 1 },
        { from: 'act2', to: 'conc1', count: 1 },
      ],
      // Cat's last step confirmed two diagnoses together; Eve took no step.
      stalls: [
        { id: null, learners: 1 },
        { id: 'act2', learners: 1 },
        { id: 'conc2', learners: 1 },
        { id: 'conc3', learners: 1 },
      ],
      wrongDiagnoses: [
        { id: 'conc2', learners: 2 },
        { id: 'conc3', learners: 1 },
      ],
    });
  });

  it('counts every opening of the scenario together, without Test Mode', async () => {
    // Closing the first opening stops its unfinished runs; the second has one learner under way.
    await control(3);
    await control(0);
    await control(2);
    second = await currentOpening();
    await play('Fay', [test('act1'), confirm('conc3')]);
    const flow = await call<Record<string, unknown>>('GET', `/admin/resim/${resimId}/flow`, { who: author });
    expect(flow.status).toBe(200);
    expect(flow.body).toMatchObject({
      instanceId: null,
      runs: 6,
      finished: 5,
      stages: [
        { id: 'stg1', learners: 6 },
        { id: 'stg2', learners: 5 },
      ],
      actions: [
        { id: 'act1', learners: 5 },
        { id: 'act2', learners: 2 },
      ],
      stalls: [{ id: 'conc3', learners: 1 }],
      wrongDiagnoses: [
        { id: 'conc2', learners: 2 },
        { id: 'conc3', learners: 2 },
      ],
    });
    const opening = await call<{ runs: number; transitions: unknown[] }>('GET', `/admin/resim/${resimId}/flow?instance=${second}`, {
      who: author,
    });
    expect(opening.body).toMatchObject({
      runs: 1,
      transitions: [
        { from: null, to: 'act1', count: 1 },
        { from: 'act1', to: 'conc3', count: 1 },
      ],
    });
  });

  it("takes a learner the host removed out of the opening's flow, steps and all", async () => {
    const gus = await play('Gus', [test('act1'), test('act2')]);
    const before = await call<{ runs: number; actions: unknown[] }>('GET', `/admin/resim/${resimId}/flow?instance=${second}`, {
      who: author,
    });
    expect(before.body).toMatchObject({
      runs: 2,
      actions: [
        { id: 'act1', learners: 2 },
        { id: 'act2', learners: 1 },
      ],
    });
    const removed = await call('POST', `/admin/resim/${resimId}/instance/${second}/games/${gus}/remove`, { who: author });
    expect(removed.status).toBe(200);
    // Removing twice takes nothing away twice.
    expect((await call('POST', `/admin/resim/${resimId}/instance/${second}/games/${gus}/remove`, { who: author })).status).toBe(200);
    const after = await call('GET', `/admin/resim/${resimId}/flow?instance=${second}`, { who: author });
    expect(after.body).toMatchObject({
      runs: 1,
      actions: [{ id: 'act1', learners: 1 }],
      conclusions: [{ id: 'conc3', learners: 1, correct: false }],
      transitions: [
        { from: null, to: 'act1', count: 1 },
        { from: 'act1', to: 'conc3', count: 1 },
      ],
    });
  });

  it('fills in the counts of runs recorded before they were kept, as their steps added them', async () => {
    const counts = () =>
      sql<Record<string, unknown>>`select resim_id, instance_id, kind, source, target, count from flow_counts where count > 0
        order by resim_id, instance_id, kind, source, target`
        .execute(t.db)
        .then(({ rows }) => rows.map((row) => ({ ...row, count: Number(row.count) })));
    const kept = await counts();
    expect(kept.length).toBeGreaterThan(10);
    await sql`delete from flow_counts`.execute(t.db);
    await fillFlowCounts(t.db as unknown as Kysely<unknown>);
    expect(await counts()).toEqual(kept);
  });

  it('answers 404 for an opening the scenario never had, Test Mode included, and 400 for a malformed one', async () => {
    for (const instance of ['nope', 'test']) {
      const missing = await call<{ message: string }>('GET', `/admin/resim/${resimId}/flow?instance=${instance}`, { who: author });
      expect(missing.status).toBe(404);
    }
    const blank = await call<{ message: string }>('GET', `/admin/resim/${resimId}/flow?instance=%20`, { who: author });
    expect(blank.status).toBe(400);
    expect((await call('GET', `/admin/resim/${resimId}/flow?other=1`, { who: author })).status).toBe(400);
  });

  it('answers 404 to someone outside the space', async () => {
    expect((await call('GET', `/admin/resim/${resimId}/flow`, { who: stranger })).status).toBe(404);
    expect((await call('GET', `/admin/resim/${resimId}/flow?instance=${first}`, { who: stranger })).status).toBe(404);
  });
});
