import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { EmailConfirmationsTable } from '../../db/schema';

export type EmailConfirmationRow = Selectable<EmailConfirmationsTable>;

/** A sign-in's confirmation replaces any earlier one of the same sign-in; those whose sign-in is over go. */
export const saveConfirmation = async (db: Database, row: EmailConfirmationRow, now: string): Promise<void> => {
  await db
    .deleteFrom('email_confirmations')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('interaction_id', '=', row.interaction_id)]))
    .execute();
  await db.insertInto('email_confirmations').values(row).execute();
};

export const findConfirmation = (db: Database, interactionId: string, now: string): Promise<EmailConfirmationRow | undefined> =>
  db
    .selectFrom('email_confirmations')
    .selectAll()
    .where('interaction_id', '=', interactionId)
    .where('expires_at', '>', now)
    .executeTakeFirst();

export const updateConfirmation = (
  db: Database,
  interactionId: string,
  changes: Partial<Pick<EmailConfirmationRow, 'code_hash' | 'code_expires_at' | 'attempts' | 'sends' | 'last_sent_at'>>,
) => db.updateTable('email_confirmations').set(changes).where('interaction_id', '=', interactionId).execute();

/**
 * Takes one of the current code's tries before the code is compared, in one statement, so
 * requests at once cannot try more codes than allowed. False when none is left.
 */
export const takeAttempt = async (db: Database, interactionId: string, maxAttempts: number): Promise<boolean> => {
  const result = await db
    .updateTable('email_confirmations')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('interaction_id', '=', interactionId)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const deleteConfirmation = (db: Database, interactionId: string) =>
  db.deleteFrom('email_confirmations').where('interaction_id', '=', interactionId).execute();
