import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScenarioOf, createTestApp, dialects, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

describe.each(dialects)('a NUL character sent to the API on %s', (dialect) => {
  let t: TestApp;
  let author: TestUser;
  let resimId: string;
  let code: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.user('author@example.test');
    resimId = await createScenarioOf(t, author, sessionScenario);
    code = (await t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: author.auth })).json<{ code: string }>().code;
  });
  afterAll(() => t.close());

  it('is refused with a 400 naming where it stands, in a path, a query or a body, and nothing is stored', async () => {
    const before = await t.snapshot();
    const cases = [
      { method: 'GET', url: '/learn/game/%00', where: 'path.gameId' },
      { method: 'GET', url: `/learn/game/abc%00def`, where: 'path.gameId' },
      { method: 'GET', url: `/admin/resim/${resimId}/audit?instance=%00`, headers: author.auth, where: 'query.instance' },
      { method: 'POST', url: `/learn/join/${code}`, payload: { nickname: 'Ada\u0000' }, where: 'body.nickname' },
      { method: 'POST', url: '/admin/space', headers: author.auth, payload: { description: 'Ward\u0000 7' }, where: 'body.description' },
      {
        method: 'PATCH',
        url: `/admin/resim/${resimId}`,
        headers: author.auth,
        payload: { ...sessionScenario, actions: [sessionScenario.actions[0], { ...sessionScenario.actions[1], name: 'Fe\u0000' }] },
        where: 'body.actions[1].name',
      },
      {
        method: 'POST',
        url: `/admin/control/${resimId}/message`,
        headers: author.auth,
        payload: { id: 'm1', title: 'Hi', message: '\u0000' },
        where: 'body.message',
      },
    ] as const;
    for (const { where, ...request } of cases) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(
        `${where} holds a NUL character (\\u0000), which cannot be stored: take it out and send it again`,
      );
    }
    expect(await t.snapshot()).toBe(before);
  });

  it('is not confused with the six characters \\u0000 written out, which are stored as written', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/space',
      headers: author.auth,
      payload: { description: 'Ward \\u0000' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ description: string }>().description).toBe('Ward \\u0000');
  });
});
