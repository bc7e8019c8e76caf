import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/database';

const epoch = (): number => Math.floor(Date.now() / 1000);

/**
 * Keeps the issuer's sessions, grants, codes and refresh tokens in the product database, so
 * they survive restarts and are shared by every server process.
 */
export const createAdapterFactory = (db: Database) =>
  class DatabaseAdapter implements Adapter {
    constructor(readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? epoch() + expiresIn : null,
        consumed_at: null,
      };
      await db
        .insertInto('oidc_payloads')
        .values({ id, type: this.type, ...row })
        .onConflict((oc) => oc.columns(['type', 'id']).doUpdateSet(row))
        .execute();
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('type', '=', this.type)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at !== null && row.expires_at < epoch())) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.updateTable('oidc_payloads').set({ consumed_at: epoch() }).where('type', '=', this.type).where('id', '=', id).execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('type', '=', this.type).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }
  };

/** Expired issuer records are useless; removing them keeps the table small. */
export const purgeExpiredPayloads = async (db: Database): Promise<void> => {
  await db.deleteFrom('oidc_payloads').where('expires_at', '<', epoch()).execute();
};
