import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Database } from '../../db/database';
import { publicJwks, readOrCreateSecret } from '../../identity/issuer/keys';
import { randomSecret } from '../../lib/ids';

export type ToolKeys = {
  /** the key that signs deep linking responses and client assertions, with its kid */
  readonly signing: { readonly key: CryptoKey; readonly kid: string };
  /** what platforms verify with, served at /lti/jwks */
  readonly jwks: { keys: JWK[] };
  /** keys the addresses of dynamic registration into a space */
  readonly registrationSecret: string;
};

const loaded = new WeakMap<Database, Promise<ToolKeys>>();

const load = async (db: Database): Promise<ToolKeys> => {
  // Kept with the issuer's secrets: made on first use, the same for every process.
  const stored = await readOrCreateSecret(db, 'lti.tool-keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    return JSON.stringify([{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: crypto.randomUUID() }]);
  });
  const registrationSecret = await readOrCreateSecret(db, 'lti.registration-key', () => Promise.resolve(randomSecret(32)));
  const keys = JSON.parse(stored) as (JWK & { kid: string })[];
  const newest = keys[0]!;
  return {
    signing: { key: (await importJWK(newest, 'RS256')) as CryptoKey, kid: newest.kid },
    jwks: publicJwks(keys),
    registrationSecret,
  };
};

/** The tool's own key pair and registration secret, read once per database. */
export const toolKeysOf = (db: Database): Promise<ToolKeys> => {
  let keys = loaded.get(db);
  if (!keys) {
    keys = load(db);
    loaded.set(db, keys);
    keys.catch(() => loaded.delete(db));
  }
  return keys;
};

/** The key in a space's dynamic registration address: only its owner is shown it, and only this server can make it. */
export const registrationKey = (keys: ToolKeys, spaceId: string): string =>
  `${spaceId}.${crypto.createHmac('sha256', keys.registrationSecret).update(`lti-registration:${spaceId}`).digest('base64url')}`;

/** The space a registration key names, or null when the key is not one of ours. */
export const spaceOfRegistrationKey = (keys: ToolKeys, key: string): string | null => {
  const spaceId = key.slice(0, key.lastIndexOf('.'));
  if (!spaceId) return null;
  const expected = Buffer.from(registrationKey(keys, spaceId));
  const given = Buffer.from(key);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? spaceId : null;
};
