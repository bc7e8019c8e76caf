import crypto from 'node:crypto';

// No 0/O, 1/I/L: a code is read off a projected screen and typed on a phone.
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const joinCodeLength = 6;

/** A short code learners type to join a scenario, like a game PIN (DESIGN 6). */
export const newJoinCode = (): string =>
  Array.from(crypto.randomBytes(joinCodeLength), (byte) => alphabet[byte % alphabet.length]).join('');

/** Codes are typed in any case and with stray spaces; stored upper-case. */
export const normaliseJoinCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();
