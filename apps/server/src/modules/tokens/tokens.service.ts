import type { ApiToken, CreatedToken } from '@resim/contracts';
import type { Database } from '../../db/database';
import { notFound } from '../../errors/app-error';
import { iso, type Clock } from '../../lib/clock';
import { newId, randomSecret, sha256 } from '../../lib/ids';

/** Personal API tokens start with this, so the API tells them from JWTs without parsing. */
export const apiTokenPrefix = 'rsm_';

const toApiToken = (row: { id: string; name: string; created_at: string; last_used_at: string | null }): ApiToken => ({
  id: row.id,
  name: row.name,
  created: row.created_at,
  lastUsed: row.last_used_at,
});

export const listTokens = async (db: Database, userId: string): Promise<ApiToken[]> =>
  (
    await db
      .selectFrom('api_tokens')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute()
  ).map(toApiToken);

/** Only the hash is stored; the token itself is returned once. */
export const createToken = async (options: { db: Database; clock: Clock; userId: string; name: string }): Promise<CreatedToken> => {
  const token = `${apiTokenPrefix}${randomSecret(32)}`;
  const row = {
    id: newId(),
    user_id: options.userId,
    name: options.name,
    token_hash: sha256(token),
    created_at: iso(options.clock),
    last_used_at: null,
  };
  await options.db.insertInto('api_tokens').values(row).execute();
  return { ...toApiToken(row), token };
};

export const revokeToken = async (options: { db: Database; userId: string; tokenId: string }): Promise<void> => {
  const result = await options.db
    .deleteFrom('api_tokens')
    .where('id', '=', options.tokenId)
    .where('user_id', '=', options.userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('API token');
};
