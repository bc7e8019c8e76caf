import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

type Join = { gameId: string; runToken: string | null; code?: string; message?: string };

describe.each(dialects)('join limits on %s', (dialect) => {
  let t: TestApp;
  let host: TestUser;
  let code: string;

  const join = async (from: string, nickname: string, runToken?: string | null) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/learn/join/${code}`,
      remoteAddress: from,
      headers: runToken ? { 'x-run-token': runToken } : {},
      payload: { nickname },
    });
    return { status: response.statusCode, body: response.json<Join>(), retryAfter: response.headers['retry-after'] };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { JOIN_LIMIT_PER_ADDRESS: '3', JOIN_LIMIT_PER_CODE: '5', JOIN_LIMIT_WRONG_CODES: '2' });
    host = await t.user('host@example.test');
    const call = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: host.auth, ...(payload ? { payload } : {}) });
    const spaceId = (await call('POST', '/admin/space', { description: 'Hall' })).json<{ id: string }>().id;
    const created = (await call('POST', '/admin/resim/new', { groupId: spaceId })).json<{ id: string; code: string }>();
    code = created.code;
    expect((await call('PATCH', `/admin/resim/${created.id}`, sessionScenario)).statusCode).toBe(200);
    expect((await call('POST', `/admin/control/${created.id}/1`)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('limits new anonymous runs per address and per code, with a retryable answer, and lets learners already in come back', async () => {
    const first = await join('10.0.0.1', 'Ann');
    expect(first.status).toBe(201);
    for (const nickname of ['Bo', 'Cy']) expect((await join('10.0.0.1', nickname)).status).toBe(201);
    const before = await t.snapshot();
    const fourth = await join('10.0.0.1', 'Di');
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/^Too many learners are joining from your network just now; try again in \d+ seconds$/);
    expect(Number(fourth.retryAfter)).toBeGreaterThan(0);
    expect(await t.snapshot()).toBe(before);
    // Ann comes back with her run's token: no new run, so no limit.
    const again = await join('10.0.0.1', 'Ann', first.body.runToken);
    expect(again).toMatchObject({ status: 201, body: { gameId: first.body.gameId } });

    // Another network: the code's own limit (five a minute) is reached after two more.
    for (const nickname of ['Ed', 'Flo']) expect((await join('10.0.0.2', nickname)).status).toBe(201);
    const sixth = await join('10.0.0.3', 'Gus');
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Too many learners are joining this session just now; try again in \d+ seconds$/);
  });

  it('answers join codes that lead nowhere 404, then 429 from an address that keeps guessing', async () => {
    const guess = (from: string, guessed: string) => t.app.inject({ method: 'GET', url: `/learn/join/${guessed}`, remoteAddress: from });
    expect((await guess('10.0.0.9', 'NOPE01')).statusCode).toBe(404);
    expect((await guess('10.0.0.9', 'NOPE02')).statusCode).toBe(404);
    const third = await guess('10.0.0.9', 'NOPE03');
    expect(third.statusCode).toBe(429);
    expect(third.json<{ message: string }>().message).toMatch(/^Too many join codes that lead nowhere came from your network/);
    expect(third.headers['retry-after']).toBeDefined();
    // Another address is not held back by it.
    expect((await guess('10.0.0.10', 'NOPE04')).statusCode).toBe(404);
  });
});
