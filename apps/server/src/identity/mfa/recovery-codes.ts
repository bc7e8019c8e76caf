import crypto from 'node:crypto';
import type { MfaKeys } from './mfa-keys';

export const recoveryCodeCount = 10;

// Crockford's base32: no I, L, O or U, so a code read off paper is typed back right.
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten characters (50 random bits), shown as two groups of five. */
export const newRecoveryCode = (): string => {
  const chars = [...crypto.randomBytes(10)].map((byte) => alphabet[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/** What a person may type for a code: any case, spaces or dashes, O for 0 and I or L for 1. */
export const normaliseRecoveryCode = (typed: string): string =>
  typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');

/** Keyed, so a copy of the table alone does not let codes be guessed offline. */
export const hashRecoveryCode = (keys: MfaKeys, code: string): string =>
  crypto.createHmac('sha256', keys.recoveryCodes).update(normaliseRecoveryCode(code)).digest('hex');
