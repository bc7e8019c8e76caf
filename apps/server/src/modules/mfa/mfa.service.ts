import type { MfaEnrolment, MfaRecoveryCodes } from '@resim/contracts';
import QRCode from 'qrcode';
import type { Database } from '../../db/database';
import { AppError, badRequest, conflict } from '../../errors/app-error';
import { decryptSecret, encryptSecret, loadMfaKeys } from '../../identity/mfa/mfa-keys';
import { hashRecoveryCode, newRecoveryCode, recoveryCodeCount } from '../../identity/mfa/recovery-codes';
import { looksLikeTotp, matchTotp, newTotpSecret, otpauthUri } from '../../identity/mfa/totp';
import { iso, type Clock } from '../../lib/clock';
import { findUserByEmail } from '../users/users.repository';
import {
  countUnusedRecoveryCodes,
  deleteChallenge,
  deleteUserMfa,
  enableMfa,
  findChallengeUser,
  findUserMfa,
  replaceRecoveryCodes,
  saveChallenge,
  savePendingSecret,
  takeTimeStep,
  updateFailures,
  useRecoveryCode,
} from './mfa.repository';

/** Wrong codes in a row before the account's codes are refused for a while. */
export const maxFailedCodes = 5;
export const lockMs = 5 * 60 * 1000;
/** How long a sign-in whose password was right waits for its code. */
export const challengeTtlMs = 10 * 60 * 1000;

export const wrongCodeMessage = 'That code is not right. Enter the current code from your authenticator app, or a recovery code.';
/** A code of the app already taken once: the learner did nothing wrong but be quick. */
export const usedCodeMessage =
  'That code was already used. Wait for the next code in your authenticator app (a new one every 30 seconds), then enter it.';

/** What to tell someone whose code was refused. */
export const refusalMessage = (check: Extract<SecondFactorCheck, { ok: false }>): string =>
  check.locked ? lockedMessage : check.used ? usedCodeMessage : wrongCodeMessage;
export const lockedMessage = 'Too many wrong codes. Wait 5 minutes and try again.';

type Options = { db: Database; clock: Clock; userId: string };

export const getMfaStatus = async (db: Database, userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> => {
  const row = await findUserMfa(db, userId);
  if (!row?.enabled_at) return { enabled: false, recoveryCodesLeft: 0 };
  return { enabled: true, recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId) };
};

export const hasMfa = async (db: Database, userId: string): Promise<boolean> => Boolean((await findUserMfa(db, userId))?.enabled_at);

/** A new secret, kept encrypted until the user confirms it with a code from their app. */
export const startMfaEnrolment = async (options: Options & { account: string; issuer: string }): Promise<MfaEnrolment> => {
  const existing = await findUserMfa(options.db, options.userId);
  if (existing?.enabled_at) throw conflict('Multi-factor sign-in is already on. Turn it off first to set up another app.');
  const keys = await loadMfaKeys(options.db);
  const secret = newTotpSecret();
  await savePendingSecret(options.db, {
    user_id: options.userId,
    secret_encrypted: encryptSecret(keys, options.userId, secret),
    created_at: iso(options.clock),
  });
  const uri = otpauthUri({ issuer: options.issuer, account: options.account, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri: uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
};

/** Turns MFA on when the code matches the pending secret; the recovery codes are returned once. */
export const confirmMfaEnrolment = async (options: Options & { code: string }): Promise<MfaRecoveryCodes> => {
  const row = await findUserMfa(options.db, options.userId);
  if (!row) throw conflict('Start setting up multi-factor sign-in first.');
  if (row.enabled_at) throw conflict('Multi-factor sign-in is already on.');
  const keys = await loadMfaKeys(options.db);
  const code = options.code.replace(/\s/g, '');
  if (!looksLikeTotp(code)) throw badRequest('code must be the 6 digits shown in your authenticator app');
  const step = await matchTotp(decryptSecret(keys, options.userId, row.secret_encrypted), code, options.clock.now());
  if (step === undefined)
    throw badRequest('That code is not right. Check that your phone’s clock is set automatically and enter the current code.');
  const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await options.db.transaction().execute(async (trx) => {
    await enableMfa(trx, options.userId, { enabled_at: iso(options.clock), last_step: step });
    await replaceRecoveryCodes(
      trx,
      options.userId,
      recoveryCodes.map((c) => hashRecoveryCode(keys, c)),
    );
  });
  return { recoveryCodes };
};

/** `used`: the app's code was right but its time step was taken already (not counted as a wrong code). */
export type SecondFactorCheck = { ok: true; method: 'totp' | 'recovery-code' } | { ok: false; locked: boolean; used?: boolean };

/**
 * Checks a code from the app (each time step taken once) or an unused recovery code (then used
 * up). Wrong codes are counted per account: after `maxFailedCodes` in a row, every code is
 * refused for `lockMs`, however many browsers or addresses try.
 */
export const checkSecondFactor = async (options: Options & { code: string }): Promise<SecondFactorCheck> => {
  const { db, clock, userId } = options;
  const row = await findUserMfa(db, userId);
  if (!row?.enabled_at) return { ok: false, locked: false };
  const now = clock.now();
  if (row.locked_until && Date.parse(row.locked_until) > now.getTime()) return { ok: false, locked: true };
  const keys = await loadMfaKeys(db);
  const code = options.code.trim();
  const compact = code.replace(/\s/g, '');
  if (looksLikeTotp(compact)) {
    const step = await matchTotp(decryptSecret(keys, userId, row.secret_encrypted), compact, now);
    if (step !== undefined)
      return (await takeTimeStep(db, userId, step)) ? { ok: true, method: 'totp' } : { ok: false, locked: false, used: true };
  } else if (await useRecoveryCode(db, userId, hashRecoveryCode(keys, code), now.toISOString())) {
    await updateFailures(db, userId, { failed_attempts: 0, locked_until: null });
    return { ok: true, method: 'recovery-code' };
  }
  const failures = row.failed_attempts + 1;
  const locked = failures >= maxFailedCodes;
  await updateFailures(db, userId, {
    failed_attempts: locked ? 0 : failures,
    locked_until: locked ? new Date(now.getTime() + lockMs).toISOString() : null,
  });
  return { ok: false, locked };
};

/** Turns MFA off, given a current code or a recovery code. */
export const disableMfa = async (options: Options & { code: string }): Promise<void> => {
  if (!(await hasMfa(options.db, options.userId))) throw conflict('Multi-factor sign-in is not on.');
  const check = await checkSecondFactor(options);
  if (!check.ok) throw check.locked ? new AppError('rate_limited', lockedMessage) : badRequest(refusalMessage(check));
  await deleteUserMfa(options.db, options.userId);
};

/** For an administrator: removes a user's MFA, so they sign in with their password alone. */
export const resetMfa = async (options: { db: Database; email: string }): Promise<{ userId: string; removed: boolean }> => {
  const user = await findUserByEmail(options.db, options.email.trim());
  if (!user) throw badRequest(`No user with email ${options.email}`);
  return { userId: user.id, removed: await deleteUserMfa(options.db, user.id) };
};

/** Records that the password of this sign-in was right and it now waits for the code. */
export const startChallenge = (options: Options & { interactionId: string }) => {
  const now = options.clock.now();
  return saveChallenge(
    options.db,
    { interaction_id: options.interactionId, user_id: options.userId, expires_at: new Date(now.getTime() + challengeTtlMs).toISOString() },
    now.toISOString(),
  );
};

export const challengeUser = (db: Database, clock: Clock, interactionId: string) => findChallengeUser(db, interactionId, iso(clock));

export const endChallenge = deleteChallenge;
