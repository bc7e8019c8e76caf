import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

type Scenario = { id: string; group: string; resimName: string; revision: number; code: string };
type Problem = { code: string; message: string };

describe.each(dialects)('moving a scenario to another space on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let colleague: TestUser;
  let outsider: TestUser;
  let wards: string;
  let clinic: string;

  const call = async <T = Scenario>(who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: who.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const newSpace = async (description: string) => {
    const id = (await call<{ id: string }>(owner, 'POST', '/admin/space', { description })).body.id;
    await call(owner, 'POST', `/admin/space/${id}/user`, { email: 'colleague@example.test' });
    return id;
  };
  const create = async (spaceId: string) => (await call(owner, 'POST', '/admin/resim/new', { groupId: spaceId })).body;
  const move = (who: TestUser, resimId: string, payload: unknown) =>
    call<Scenario & Problem>(who, 'PUT', `/admin/resim/${resimId}/space`, payload);
  const security = (spaceId: string, flags: object) => call(owner, 'PUT', `/admin/space/${spaceId}/security`, flags);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.user('owner@example.test');
    colleague = await t.user('colleague@example.test');
    outsider = await t.user('outsider@example.test');
    wards = await newSpace('Wards');
    clinic = await newSpace('Clinic');
  });
  afterAll(() => t.close());

  it('moves a scenario with its content and join code, leaving its allocations behind, so its old space can be deleted', async () => {
    const emptied = await newSpace('Emptied');
    const scenario = await create(emptied);
    await call(owner, 'POST', `/admin/space/${emptied}/learner`, { tags: [], notify: false, learners: [{ email: 'ann@example.test' }] });
    await call(owner, 'POST', `/admin/space/${emptied}/allocation`, { learners: ['ann@example.test'], resims: [scenario.id] });
    const refusedDelete = await call<Problem>(owner, 'DELETE', `/admin/space/${emptied}`);
    expect(refusedDelete.status).toBe(409);
    expect(refusedDelete.body.message).toContain('move or delete them first');

    const moved = await move(colleague, scenario.id, { spaceId: clinic });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: scenario.id, group: clinic, resimName: scenario.resimName, code: scenario.code });
    expect((await call(owner, 'GET', `/admin/resim/${scenario.id}`)).body.group).toBe(clinic);
    const listed = await call<Scenario[]>(colleague, 'GET', '/admin/resim');
    expect(listed.body.find((r) => r.id === scenario.id)?.group).toBe(clinic);
    expect((await call<unknown[]>(owner, 'GET', `/admin/space/${emptied}/allocation`)).body).toEqual([]);
    expect((await call(owner, 'DELETE', `/admin/space/${emptied}`)).status).toBe(200);
  });

  it('refuses to move out of a space whose canMove is off, naming the flag, except for its owner', async () => {
    const scenario = await create(wards);
    await security(wards, { canMove: false });
    const before = await t.snapshot();
    const refused = await move(colleague, scenario.id, { spaceId: clinic });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This space does not allow moving its scenarios out (canMove is off); ask its owner');
    expect(await t.snapshot()).toBe(before);
    // canMove of the target does not matter: it governs leaving, not arriving.
    const back = await create(clinic);
    expect((await move(colleague, back.id, { spaceId: wards })).status).toBe(200);
    expect((await move(owner, scenario.id, { spaceId: clinic })).body.group).toBe(clinic);
    await security(wards, {});
  });

  it('refuses a target space the caller may not edit, and one they are not in', async () => {
    const scenario = await create(wards);
    const foreign = (await call<{ id: string }>(outsider, 'POST', '/admin/space', { description: 'Elsewhere' })).body.id;
    await security(clinic, { canEdit: false });
    const before = await t.snapshot();
    const locked = await move(colleague, scenario.id, { spaceId: clinic });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toContain('canEdit is off');
    const notTheirs = await move(colleague, scenario.id, { spaceId: foreign });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.message).toBe('Space not found');
    expect(await t.snapshot()).toBe(before);
    // The owner of the locked space may still put scenarios in it.
    expect((await move(owner, scenario.id, { spaceId: clinic })).status).toBe(200);
    await security(clinic, {});
  });

  it('answers 404 to outsiders, for the scenario as for a space', async () => {
    const scenario = await create(wards);
    const theirs = (await call<{ id: string }>(outsider, 'POST', '/admin/space', { description: 'Theirs' })).body.id;
    const refused = await move(outsider, scenario.id, { spaceId: theirs });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Scenario not found');
    expect((await move(owner, 'no-such-scenario', { spaceId: clinic })).status).toBe(404);
  });

  it('refuses a bad body with 400 naming the problem, and a move to where it already is', async () => {
    const scenario = await create(wards);
    const before = await t.snapshot();
    for (const [payload, pattern] of [
      [{}, /spaceId/],
      [{ spaceId: '' }, /spaceId must name a space/],
      [{ spaceId: 7 }, /spaceId/],
      [{ spaceId: clinic, group: clinic }, /group/],
      [{ spaceId: wards }, /already in this space/],
    ] as const) {
      const refused = await move(owner, scenario.id, payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.message).toMatch(pattern);
    }
    expect(await t.snapshot()).toBe(before);
  });
});
