import type { Database } from '../../db/database';
import type { NewUser, UserRow } from '../../db/schema';

export const findUserById = (db: Database, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (db: Database, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findUserBySubject = (db: Database, subject: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('external_subject', '=', subject).executeTakeFirst();

export const insertUser = async (db: Database, user: NewUser): Promise<UserRow> => {
  await db.insertInto('users').values(user).execute();
  return (await findUserById(db, user.id))!;
};

export const updateUser = (
  db: Database,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'password_hash' | 'groups' | 'metadata' | 'external_subject' | 'email' | 'email_verified_at'>> & {
    updated_at: string;
  },
) => db.updateTable('users').set(changes).where('id', '=', id).execute();

export const countUsers = async (db: Database): Promise<number> => {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
