import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

type Scenario = { id: string; priority: number | null; revision: number };
type Problem = { message: string };

describe.each(dialects)('scenario priorities (SPEC 9) on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let spaceId: string;

  const call = async <T = Scenario>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: author.auth, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const listed = async (id: string) => (await call<Scenario[]>('GET', '/admin/resim')).body.find((r) => r.id === id);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.user('author@example.test');
    spaceId = (await call<{ id: string }>('POST', '/admin/space', { description: 'Cardiology' })).body.id;
  });
  afterAll(() => t.close());

  it('starts with none, stores High or Low in the scenario and its listing, and clears it again', async () => {
    const created = (await call('POST', '/admin/resim/new', { groupId: spaceId })).body;
    expect(created.priority).toBeNull();
    expect((await listed(created.id))?.priority).toBeNull();
    const high = await call('PATCH', `/admin/resim/${created.id}`, { details: { priority: 1 } });
    expect(high.status).toBe(200);
    expect(high.body.priority).toBe(1);
    expect((await call('GET', `/admin/resim/${created.id}`)).body.priority).toBe(1);
    expect((await listed(created.id))?.priority).toBe(1);
    // A save of other details leaves the priority as it is.
    await call('PATCH', `/admin/resim/${created.id}`, { details: { resimName: 'Chest pain' } });
    expect((await listed(created.id))?.priority).toBe(1);
    await call('PATCH', `/admin/resim/${created.id}`, { details: { priority: 2 } });
    expect((await listed(created.id))?.priority).toBe(2);
    await call('PATCH', `/admin/resim/${created.id}`, { details: { priority: null } });
    expect((await listed(created.id))?.priority).toBeNull();
  });

  it('keeps the priority through clone, export and import', async () => {
    const created = (await call('POST', '/admin/resim/new', { groupId: spaceId })).body;
    await call('PATCH', `/admin/resim/${created.id}`, { details: { priority: 1 } });
    const copy = (await call('POST', `/admin/resim/${created.id}/clone`)).body;
    expect((await listed(copy.id))?.priority).toBe(1);
    const file = (await call<object>('POST', '/admin/export', { ids: [created.id] })).body;
    const [imported] = (await call<Scenario[]>('POST', '/admin/import', { groupId: spaceId, file })).body;
    expect((await listed(imported!.id))?.priority).toBe(1);
  });

  it('refuses a priority other than 1, 2 or null with 400 naming it, storing nothing', async () => {
    const created = (await call('POST', '/admin/resim/new', { groupId: spaceId })).body;
    const before = await t.snapshot();
    for (const priority of [3, 'high', 0, 1.5]) {
      const refused = await call<Problem>('PATCH', `/admin/resim/${created.id}`, { details: { priority } });
      expect(refused.status, String(priority)).toBe(400);
      expect(refused.body.message).toContain('priority');
      expect(refused.body.message).toContain('must be 1 (High) or 2 (Low), or null for none');
    }
    expect(await t.snapshot()).toBe(before);
  });

  it('keeps "High priority first" in the user metadata, off until chosen', async () => {
    expect((await call<{ priorityFirst: boolean }>('GET', '/admin/user')).body.priorityFirst).toBe(false);
    const saved = await call<{ priorityFirst: boolean; sortOrder: number }>('POST', '/admin/user', { priorityFirst: true });
    expect(saved.body).toMatchObject({ priorityFirst: true, sortOrder: 0 });
    expect((await call<{ priorityFirst: boolean }>('GET', '/admin/user')).body.priorityFirst).toBe(true);
    expect((await call('POST', '/admin/user', { priorityFirst: 'yes' })).status).toBe(400);
  });
});
