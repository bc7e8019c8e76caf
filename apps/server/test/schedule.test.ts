import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Join = { gameId: string; runToken: string | null };

describe.each(dialects)('the schedule of a scenario on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let nurse: TestUser;
  let resimId: string;
  let code: string;
  let now = new Date('2026-12-01T08:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: () => now });
    author = await t.user('author@example.test');
    nurse = await t.user('nurse@hospital.test');
    const spaceId = (
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: author.auth, payload: { description: 'Clinic' } })
    ).json<{ id: string }>().id;
    const created = (
      await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: author.auth, payload: { groupId: spaceId } })
    ).json<{ id: string; code: string }>();
    resimId = created.id;
    code = created.code;
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/admin/resim/${resimId}`,
      headers: author.auth,
      payload: {
        ...sessionScenario,
        details: {
          ...sessionScenario.details,
          mode: 2,
          scheduleStart: '2026-12-01T09:00:00.000Z',
          scheduleEnd: '2026-12-01T17:00:00.000Z',
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await control(2)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const control = (status: number) => t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/${status}`, headers: author.auth });
  const call = async <T>(method: 'GET' | 'POST', url: string, who: TestUser | null, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const schedule = (phase: string) => ({ opens: '2026-12-01T09:00:00.000Z', closes: '2026-12-01T17:00:00.000Z', phase });

  let joined: Join;

  it('tells a learner before the window when it opens, and refuses to let them join', async () => {
    expect((await call('GET', `/learn/join/${code}`, null)).body).toMatchObject({ phase: 'open', schedule: schedule('before') });
    const before = await t.snapshot();
    const refused = await call<{ message: string }>('POST', `/learn/join/${code}`, nurse, {});
    expect(refused).toEqual({ status: 409, body: expect.objectContaining({ message: 'This simulation opens at 2026-12-01 09:00 UTC' }) });
    const anonymous = await call<{ message: string }>('POST', `/learn/join/${code}`, null, { nickname: 'Sam' });
    expect(anonymous.status).toBe(409);
    expect(await t.snapshot()).toBe(before);
  });

  it('lets learners join and play inside the window, and lists the schedule with their scenarios', async () => {
    now = new Date('2026-12-01T10:00:00.000Z');
    expect((await call('GET', `/learn/join/${code}`, null)).body).toMatchObject({ schedule: schedule('open') });
    const join = await call<Join>('POST', `/learn/join/${code}`, nurse, {});
    expect(join.status).toBe(201);
    joined = join.body;
    const step = await call('POST', `/learn/game/${joined.gameId}/event`, nurse, { type: 'runAction', actionId: 'act1' });
    expect(step.status).toBe(200);
    expect((await call('GET', '/learn/mine', nurse)).body).toEqual([expect.objectContaining({ resimId, schedule: schedule('open') })]);
  });

  it('refuses steps and joining once the window closed, naming when', async () => {
    now = new Date('2026-12-01T17:30:00.000Z');
    const before = await t.snapshot();
    const step = await call<{ message: string }>('POST', `/learn/game/${joined.gameId}/event`, nurse, {
      type: 'runAction',
      actionId: 'act2',
    });
    expect(step).toEqual({ status: 409, body: expect.objectContaining({ message: 'This simulation closed at 2026-12-01 17:00 UTC' }) });
    const join = await call<{ message: string }>('POST', `/learn/join/${code}`, nurse, {});
    expect(join.status).toBe(409);
    expect(join.body.message).toBe('This simulation closed at 2026-12-01 17:00 UTC');
    expect(await t.snapshot()).toBe(before);
    expect((await call('GET', '/learn/mine', nurse)).body).toEqual([expect.objectContaining({ schedule: schedule('after') })]);
  });

  it('lets authors test the scenario outside the window', async () => {
    for (const status of [3, 0, 4]) expect((await control(status)).statusCode).toBe(200);
    const test = await call<Join>('POST', `/learn/join/${code}`, author, {});
    expect(test.status).toBe(201);
    expect((await call('POST', `/learn/game/${test.body.gameId}/event`, author, { type: 'runAction', actionId: 'act1' })).status).toBe(200);
  });
});
