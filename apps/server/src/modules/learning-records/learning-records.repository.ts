import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { NewXapiStatementRow, SpaceLrsRow, Tables, XapiStatementRow } from '../../db/schema';

export const findLrs = (db: Database, spaceId: string): Promise<SpaceLrsRow | undefined> =>
  db.selectFrom('space_lrs').selectAll().where('space_id', '=', spaceId).executeTakeFirst();

export const saveLrs = (db: Database, row: SpaceLrsRow) =>
  db
    .insertInto('space_lrs')
    .values(row)
    .onConflict((oc) =>
      oc.column('space_id').doUpdateSet({ endpoint: row.endpoint, key: row.key, secret: row.secret, updated_at: row.updated_at }),
    )
    .execute();

export const deleteLrs = (db: Database, spaceId: string) => db.deleteFrom('space_lrs').where('space_id', '=', spaceId).execute();

export const insertStatements = (db: Database, rows: readonly NewXapiStatementRow[]) =>
  rows.length === 0
    ? Promise.resolve()
    : db
        .insertInto('xapi_statements')
        .values([...rows])
        .execute()
        .then(() => undefined);

/** A space's statements by status. */
export const countByStatus = async (db: Database, spaceId: string): Promise<Record<string, number>> => {
  const rows = await db
    .selectFrom('xapi_statements')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('space_id', '=', spaceId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
};

/** What went wrong last for the space: the newest statement that failed or waits for a retry after an error. */
export const lastError = async (db: Database, spaceId: string): Promise<string | null> =>
  (
    await db
      .selectFrom('xapi_statements')
      .select('last_error')
      .where('space_id', '=', spaceId)
      .where('status', 'in', ['queued', 'failed'])
      .where('last_error', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.last_error ?? null;

export const statementsOfRun = (db: Database, gameId: string): Promise<XapiStatementRow[]> =>
  db.selectFrom('xapi_statements').selectAll().where('game_id', '=', gameId).orderBy('seq').orderBy('created_at').execute();

const due = (now: string) => (eb: ExpressionBuilder<Tables, 'xapi_statements'>) =>
  eb.and([eb('status', 'in', ['queued', 'sending']), eb('next_attempt_at', '<=', now)]);

/** Claims due statements for one worker, as the outbox does (see `claimDueMessages`), oldest first. */
export const claimDue = (
  db: Database,
  claim: { now: string; until: string; token: string; limit: number; skipLocked: boolean },
): Promise<XapiStatementRow[]> => {
  const choice = db.selectFrom('xapi_statements').select('id').where(due(claim.now)).orderBy('next_attempt_at').limit(claim.limit);
  return db
    .updateTable('xapi_statements')
    .set({ status: 'sending', claim_token: claim.token, next_attempt_at: claim.until, attempts: sql`attempts + 1` })
    .where('id', 'in', claim.skipLocked ? choice.forUpdate().skipLocked() : choice)
    .where(due(claim.now))
    .returningAll()
    .execute();
};

export const findNextAttemptAt = async (db: Database): Promise<string | null> =>
  (
    await db
      .selectFrom('xapi_statements')
      .select((eb) => eb.fn.min('next_attempt_at').as('next'))
      .where('status', '=', 'queued')
      .executeTakeFirst()
  )?.next ?? null;

const claimed = (token: string) => (eb: ExpressionBuilder<Tables, 'xapi_statements'>) =>
  eb.and([eb('status', '=', 'sending'), eb('claim_token', '=', token)]);

export const markSent = (db: Database, ids: readonly string[], token: string, now: string, note: string | null = null) =>
  db
    .updateTable('xapi_statements')
    .set({ status: 'sent', sent_at: now, next_attempt_at: null, claim_token: null, last_error: note })
    .where('id', 'in', [...ids])
    .where(claimed(token))
    .execute();

export const markForRetry = (db: Database, ids: readonly string[], token: string, retry: { at: string; error: string }) =>
  db
    .updateTable('xapi_statements')
    .set({ status: 'queued', next_attempt_at: retry.at, last_error: retry.error, claim_token: null })
    .where('id', 'in', [...ids])
    .where(claimed(token))
    .execute();

export const markFailed = (db: Database, ids: readonly string[], token: string, error: string) =>
  db
    .updateTable('xapi_statements')
    .set({ status: 'failed', next_attempt_at: null, last_error: error, claim_token: null })
    .where('id', 'in', [...ids])
    .where(claimed(token))
    .execute();

/** The space's failed statements queued again with a fresh count of attempts; how many. */
export const requeueFailed = async (db: Database, spaceId: string, now: string): Promise<number> =>
  Number(
    (
      await db
        .updateTable('xapi_statements')
        .set({ status: 'queued', attempts: 0, next_attempt_at: now })
        .where('space_id', '=', spaceId)
        .where('status', '=', 'failed')
        .executeTakeFirst()
    ).numUpdatedRows,
  );

/** Whether the run is one of the space's (played in one of its scenarios). */
export const isRunOfSpace = async (db: Database, spaceId: string, runId: string): Promise<boolean> =>
  (await db
    .selectFrom('games')
    .innerJoin('resims', 'resims.id', 'games.resim_id')
    .select('games.id')
    .where('games.id', '=', runId)
    .where('resims.space_id', '=', spaceId)
    .executeTakeFirst()) !== undefined;
