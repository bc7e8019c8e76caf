import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as memberAcceptance from '../src/db/migrations/0023-member-acceptance';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

describe.each(dialects)('the migration that makes members added by email wait to accept, on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.user('owner@example.test');
  });
  afterAll(() => t.close());

  it('counts the members added before it as having seen their space, so that they keep showing by name', async () => {
    const space = (
      await t.app.inject({ method: 'POST', url: '/admin/space', headers: owner.auth, payload: { description: 'Ward' } })
    ).json<{
      id: string;
    }>();
    const member = await t.user('member@example.test');
    await t.db.updateTable('users').set({ name: 'Mo Member' }).where('id', '=', member.user.id).execute();
    // a migration sees the database before its own columns, as the migrator gives it
    const untyped = t.db as unknown as Kysely<unknown>;
    await memberAcceptance.down(untyped);
    const added = '2025-03-01T09:00:00.000Z';
    await sql`insert into space_members (space_id, user_id, created_at) values (${space.id}, ${member.user.id}, ${added})`.execute(untyped);
    await memberAcceptance.up(untyped);

    expect(await t.db.selectFrom('space_members').select(['user_id', 'accepted_at']).where('space_id', '=', space.id).execute()).toEqual([
      { user_id: member.user.id, accepted_at: added },
    ]);
    const users = await t.app.inject({ method: 'GET', url: `/admin/space/${space.id}/user`, headers: owner.auth });
    expect(users.json<unknown[]>()[1]).toMatchObject({ email: 'member@example.test', name: 'Mo Member', pending: false });
  });
});
