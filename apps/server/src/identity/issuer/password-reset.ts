import type { Database } from '../../db/database';
import type { EmailSender } from '../../modules/outbox/email-queue';
import { badRequest } from '../../errors/app-error';
import { iso, type Clock } from '../../lib/clock';
import { newId, randomSecret, sha256 } from '../../lib/ids';
import { findUserByEmail, updateUser } from '../../modules/users/users.repository';
import { hashPassword, passwordProblem } from '../passwords';

export const resetLinkTtlMs = 60 * 60 * 1000;

/** Sends a reset link when the account exists; says nothing either way, so emails stay private. */
export const requestPasswordReset = async (options: {
  db: Database;
  clock: Clock;
  email: EmailSender;
  address: string;
  publicUrl: string;
  productName: string;
}): Promise<void> => {
  const user = await findUserByEmail(options.db, options.address.trim());
  if (!user || user.external_subject) return;
  const token = randomSecret(32);
  const now = options.clock.now();
  await options.db
    .insertInto('password_resets')
    .values({
      id: newId(),
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: new Date(now.getTime() + resetLinkTtlMs).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  const link = `${options.publicUrl}/account/reset/${token}`;
  await options.email.send({
    to: user.email,
    subject: `Reset your ${options.productName} password`,
    text: `Someone asked to reset the password of your ${options.productName} account.\n\nChoose a new password here (the link works for one hour):\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.`,
  });
};

const findValidReset = async (db: Database, clock: Clock, token: string) => {
  const row = await db.selectFrom('password_resets').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
  if (!row || row.used_at || Date.parse(row.expires_at) < clock.now().getTime()) return undefined;
  return row;
};

export const isResetTokenValid = async (db: Database, clock: Clock, token: string): Promise<boolean> =>
  (await findValidReset(db, clock, token)) !== undefined;

export const completePasswordReset = async (options: {
  db: Database;
  clock: Clock;
  token: string;
  password: string;
  confirm: string;
}): Promise<void> => {
  const problem = passwordProblem(options.password);
  if (problem) throw badRequest(problem);
  if (options.password !== options.confirm) throw badRequest('The two passwords are not the same');
  const reset = await findValidReset(options.db, options.clock, options.token);
  if (!reset) throw badRequest('This reset link has expired or has already been used. Ask for a new one.');
  const passwordHash = await hashPassword(options.password);
  await options.db.transaction().execute(async (trx) => {
    const now = iso(options.clock);
    await updateUser(trx, reset.user_id, { password_hash: passwordHash, updated_at: now });
    // Any other outstanding link for this account stops working too.
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', reset.user_id)
      .where('used_at', 'is', null)
      .execute();
  });
};
