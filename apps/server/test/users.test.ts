import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

describe.each(dialects)('user metadata and API tokens on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await t.user('author@example.test', 'developer,lab');
  });
  afterAll(() => t.close());

  it('keeps collapsedSpaces and sortOrder (SPEC 3, 9)', async () => {
    const initial = await t.app.inject({ url: '/admin/user', headers: user.auth });
    expect(initial.json()).toEqual({ collapsedSpaces: [], sortOrder: 0, priorityFirst: false });
    await t.app.inject({ method: 'POST', url: '/admin/user', headers: user.auth, payload: { collapsedSpaces: ['a', 'b', 'a'] } });
    await t.app.inject({ method: 'POST', url: '/admin/user', headers: user.auth, payload: { sortOrder: 3 } });
    expect((await t.app.inject({ url: '/admin/user', headers: user.auth })).json()).toEqual({
      collapsedSpaces: ['a', 'b'],
      sortOrder: 3,
      priorityFirst: false,
    });
    const bad = await t.app.inject({ method: 'POST', url: '/admin/user', headers: user.auth, payload: { sortOrder: 4 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('sortOrder');
  });

  it('tells who the caller is', async () => {
    const auth = await t.app.inject({ url: '/admin/user/auth', headers: user.auth });
    expect(auth.json()).toMatchObject({ email: 'author@example.test', groups: ['developer', 'lab'], isDeveloper: true });
  });

  it('creates, lists and revokes API tokens, storing only their hash', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/admin/user/token', headers: user.auth, payload: { name: 'Reports' } });
    expect(created.statusCode).toBe(201);
    const { id, token } = created.json<{ id: string; token: string }>();
    expect(token).toMatch(/^rsm_/);
    const stored = await t.db.selectFrom('api_tokens').select('token_hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const withNew = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/admin/space', headers: withNew })).statusCode).toBe(200);
    const listed = await t.app.inject({ url: '/admin/user/token', headers: user.auth });
    expect(listed.json<{ id: string; name: string; lastUsed: string | null }[]>().find((row) => row.id === id)).toMatchObject({
      name: 'Reports',
      lastUsed: expect.any(String),
    });
    expect(JSON.stringify(listed.json())).not.toContain(token);

    expect((await t.app.inject({ method: 'DELETE', url: `/admin/user/token/${id}`, headers: user.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/admin/space', headers: withNew })).statusCode).toBe(401);
  });

  it("cannot revoke another user's token", async () => {
    const other = await t.user('other@example.test');
    const created = await t.app.inject({ method: 'POST', url: '/admin/user/token', headers: other.auth, payload: { name: 'Mine' } });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/admin/user/token/${created.json<{ id: string }>().id}`,
      headers: user.auth,
    });
    expect(response.statusCode).toBe(404);
  });
});
