import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Entry = {
  id: string;
  revision: number;
  scheduleStart: string | null;
  scheduleEnd: string | null;
  openings: { id: string; created: string }[];
};

describe.each(dialects)('the schedule calendar (GET /admin/schedule) on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: () => new Date('2026-12-01T08:00:00.000Z') });
    author = await t.user('author@example.test');
    stranger = await t.user('stranger@example.test');
  });
  afterAll(() => t.close());

  const call = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, who: TestUser | null, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };

  it("lists each scenario's window and openings in the caller's spaces only", async () => {
    const spaceId = (await call<{ id: string }>('POST', '/admin/space', author, { description: 'Clinic' })).body.id;
    const resimId = (await call<{ id: string }>('POST', '/admin/resim/new', author, { groupId: spaceId })).body.id;
    const window = { scheduleStart: '2026-12-02T09:00:00.000Z', scheduleEnd: '2026-12-02T17:00:00.000Z' };
    const saved = await call('PATCH', `/admin/resim/${resimId}`, author, {
      ...sessionScenario,
      details: { ...sessionScenario.details, mode: 2, ...window },
    });
    expect(saved.status).toBe(200);
    expect((await call('POST', `/admin/control/${resimId}/2`, author)).status).toBe(200);

    const listed = await call<Entry[]>('GET', '/admin/schedule', author);
    expect(listed.status).toBe(200);
    const entry = listed.body.find((e) => e.id === resimId);
    expect(entry).toMatchObject({ ...window, resimName: sessionScenario.details.resimName, group: spaceId, resimStatus: 2 });
    expect(entry?.openings).toEqual([{ id: expect.any(String), created: '2026-12-01T08:00:00.000Z' }]);

    expect((await call<Entry[]>('GET', '/admin/schedule', stranger)).body).toEqual([]);
    expect((await call('GET', '/admin/schedule', null)).status).toBe(401);
  });
});
