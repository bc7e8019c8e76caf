import crypto from 'node:crypto';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { sha256 } from '../../lib/ids';
import type { EmailSender } from '../outbox/email-queue';
import { findUserById, updateUser } from '../users/users.repository';
import { confirmationTemplateName, renderConfirmationEmail } from './confirmation-email';
import { deleteConfirmation, findConfirmation, saveConfirmation, takeAttempt, updateConfirmation } from './email-confirmation.repository';

/** How long an emailed code works. */
export const codeTtlMs = 15 * 60 * 1000;
/** Codes that may be typed against one emailed code; then a new one must be sent. */
export const maxCodeAttempts = 5;
/** The shortest wait between two codes sent for one sign-in, and how many may be sent in all. */
export const resendIntervalMs = 60 * 1000;
export const maxCodeSends = 5;
/** As long as the issuer keeps the sign-in itself (provider.ts, ttl.Interaction). */
export const confirmationTtlMs = 60 * 60 * 1000;

export const emptyCodeMessage = 'Confirmation code cannot be empty. Enter the 6-digit code from the email.';
export const wrongCodeMessage = 'That code is not right. Enter the 6-digit code from the newest email.';
export const expiredCodeMessage = 'This code has expired. Send a new code and enter that one.';
export const usedUpCodeMessage = 'Too many wrong codes. Send a new code and enter that one.';
export const resendTooSoonMessage = 'A code was sent less than a minute ago. Wait a moment before asking for another.';
export const noMoreSendsMessage = 'No more codes can be sent for this sign-in. Cancel and sign in again.';

type Context = { readonly db: Database; readonly clock: Clock };
type SendContext = Context & { readonly email: EmailSender; readonly productName: string };

const newCode = (): string => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

const sendCode = async (ctx: SendContext, user: Pick<UserRow, 'id' | 'email'>, code: string) => {
  const rendered = renderConfirmationEmail({
    code,
    minutes: codeTtlMs / 60_000,
    productName: ctx.productName,
    recipientEmail: user.email,
  });
  await ctx.email.send({ ...rendered, to: user.email, templateName: confirmationTemplateName, senderId: null, spaceId: null });
};

/** Whether this user must prove their address before a sign-in completes. */
export const needsEmailConfirmation = (user: Pick<UserRow, 'email_verified_at' | 'external_subject'>): boolean =>
  !user.email_verified_at && !user.external_subject;

/** The password of this sign-in was right: it now waits for the code emailed to the user. */
export const startEmailConfirmation = async (ctx: SendContext & { user: Pick<UserRow, 'id' | 'email'>; interactionId: string }) => {
  const now = ctx.clock.now();
  const code = newCode();
  await saveConfirmation(
    ctx.db,
    {
      interaction_id: ctx.interactionId,
      user_id: ctx.user.id,
      code_hash: codeHash(ctx.user.id, code),
      code_expires_at: new Date(now.getTime() + codeTtlMs).toISOString(),
      attempts: 0,
      sends: 1,
      last_sent_at: now.toISOString(),
      expires_at: new Date(now.getTime() + confirmationTtlMs).toISOString(),
    },
    now.toISOString(),
  );
  await sendCode(ctx, ctx.user, code);
};

/** The user a sign-in waits on for a code, while it does. */
export const confirmationUserId = async (ctx: Context, interactionId: string): Promise<string | undefined> =>
  (await findConfirmation(ctx.db, interactionId, ctx.clock.now().toISOString()))?.user_id;

export type ResendResult = { ok: true } | { ok: false; message: string };

/** A new code in place of the last, at most `maxCodeSends` per sign-in and one per `resendIntervalMs`. */
export const resendConfirmationCode = async (ctx: SendContext & { interactionId: string }): Promise<ResendResult> => {
  const now = ctx.clock.now();
  const row = await findConfirmation(ctx.db, ctx.interactionId, now.toISOString());
  const user = row && (await findUserById(ctx.db, row.user_id));
  if (!row || !user || row.sends >= maxCodeSends) return { ok: false, message: noMoreSendsMessage };
  if (now.getTime() - Date.parse(row.last_sent_at) < resendIntervalMs) return { ok: false, message: resendTooSoonMessage };
  const code = newCode();
  await updateConfirmation(ctx.db, ctx.interactionId, {
    code_hash: codeHash(row.user_id, code),
    code_expires_at: new Date(now.getTime() + codeTtlMs).toISOString(),
    attempts: 0,
    sends: row.sends + 1,
    last_sent_at: now.toISOString(),
  });
  await sendCode(ctx, user, code);
  return { ok: true };
};

export type CodeCheck = { ok: true; userId: string } | { ok: false; message: string; status: 400 | 401 | 429 };

/**
 * Checks the code typed for this sign-in. The right one, in time and within its tries, proves the
 * user's address: it is recorded and the sign-in stops waiting.
 */
export const checkConfirmationCode = async (ctx: Context & { interactionId: string; code: string }): Promise<CodeCheck> => {
  const code = ctx.code.replace(/\s/g, '');
  if (!code) return { ok: false, message: emptyCodeMessage, status: 400 };
  const now = ctx.clock.now();
  const row = await findConfirmation(ctx.db, ctx.interactionId, now.toISOString());
  if (!row) return { ok: false, message: expiredCodeMessage, status: 400 };
  if (Date.parse(row.code_expires_at) <= now.getTime()) return { ok: false, message: expiredCodeMessage, status: 400 };
  if (!(await takeAttempt(ctx.db, ctx.interactionId, maxCodeAttempts))) return { ok: false, message: usedUpCodeMessage, status: 429 };
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(codeHash(row.user_id, code));
  if (!crypto.timingSafeEqual(expected, given)) {
    return row.attempts + 1 >= maxCodeAttempts
      ? { ok: false, message: usedUpCodeMessage, status: 429 }
      : { ok: false, message: wrongCodeMessage, status: 401 };
  }
  await ctx.db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    await updateUser(trx, row.user_id, { email_verified_at: at, updated_at: at });
    await deleteConfirmation(trx, ctx.interactionId);
  });
  return { ok: true, userId: row.user_id };
};
