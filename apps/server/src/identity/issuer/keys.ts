import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../../db/database';
import { randomSecret } from '../../lib/ids';

export type IssuerSecrets = {
  /** private signing keys, newest first */
  readonly signingKeys: JWK[];
  readonly cookieKeys: string[];
};

const read = async (db: Database, name: string): Promise<string | undefined> =>
  (await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;

// Two processes starting together may both generate; the insert that loses is ignored and
// both then read the winner's value.
export const readOrCreateSecret = async (db: Database, name: string, create: () => Promise<string>): Promise<string> => {
  const existing = await read(db, name);
  if (existing) return existing;
  await db
    .insertInto('secrets')
    .values({ name, value: await create(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await read(db, name))!;
};

/** The embedded issuer's signing keys and cookie keys, made on first start and kept in the database. */
export const loadIssuerSecrets = async (db: Database): Promise<IssuerSecrets> => {
  const signing = await readOrCreateSecret(db, 'issuer.signing-keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return JSON.stringify([{ ...jwk, alg: 'RS256', use: 'sig', kid: crypto.randomUUID() }]);
  });
  const cookies = await readOrCreateSecret(db, 'issuer.cookie-keys', () => Promise.resolve(JSON.stringify([randomSecret(32)])));
  return { signingKeys: JSON.parse(signing) as JWK[], cookieKeys: JSON.parse(cookies) as string[] };
};

export const publicJwks = (keys: readonly JWK[]): { keys: JWK[] } => ({
  keys: keys.map(({ kty, n, e, kid, alg, use, crv, x, y }) => ({ kty, n, e, kid, alg, use, crv, x, y })),
});
