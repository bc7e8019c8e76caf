import crypto from 'node:crypto';
import type { Database } from '../../db/database';
import { randomSecret } from '../../lib/ids';
import { readOrCreateSecret } from '../issuer/keys';

/** Keys of multi-factor sign-in: one encrypts TOTP secrets at rest, one hashes recovery codes. */
export type MfaKeys = {
  readonly encryption: Buffer;
  readonly recoveryCodes: Buffer;
};

const derive = (root: string, purpose: string): Buffer =>
  Buffer.from(crypto.hkdfSync('sha256', Buffer.from(root, 'base64url'), Buffer.alloc(0), `resim mfa ${purpose}`, 32));

// One root per database, kept with the issuer's other secrets and made on first use; the
// issuer's cookie keys are not reused because they may be rotated, which would lose every secret.
const loaded = new WeakMap<Database, Promise<MfaKeys>>();

export const loadMfaKeys = (db: Database): Promise<MfaKeys> => {
  let keys = loaded.get(db);
  if (!keys) {
    keys = readOrCreateSecret(db, 'mfa.root-key', () => Promise.resolve(randomSecret(32))).then((root) => ({
      encryption: derive(root, 'totp secret encryption'),
      recoveryCodes: derive(root, 'recovery code hashing'),
    }));
    void keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
};

/**
 * AES-256-GCM; the user's id is the associated data, so a secret copied onto another user's
 * row does not decrypt.
 */
export const encryptSecret = (keys: MfaKeys, userId: string, secret: string): string => {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keys.encryption, iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
};

export const decryptSecret = (keys: MfaKeys, userId: string, stored: string): string => {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || sealed === undefined) throw new Error('unreadable MFA secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keys.encryption, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
};
