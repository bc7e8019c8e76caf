import type { Database } from '../../db/database';
import type { UserMfaTable } from '../../db/schema';
import type { Selectable } from 'kysely';

export type UserMfaRow = Selectable<UserMfaTable>;

export const findUserMfa = (db: Database, userId: string): Promise<UserMfaRow | undefined> =>
  db.selectFrom('user_mfa').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** A new secret waiting for its first code replaces any earlier one that was never confirmed. */
export const savePendingSecret = async (db: Database, row: { user_id: string; secret_encrypted: string; created_at: string }) => {
  await db
    .insertInto('user_mfa')
    .values({ ...row, enabled_at: null, last_step: null, failed_attempts: 0, locked_until: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({
          secret_encrypted: row.secret_encrypted,
          created_at: row.created_at,
          last_step: null,
          failed_attempts: 0,
          locked_until: null,
        })
        .where('user_mfa.enabled_at', 'is', null),
    )
    .execute();
};

/** Takes a time step only when it is later than the last one taken, so a code works once. */
export const takeTimeStep = async (db: Database, userId: string, step: number): Promise<boolean> => {
  const result = await db
    .updateTable('user_mfa')
    .set({ last_step: step, failed_attempts: 0, locked_until: null })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Marks an unused recovery code used; false when there is no such unused code. */
export const useRecoveryCode = async (db: Database, userId: string, codeHash: string, now: string): Promise<boolean> => {
  const result = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const countUnusedRecoveryCodes = async (db: Database, userId: string): Promise<number> => {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const replaceRecoveryCodes = async (db: Database, userId: string, hashes: readonly string[]): Promise<void> => {
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('mfa_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
};

export const updateFailures = (db: Database, userId: string, changes: Pick<UserMfaRow, 'failed_attempts' | 'locked_until'>) =>
  db.updateTable('user_mfa').set(changes).where('user_id', '=', userId).execute();

export const enableMfa = (db: Database, userId: string, changes: { enabled_at: string; last_step: number }) =>
  db
    .updateTable('user_mfa')
    .set({ ...changes, failed_attempts: 0, locked_until: null })
    .where('user_id', '=', userId)
    .execute();

/** Everything of a user's MFA: the secret, the recovery codes and sign-ins waiting for a code. */
export const deleteUserMfa = async (db: Database, userId: string): Promise<boolean> => {
  await db.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('user_mfa').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
};

export const saveChallenge = async (db: Database, row: { interaction_id: string; user_id: string; expires_at: string }, now: string) => {
  await db
    .deleteFrom('mfa_challenges')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('interaction_id', '=', row.interaction_id)]))
    .execute();
  await db.insertInto('mfa_challenges').values(row).execute();
};

export const findChallengeUser = async (db: Database, interactionId: string, now: string): Promise<string | undefined> =>
  (
    await db
      .selectFrom('mfa_challenges')
      .select('user_id')
      .where('interaction_id', '=', interactionId)
      .where('expires_at', '>', now)
      .executeTakeFirst()
  )?.user_id;

export const deleteChallenge = (db: Database, interactionId: string) =>
  db.deleteFrom('mfa_challenges').where('interaction_id', '=', interactionId).execute();
