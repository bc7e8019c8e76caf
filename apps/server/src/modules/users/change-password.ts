import type { ChangePassword } from '@resim/contracts';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import { conflict, forbidden } from '../../errors/app-error';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import { iso, type Clock } from '../../lib/clock';
import { findUserById, updateUser } from './users.repository';

/**
 * A signed-in user of the embedded issuer changes their password, proving the current one first.
 * Reset and invitation links still outstanding stop working: they were for the old password.
 */
export const changePassword = async (options: {
  db: Database;
  clock: Clock;
  identity: Config['identity'];
  userId: string;
  change: ChangePassword;
}): Promise<void> => {
  const { db, change } = options;
  if (options.identity.kind !== 'embedded') {
    throw conflict(`Passwords are kept by your identity provider (${options.identity.issuer}); change yours there`);
  }
  const user = await findUserById(db, options.userId);
  if (!user?.password_hash || user.external_subject) {
    throw conflict('This account has no password here yet; choose one with "Forgot your password?" on the sign-in page');
  }
  if (!(await verifyPassword(user.password_hash, change.currentPassword))) {
    throw forbidden('The current password is not right');
  }
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction().execute(async (trx) => {
    const now = iso(options.clock);
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
  });
};
