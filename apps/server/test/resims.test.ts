import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

type Scenario = {
  id: string;
  resimName: string;
  description: string;
  revision: number;
  resimStatus: number;
  group: string;
  actions: { id: string; name: string; requiredActions: { any: string[] } }[];
  stages: { id: string; name: string }[];
  measures: { id: string }[];
  instances: { id: string }[];
};

describe.each(dialects)('scenarios on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let colleague: TestUser;
  let outsider: TestUser;
  let spaceId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.user('author@example.test');
    colleague = await t.user('colleague@example.test');
    outsider = await t.user('outsider@example.test');
    spaceId = (
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: author.auth, payload: { description: 'Haematology' } })
    ).json<{ id: string }>().id;
    await t.app.inject({
      method: 'POST',
      url: `/admin/space/${spaceId}/user`,
      headers: author.auth,
      payload: { email: 'colleague@example.test' },
    });
  });
  afterAll(() => t.close());

  const call = async <T = Scenario>(
    who: TestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const response = await t.app.inject({ method, url, headers: { ...who.auth, ...headers }, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>(), headers: response.headers };
  };
  const create = async () => (await call(author, 'POST', '/admin/resim/new', { groupId: spaceId })).body;

  it("creates 'New Simulation (Unfinished)' in a space and lists it", async () => {
    const created = await call(author, 'POST', '/admin/resim/new', { groupId: spaceId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      resimName: 'New Simulation (Unfinished)',
      mode: 1,
      group: spaceId,
      resimStatus: 0,
      revision: 0,
      actions: [],
    });
    const listed = await call<{ id: string }[]>(author, 'GET', '/admin/resim');
    expect(listed.body.map((r) => r.id)).toContain(created.body.id);
    expect((await call(outsider, 'POST', '/admin/resim/new', { groupId: spaceId })).status).toBe(404);
  });

  it('starts a scenario from a template', async () => {
    const templates = await call<{ id: string }[]>(author, 'GET', '/admin/template');
    expect(templates.body.map((template) => template.id)).toEqual(['blank', 'diagnostic']);
    const blank = await call(author, 'POST', '/admin/resim/new', { groupId: spaceId, templateId: 'blank' });
    expect(blank.body).toMatchObject({ templateId: 'blank', stages: [], actions: [], conclusions: [], measures: [], baseline: [] });
    const diagnostic = await call(author, 'POST', '/admin/resim/new', { groupId: spaceId, templateId: 'diagnostic' });
    expect(diagnostic.body).toMatchObject({
      templateId: 'diagnostic',
      stages: [{ id: 'stg1', default: true }, { id: 'stg2' }],
      measures: [{ id: 'points' }],
    });
    const unknown = await call<{ message: string }>(author, 'POST', '/admin/resim/new', { groupId: spaceId, templateId: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('templateId');
  });

  it('names a new scenario as asked, or by the default when the name is blank', async () => {
    const named = await call<{ resimName: string }>(author, 'POST', '/admin/resim/new', {
      groupId: spaceId,
      templateId: 'diagnostic',
      resimName: '  Chest pain in the ED ',
    });
    expect(named).toMatchObject({ status: 201, body: { resimName: 'Chest pain in the ED' } });
    const blank = await call<{ resimName: string }>(author, 'POST', '/admin/resim/new', { groupId: spaceId, resimName: '  ' });
    expect(blank.body.resimName).toBe('New Simulation (Unfinished)');
    const long = await call<{ message: string }>(author, 'POST', '/admin/resim/new', { groupId: spaceId, resimName: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('resimName: at most 200 characters');
  });

  it('patches only the parts sent, each replacing that part whole', async () => {
    const scenario = await create();
    await call(author, 'PATCH', `/admin/resim/${scenario.id}`, {
      details: { resimName: 'Anaemia workup', description: 'Tired and pale.' },
    });
    const patched = await call(author, 'PATCH', `/admin/resim/${scenario.id}`, {
      stages: [{ id: 'stg1', name: 'History', default: true }],
      actions: [{ id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L' }],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ resimName: 'Anaemia workup', description: 'Tired and pale.', revision: 2 });
    const renamed = await call(author, 'PATCH', `/admin/resim/${scenario.id}`, { details: { resimName: 'Anaemia' } });
    expect(renamed.body).toMatchObject({
      resimName: 'Anaemia',
      description: 'Tired and pale.',
      actions: [expect.objectContaining({ name: 'Full blood count' })],
    });
    expect(renamed.headers.etag).toBe('"3"');
  });

  it('refuses invalid parts, unknown references and ids past the limit with 400, changing nothing', async () => {
    const scenario = await create();
    await call(author, 'PATCH', `/admin/resim/${scenario.id}`, { actions: [{ id: 'act1', name: 'Ferritin' }] });
    const before = await t.snapshot();
    const cases: [object, RegExp][] = [
      [{ actions: 'nope' }, /actions/],
      [{ actions: [{ id: 'act2', name: 'Iron', requiredActions: { all: [], any: ['act9'], none: [] } }] }, /act9/],
      [{ actions: [{ id: 'act5000', name: 'Too far' }] }, /act5000/],
      [{ measures: [{ id: 'measure1', name: 'Cost', type: 9 }] }, /type/],
      [{ details: { resimName: 'x', colour: 'red' } }, /colour/],
      [{ details: { resimName: '' } }, /resimName/],
      [{ details: { currency: 'EURO' } }, /currency: must be an ISO 4217 currency code/],
      [{ measures: [{ id: 'measure1', name: 'Wait', type: 4, timeUnit: 'weeks' }] }, /measures\.0\.timeUnit/],
      [
        { details: { answers: { actions: ['act1'], harmfulActions: ['act1'] } } },
        /answers\.harmfulActions\.0: action act1 is marked more than once/,
      ],
      [{ details: { answers: { unnecessaryActions: ['act1', 'act1'] } } }, /action act1 is marked more than once/],
      [{ details: { userRestriction: { pattern: ['not an email pattern'] } } }, /userRestriction\.pattern\[0\]/],
      [{ details: { scheduleStart: '2026-12-01T17:00:00Z', scheduleEnd: '2026-12-01T09:00:00Z' } }, /scheduleEnd: must come after/],
      [{ details: { scheduleStart: 'next week' } }, /scheduleStart: "next week" is not a date/],
      [
        { actions: [{ id: 'act1', name: 'Ferritin', factImages: [{ id: 'm1', url: 'javascript:alert(1)' }] }] },
        /actions\[0\]\.factImages\[0\]\.url/,
      ],
      [
        { stages: [{ id: 'stg1', name: 'A', activators: [{ id: 'act7', name: 'Gone' }] }] },
        /stages\[0\]\.activators\[0\]\.id: unknown action or stage "act7"/,
      ],
    ];
    for (const [payload, message] of cases) {
      const refused = await call<{ message: string }>(author, 'PATCH', `/admin/resim/${scenario.id}`, payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect(await t.snapshot()).toBe(before);
    expect((await call(author, 'GET', `/admin/resim/${scenario.id}`)).body.actions.map((a) => a.name)).toEqual(['Ferritin']);
  });

  it('keeps an answer key marking actions required, unnecessary or harmful, and reads an older key whole', async () => {
    const scenario = await create();
    const answers = { actions: ['act1'], unnecessaryActions: ['act2'], harmfulActions: ['act3'], conclusions: ['conc1'] };
    const saved = await call<{ answers: unknown }>(author, 'PATCH', `/admin/resim/${scenario.id}`, {
      actions: ['act1', 'act2', 'act3'].map((id) => ({ id, name: id })),
      conclusions: [{ id: 'conc1', name: 'Anaemia' }],
      details: { answers },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.answers).toEqual(answers);
    // A document saved before the marks existed: the key and the rest read as they were.
    const row = await t.db.selectFrom('resims').select('document').where('id', '=', scenario.id).executeTakeFirstOrThrow();
    const older = JSON.parse(row.document) as { answers: Record<string, unknown> };
    older.answers = { actions: ['act1'], conclusions: ['conc1'] };
    await t.db
      .updateTable('resims')
      .set({ document: JSON.stringify(older) })
      .where('id', '=', scenario.id)
      .execute();
    const read = await call<{ answers: unknown; actions: unknown[] }>(author, 'GET', `/admin/resim/${scenario.id}`);
    expect(read.body.answers).toEqual({ actions: ['act1'], unnecessaryActions: [], harmfulActions: [], conclusions: ['conc1'] });
    expect(read.body.actions).toHaveLength(3);
  });

  it('never loses a change silently when two editors save at once', async () => {
    const scenario = await create();
    // Both open revision 0; they change different parts.
    const first = await call(author, 'PATCH', `/admin/resim/${scenario.id}`, { revision: 0, details: { resimName: 'From Ann' } });
    expect(first.status).toBe(200);
    const stale = await call<{ code: string; current: Scenario }>(colleague, 'PATCH', `/admin/resim/${scenario.id}`, {
      revision: 0,
      measures: [{ id: 'points', name: 'Points' }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict');
    expect(stale.body.current).toMatchObject({ resimName: 'From Ann', revision: 1 });
    // The colleague merges onto the current revision: both changes stand.
    const merged = await call(
      colleague,
      'PATCH',
      `/admin/resim/${scenario.id}`,
      { measures: [{ id: 'points', name: 'Points' }] },
      { 'if-match': '"1"' },
    );
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ resimName: 'From Ann', revision: 2, measures: [expect.objectContaining({ id: 'points' })] });
    // Now the same part from a stale editor: refused, the saved name stays.
    const sameStale = await call(author, 'PATCH', `/admin/resim/${scenario.id}`, { revision: 1, details: { resimName: 'Overwrite' } });
    expect(sameStale.status).toBe(409);
    expect((await call(author, 'GET', `/admin/resim/${scenario.id}`)).body.resimName).toBe('From Ann');
  });

  it('keeps other spaces out', async () => {
    const scenario = await create();
    for (const [method, url, payload] of [
      ['GET', `/admin/resim/${scenario.id}`],
      ['PATCH', `/admin/resim/${scenario.id}`, { details: { resimName: 'x' } }],
      ['DELETE', `/admin/resim/${scenario.id}`],
      ['POST', `/admin/resim/${scenario.id}/clone`],
      ['POST', `/admin/control/${scenario.id}/1`],
      ['POST', '/admin/export', { ids: [scenario.id] }],
    ] as const) {
      expect((await call(outsider, method, url, payload)).status, `${method} ${url}`).toBe(404);
    }
  });

  it('clones, exports and imports an equal scenario', async () => {
    const scenario = await create();
    await call(author, 'PATCH', `/admin/resim/${scenario.id}`, {
      details: { resimName: 'Sickle cell' },
      stages: [{ id: 'stg1', name: 'Triage', default: true }],
      actions: [{ id: 'act1', name: 'Blood film', stage: 'stg1', facts: 'Sickled cells' }],
    });
    const clone = await call(author, 'POST', `/admin/resim/${scenario.id}/clone`);
    expect(clone.status).toBe(201);
    expect(clone.body).toMatchObject({ resimName: 'Sickle cell (copy)', actions: [expect.objectContaining({ facts: 'Sickled cells' })] });
    expect(clone.body.id).not.toBe(scenario.id);

    const exported = await call<{ format: string; scenarios: object[] }>(author, 'POST', '/admin/export', { ids: [scenario.id] });
    expect(exported.body.format).toBe('resim-export');
    const imported = await call<Scenario[]>(author, 'POST', '/admin/import', { groupId: spaceId, file: exported.body });
    expect(imported.status).toBe(201);
    const original = (await call(author, 'GET', `/admin/resim/${scenario.id}`)).body;
    const copy = imported.body[0]!;
    const content = (s: Scenario) => ({
      ...s,
      id: undefined,
      created: undefined,
      revision: undefined,
      instances: undefined,
      code: undefined,
    });
    expect(content(copy)).toEqual(content(original));

    const bad = await call<{ message: string }>(author, 'POST', '/admin/import', { groupId: spaceId, file: { format: 'something else' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/not a scenario export/);
  });

  it('moves a live scenario through reading A of SPEC 4 and stays view-only while not Initialized', async () => {
    const scenario = await create();
    await call(author, 'PATCH', `/admin/resim/${scenario.id}`, { details: { mode: 1 } });
    const refused = await call<{ message: string }>(author, 'POST', `/admin/control/${scenario.id}/2`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /live scenario that is Initialized \(0\) cannot change to 2; allowed: 1 \(Open Lobby\), 4 \(Test Mode\)/,
    );
    const lobby = await call(author, 'POST', `/admin/control/${scenario.id}/1`);
    expect(lobby.body).toMatchObject({ resimStatus: 1 });
    expect(lobby.body.instances).toHaveLength(1);
    const locked = await call<{ message: string; current: Scenario }>(author, 'PATCH', `/admin/resim/${scenario.id}`, {
      details: { resimName: 'x' },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/only while it is Initialized/);
    expect(locked.body.current).toMatchObject({ resimStatus: 1, revision: 1 });
    expect((await call(author, 'POST', `/admin/control/${scenario.id}/4`)).status).toBe(400);
    expect((await call(author, 'POST', `/admin/control/${scenario.id}/2`)).body.resimStatus).toBe(2);
    expect((await call(author, 'POST', `/admin/control/${scenario.id}/3`)).body.resimStatus).toBe(3);
    expect((await call(author, 'POST', `/admin/control/${scenario.id}/0`)).body.resimStatus).toBe(0);
    expect((await call(author, 'PATCH', `/admin/resim/${scenario.id}`, { details: { resimName: 'Editable again' } })).status).toBe(200);
    expect((await call(author, 'POST', `/admin/control/${scenario.id}/4`)).body.resimStatus).toBe(4);
    expect((await call(author, 'POST', `/admin/control/${scenario.id}/0`)).body).toMatchObject({
      resimStatus: 0,
      instances: [expect.anything()],
    });
  });

  it('moves a self-paced scenario through reading B of SPEC 4', async () => {
    const scenario = await create();
    await call(author, 'PATCH', `/admin/resim/${scenario.id}`, { details: { mode: 2 } });
    expect((await call(author, 'POST', `/admin/control/${scenario.id}/1`)).status).toBe(400);
    const open = await call(author, 'POST', `/admin/control/${scenario.id}/2`);
    expect(open.body).toMatchObject({ resimStatus: 2, instances: [expect.anything()] });
    expect((await call(author, 'POST', `/admin/control/${scenario.id}/3`)).body.resimStatus).toBe(3);
    expect((await call(author, 'POST', `/admin/control/${scenario.id}/abc`)).status).toBe(400);
  });

  it('shows status 6 while a change is pending, and refuses other changes and saves meanwhile', async () => {
    const scenario = await create();
    await call(author, 'PATCH', `/admin/resim/${scenario.id}`, { details: { mode: 2 } });
    await t.db.updateTable('resims').set({ status: 6 }).where('id', '=', scenario.id).execute();
    expect((await call(author, 'GET', `/admin/resim/${scenario.id}`)).body.resimStatus).toBe(6);
    const busy = await call<{ message: string }>(author, 'POST', `/admin/control/${scenario.id}/2`);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/being applied/);
    expect((await call(author, 'PATCH', `/admin/resim/${scenario.id}`, { details: { resimName: 'x' } })).status).toBe(409);
    await t.db.updateTable('resims').set({ status: 0 }).where('id', '=', scenario.id).execute();
    expect((await call(author, 'POST', `/admin/control/${scenario.id}/2`)).body.resimStatus).toBe(2);
  });

  it('deletes for the owner, and for members only while the space allows it', async () => {
    const scenario = await create();
    await t.app.inject({ method: 'PUT', url: `/admin/space/${spaceId}/security`, headers: author.auth, payload: { canDelete: false } });
    expect((await call(colleague, 'DELETE', `/admin/resim/${scenario.id}`)).status).toBe(403);
    expect((await call(author, 'DELETE', `/admin/resim/${scenario.id}`)).status).toBe(200);
    expect((await call(author, 'GET', `/admin/resim/${scenario.id}`)).status).toBe(404);
    await t.app.inject({ method: 'PUT', url: `/admin/space/${spaceId}/security`, headers: author.auth, payload: {} });
  });

  it('keeps stage templates per author', async () => {
    const template = {
      name: 'Triage',
      stage: { id: 'stg1', name: 'Triage' },
      actions: [{ id: 'act1', name: 'Observations', stage: 'stg1' }],
      conclusions: [],
    };
    const created = await call<{ id: string; name: string }>(author, 'POST', '/admin/stagetemplate', template);
    expect(created.status).toBe(201);
    expect((await call<{ id: string }[]>(author, 'GET', '/admin/stagetemplate')).body.map((s) => s.id)).toContain(created.body.id);
    expect((await call(author, 'GET', `/admin/stagetemplate/${created.body.id}`)).body).toMatchObject({ name: 'Triage' });
    expect((await call(colleague, 'GET', `/admin/stagetemplate/${created.body.id}`)).status).toBe(404);
  });
});
