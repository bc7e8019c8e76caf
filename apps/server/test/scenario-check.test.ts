import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

type Check = { errors: { code: string; message: string; target: { part: string; id: string | null } }[]; figures: { points: unknown } };

/** Two tests that each need the other first: no learner could ever run either. */
const circle = {
  stages: [{ id: 'stg1', name: 'Ward', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0 }],
  actions: [
    {
      id: 'act1',
      name: 'CT head',
      feedback: 'Seen',
      requiredActions: { all: ['act2'], any: [], none: [] },
      impact: [{ measureId: 'points', value: 5 }],
    },
    { id: 'act2', name: 'MRI', feedback: 'Seen', requiredActions: { all: ['act1'], any: [], none: [] } },
  ],
  conclusions: [{ id: 'conc1', name: 'Bleed', feedback: 'Right', impact: [{ measureId: 'points', value: 10 }] }],
};

describe.each(dialects)('the scenario checker before opening, on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let outsider: TestUser;
  let spaceId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.user('author@example.test');
    outsider = await t.user('outsider@example.test');
    spaceId = (
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: author.auth, payload: { description: 'Neurology' } })
    ).json<{ id: string }>().id;
  });
  afterAll(() => t.close());

  const call = async <T>(who: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const scenarioIn = async (mode: number) => {
    const { id } = (await call<{ id: string }>(author, 'POST', '/admin/resim/new', { groupId: spaceId })).body;
    expect((await call(author, 'PATCH', `/admin/resim/${id}`, { details: { mode }, ...circle })).status).toBe(200);
    return id;
  };

  it('names what no learner could get past, and the points a run can reach, to whoever may read the scenario', async () => {
    const id = await scenarioIn(1);
    const check = await call<Check>(author, 'GET', `/admin/resim/${id}/check`);
    expect(check.status).toBe(200);
    expect(check.body.errors.map((error) => [error.code, error.target])).toEqual([
      ['action-never-available', { part: 'actions', id: 'act1' }],
      ['action-never-available', { part: 'actions', id: 'act2' }],
    ]);
    expect(check.body.errors[0]?.message).toBe(
      'The action “CT head” can never be run: it needs “MRI”, which can never be run either: it needs “CT head” (they wait on each other).',
    );
    expect(check.body.figures.points).toMatchObject({ max: { exact: true, bound: 10 }, min: { exact: true, bound: 0 } });
    expect((await call(outsider, 'GET', `/admin/resim/${id}/check`)).status).toBe(404);
  });

  it('refuses to open a lobby with 409 naming the errors, and opens it once they are mended', async () => {
    const id = await scenarioIn(1);
    const refused = await call<{ code: string; message: string; checkerErrors: number }>(author, 'POST', `/admin/control/${id}/1`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('conflict');
    // The console takes the author to the checker by this count.
    expect(refused.body.checkerErrors).toBe(2);
    expect(refused.body.message).toContain('The scenario cannot open to learners while the checker finds errors');
    expect(refused.body.message).toContain('The action “CT head” can never be run');
    expect(refused.body.message).toContain('The action “MRI” can never be run');
    expect((await call<{ resimStatus: number }>(author, 'GET', `/admin/resim/${id}`)).body.resimStatus).toBe(0);

    // Test Mode is the author's own: the checker does not stand in its way.
    expect((await call<{ resimStatus: number }>(author, 'POST', `/admin/control/${id}/4`)).body.resimStatus).toBe(4);
    expect((await call<{ resimStatus: number }>(author, 'POST', `/admin/control/${id}/0`)).body.resimStatus).toBe(0);

    const mended = circle.actions.map((action) => ({ ...action, requiredActions: { all: [], any: [], none: [] } }));
    expect((await call(author, 'PATCH', `/admin/resim/${id}`, { actions: mended })).status).toBe(200);
    const lobby = await call<{ resimStatus: number }>(author, 'POST', `/admin/control/${id}/1`);
    expect(lobby.status).toBe(200);
    expect(lobby.body.resimStatus).toBe(1);
  });

  it('refuses to open a self-paced scenario to learners the same way', async () => {
    const id = await scenarioIn(2);
    const refused = await call<{ message: string }>(author, 'POST', `/admin/control/${id}/2`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('“CT head”');
  });
});
