import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import type { NewPasswordResetRow, UserRow } from '../../db/schema';
import type { EmailSender } from '../../modules/outbox/email-queue';
import { badRequest } from '../../errors/app-error';
import { iso, type Clock } from '../../lib/clock';
import { newId, randomSecret, sha256 } from '../../lib/ids';
import { findUserByEmail, findUserById, updateUser } from '../../modules/users/users.repository';
import { hashPassword, passwordProblem } from '../passwords';

export const resetLinkTtlMs = 60 * 60 * 1000;
/** An invited learner may read the email days later, so their first-password link lasts a week. */
export const invitationLinkTtlMs = 7 * 24 * 60 * 60 * 1000;

type LinkOptions = { clock: Clock; ttlMs: number; publicUrl: string };

/** A link's token, and the row that keeps its hash. */
const linkFor = (options: LinkOptions, userId: string, emailedTo: string | null): { link: string; row: NewPasswordResetRow } => {
  const token = randomSecret(32);
  const now = options.clock.now();
  return {
    link: `${options.publicUrl}/account/reset/${token}`,
    row: {
      id: newId(),
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(now.getTime() + options.ttlMs).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
      emailed_to: emailedTo,
    },
  };
};

/**
 * A one-use link by which the account's user chooses a password, working for `ttlMs`. Given the
 * address it is emailed to, following it also proves that address (a printed link does not).
 */
export const createPasswordLink = async (options: LinkOptions & { db: Database; userId: string; emailedTo?: string }): Promise<string> => {
  const { link, row } = linkFor(options, options.userId, options.emailedTo ?? null);
  await options.db.insertInto('password_resets').values(row).execute();
  return link;
};

/** Rows per insert: well under SQLite's and PostgreSQL's limits on bound values. */
const linkBatch = 500;

/** Whether the account chooses its first password from an emailed link: the embedded sign-in's, with none yet. */
export const choosesFirstPassword = (identity: Config['identity'], user: Pick<UserRow, 'password_hash' | 'external_subject'>): boolean =>
  identity.kind === 'embedded' && !user.password_hash && !user.external_subject;

/**
 * Sends each account of the embedded sign-in that has no password yet a link to choose one, which
 * works for 7 days, in an email of its own: from no one and of no space, so that only its recipient
 * (and developers) can read it in the outbox. The invitation it goes with reads the same for every
 * address, since its sender and the space's members may read that one. Answers how many were sent.
 */
export const sendFirstPasswordLinks = async (options: {
  db: Database;
  clock: Clock;
  email: EmailSender;
  config: Pick<Config, 'productName' | 'publicUrl' | 'identity'>;
  /** who sent the invitation */
  senderEmail: string;
  /** what they did, read after "<sender> has": `added you to the space "Lab"` */
  what: string;
  accounts: readonly Pick<UserRow, 'id' | 'email' | 'password_hash' | 'external_subject'>[];
}): Promise<number> => {
  const { config } = options;
  const choosing = options.accounts.filter((user) => choosesFirstPassword(config.identity, user));
  if (choosing.length === 0) return 0;
  const links = choosing.map((user) =>
    linkFor({ clock: options.clock, ttlMs: invitationLinkTtlMs, publicUrl: config.publicUrl }, user.id, user.email),
  );
  const store = async (db: Database) => {
    for (let start = 0; start < links.length; start += linkBatch) {
      await db
        .insertInto('password_resets')
        .values(links.slice(start, start + linkBatch).map(({ row }) => row))
        .execute();
    }
  };
  // Many links in one transaction: one commit, not one per batch.
  if (links.length > linkBatch && !options.db.isTransaction) await options.db.transaction().execute(store);
  else await store(options.db);
  const product = config.productName;
  await options.email.sendMany(
    choosing.map((user, at) => ({
      to: user.email,
      subject: `Choose your ${product} password`,
      text: [
        `${options.senderEmail} has ${options.what} in ${product}. Your account there has no password yet.`,
        '',
        `Choose your password here, then sign in with your email and that password (the link works for 7 days):\n${links[at]!.link}`,
        '',
        'If you did not expect this, ignore this email.',
      ].join('\n'),
    })),
    options.db,
  );
  return choosing.length;
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
