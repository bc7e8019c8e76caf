import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/harness';
import { preparedQuery } from './prepared';

describe.each(dialects)('prepared queries on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const now = new Date().toISOString();
    for (const [id, email] of [
      ['u1', 'one@example.test'],
      ['u2', 'two@example.test'],
    ]) {
      await database.db
        .insertInto('users')
        .values({
          id: id!,
          email: email!,
          name: null,
          password_hash: null,
          groups: '[]',
          metadata: '{}',
          external_subject: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  });
  afterAll(() => database.drop());

  it('runs the same compiled query with each call’s parameters, constants kept', async () => {
    const byIdOrEmail = preparedQuery((db, id: string, email: string) =>
      db
        .selectFrom('users')
        .select(['id'])
        .where((eb) => eb.or([eb('id', '=', id), eb('email', '=', email)]))
        .where('metadata', '=', '{}')
        .orderBy('id'),
    );
    expect(await byIdOrEmail(database.db, 'u1', 'nobody')).toEqual([{ id: 'u1' }]);
    expect(await byIdOrEmail(database.db, 'u3', 'two@example.test')).toEqual([{ id: 'u2' }]);
    expect(await byIdOrEmail(database.db, 'u1', 'two@example.test')).toEqual([{ id: 'u1' }, { id: 'u2' }]);
  });
});
