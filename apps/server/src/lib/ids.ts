import crypto from 'node:crypto';

/** Short random ids for rows shown in URLs (72 bits, URL-safe). */
export const newId = (): string => crypto.randomBytes(9).toString('base64url');

export const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');

export const randomSecret = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');
