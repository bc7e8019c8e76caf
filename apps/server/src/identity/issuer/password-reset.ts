import type { Database } from '../../db/database';
import type { EmailSender } from '../../modules/outbox/email-queue';
import { badRequest } from '../../errors/app-error';
import { iso, type Clock } from '../../lib/clock';
import { newId, randomSecret, sha256 } from '../../lib/ids';
import { findUserByEmail, findUserById, updateUser } from '../../modules/users/users.repository';
import { hashPassword, passwordProblem } from '../passwords';

export const resetLinkTtlMs = 60 * 60 * 1000;
/** An invited learner may read the email days later, so their first-password link lasts a week. */
export const invitationLinkTtlMs = 7 * 24 * 60 * 60 * 1000;

/**
 * A one-use link by which the account's user chooses a password, working for `ttlMs`. Given the
 * address it is emailed to, following it also proves that address (a printed link does not).
 */
export const createPasswordLink = async (options: {
  db: Database;
  clock: Clock;
  userId: string;
  ttlMs: number;
  publicUrl: string;
  emailedTo?: string;
}): Promise<string> => {
  const token = randomSecret(32);
  const now = options.clock.now();
  await options.db
    .insertInto('password_resets')
    .values({
      id: newId(),
      user_id: options.userId,
      token_hash: sha256(token),
      expires_at: new Date(now.getTime() + options.ttlMs).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
      emailed_to: options.emailedTo ?? null,
    })
    .execute();
  return `${options.publicUrl}/account/reset/${token}`;
};

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
  const link = await createPasswordLink({ ...options, userId: user.id, ttlMs: resetLinkTtlMs, emailedTo: user.email });
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

/** The link's account, when the link still works: whether it is choosing its first password or a new one. */
export const resetLinkAccount = async (db: Database, clock: Clock, token: string): Promise<{ firstPassword: boolean } | undefined> => {
  const reset = await findValidReset(db, clock, token);
  const user = reset ? await findUserById(db, reset.user_id) : undefined;
  return user ? { firstPassword: !user.password_hash } : undefined;
};

export const completePasswordReset = async (options: {
  db: Database;
  clock: Clock;
  token: string;
  password: string;
  confirm: string;
}): Promise<{ firstPassword: boolean }> => {
  const problem = passwordProblem(options.password);
  if (problem) throw badRequest(problem);
  if (options.password !== options.confirm) throw badRequest('The two passwords are not the same');
  const reset = await findValidReset(options.db, options.clock, options.token);
  if (!reset) throw badRequest('This reset link has expired or has already been used. Ask for a new one.');
  const user = await findUserById(options.db, reset.user_id);
  const firstPassword = !user?.password_hash;
  // The link came by email to the account's address: following it proves that mailbox.
  const proves = user !== undefined && !user.email_verified_at && reset.emailed_to?.toLowerCase() === user.email.toLowerCase();
  const passwordHash = await hashPassword(options.password);
  await options.db.transaction().execute(async (trx) => {
    const now = iso(options.clock);
    await updateUser(trx, reset.user_id, { password_hash: passwordHash, updated_at: now, ...(proves ? { email_verified_at: now } : {}) });
    // Any other outstanding link for this account stops working too.
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', reset.user_id)
      .where('used_at', 'is', null)
      .execute();
  });
  return { firstPassword };
};
