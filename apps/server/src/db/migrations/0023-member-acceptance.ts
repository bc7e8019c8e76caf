import { sql, type Kysely } from 'kysely';

/**
 * When a member added by email first saw the space after signing in (null: not yet). Until then
 * the others in the space see only the email they typed, so that adding someone tells no one
 * whether the address had an account or whose it is. Members added before count as having seen it.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('space_members').addColumn('accepted_at', 'text').execute();
  await sql`update space_members set accepted_at = created_at`.execute(db);
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('space_members').dropColumn('accepted_at').execute();
};
