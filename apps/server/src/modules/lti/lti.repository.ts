import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { LtiPlatformRow, LtiScoreRow, NewLtiScoreRow, Tables } from '../../db/schema';

export const findPlatforms = (db: Database, spaceId: string): Promise<LtiPlatformRow[]> =>
  db.selectFrom('lti_platforms').selectAll().where('space_id', '=', spaceId).orderBy('created_at').execute();

export const hasPlatforms = async (db: Database, spaceId: string): Promise<boolean> =>
  (await db.selectFrom('lti_platforms').select('id').where('space_id', '=', spaceId).limit(1).executeTakeFirst()) !== undefined;

export const findPlatform = (db: Database, id: string): Promise<LtiPlatformRow | undefined> =>
  db.selectFrom('lti_platforms').selectAll().where('id', '=', id).executeTakeFirst();

/** The platforms an issuer registered (one per client id it gave this tool). */
export const findPlatformsOfIssuer = (db: Database, issuer: string): Promise<LtiPlatformRow[]> =>
  db.selectFrom('lti_platforms').selectAll().where('issuer', '=', issuer).execute();

export const findPlatformByClient = (db: Database, issuer: string, clientId: string): Promise<LtiPlatformRow | undefined> =>
  db.selectFrom('lti_platforms').selectAll().where('issuer', '=', issuer).where('client_id', '=', clientId).executeTakeFirst();

export const insertPlatform = (db: Database, row: LtiPlatformRow) => db.insertInto('lti_platforms').values(row).execute();

export const updatePlatform = (db: Database, id: string, changes: Partial<Omit<LtiPlatformRow, 'id' | 'space_id' | 'created_at'>>) =>
  db.updateTable('lti_platforms').set(changes).where('id', '=', id).execute();

export const deletePlatform = (db: Database, id: string) => db.deleteFrom('lti_platforms').where('id', '=', id).execute();

/** Courses seen at launch whose roster has an address, by platform. */
export const countCourses = async (db: Database, platformIds: readonly string[]): Promise<Map<string, number>> => {
  if (platformIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lti_contexts')
    .select(['platform_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('platform_id', 'in', [...platformIds])
    .where('memberships_url', 'is not', null)
    .groupBy('platform_id')
    .execute();
  return new Map(rows.map((row) => [row.platform_id, Number(row.count)]));
};

export const insertLogin = (db: Database, login: { state: string; nonce: string; platformId: string; expiresAt: string }) =>
  db
    .insertInto('lti_logins')
    .values({ state: login.state, nonce: login.nonce, platform_id: login.platformId, expires_at: login.expiresAt })
    .execute();

/** Takes a login's state once: the row goes, whoever reads it first has it. */
export const takeLogin = async (db: Database, state: string) =>
  db.deleteFrom('lti_logins').where('state', '=', state).returningAll().executeTakeFirst();

export const deleteExpiredLogins = (db: Database, now: string) => db.deleteFrom('lti_logins').where('expires_at', '<', now).execute();

export const saveContext = (db: Database, row: Tables['lti_contexts']) =>
  db
    .insertInto('lti_contexts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['platform_id', 'context_id']).doUpdateSet({
        title: row.title,
        // A launch without the roster claim keeps the address an earlier one gave.
        memberships_url: row.memberships_url ?? sql<string | null>`lti_contexts.memberships_url`,
        updated_at: row.updated_at,
      }),
    )
    .execute();

export const findContexts = (db: Database, platformId: string) =>
  db.selectFrom('lti_contexts').selectAll().where('platform_id', '=', platformId).where('memberships_url', 'is not', null).execute();

export const saveRunLink = (db: Database, row: Tables['lti_run_links']) =>
  db
    .insertInto('lti_run_links')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('game_id')
        .doUpdateSet({ platform_id: row.platform_id, user_id: row.user_id, lineitem: row.lineitem, updated_at: row.updated_at }),
    )
    .execute();

export const findRunLink = (db: Database, gameId: string) =>
  db.selectFrom('lti_run_links').selectAll().where('game_id', '=', gameId).executeTakeFirst();

/** Queues a run's score; a run already graded keeps its one score. */
export const insertScore = (db: Database, row: NewLtiScoreRow) =>
  db
    .insertInto('lti_scores')
    .values(row)
    .onConflict((oc) => oc.column('game_id').doNothing())
    .execute();

export const findScoreOfRun = (db: Database, gameId: string) =>
  db
    .selectFrom('lti_scores')
    .leftJoin('lti_platforms', 'lti_platforms.id', 'lti_scores.platform_id')
    .selectAll('lti_scores')
    .select('lti_platforms.name as platform_name')
    .where('lti_scores.game_id', '=', gameId)
    .executeTakeFirst();

/** A space's grades by status. */
export const countScores = async (db: Database, spaceId: string): Promise<Record<string, number>> => {
  const rows = await db
    .selectFrom('lti_scores')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('space_id', '=', spaceId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
};

export const lastScoreError = async (db: Database, spaceId: string): Promise<string | null> =>
  (
    await db
      .selectFrom('lti_scores')
      .select('last_error')
      .where('space_id', '=', spaceId)
      .where('status', 'in', ['queued', 'failed'])
      .where('last_error', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.last_error ?? null;

const due = (now: string) => (eb: ExpressionBuilder<Tables, 'lti_scores'>) =>
  eb.and([eb('status', 'in', ['queued', 'sending']), eb('next_attempt_at', '<=', now)]);

/** Claims due scores for one worker, as the outbox does (see `claimDueMessages`), oldest first. */
export const claimDueScores = (
  db: Database,
  claim: { now: string; until: string; token: string; limit: number; skipLocked: boolean },
): Promise<LtiScoreRow[]> => {
  const choice = db.selectFrom('lti_scores').select('game_id').where(due(claim.now)).orderBy('next_attempt_at').limit(claim.limit);
  return db
    .updateTable('lti_scores')
    .set({ status: 'sending', claim_token: claim.token, next_attempt_at: claim.until, attempts: sql`attempts + 1` })
    .where('game_id', 'in', claim.skipLocked ? choice.forUpdate().skipLocked() : choice)
    .where(due(claim.now))
    .returningAll()
    .execute();
};

export const findNextScoreAt = async (db: Database): Promise<string | null> =>
  (
    await db
      .selectFrom('lti_scores')
      .select((eb) => eb.fn.min('next_attempt_at').as('next'))
      .where('status', '=', 'queued')
      .executeTakeFirst()
  )?.next ?? null;

const claimed = (gameId: string, token: string) => (eb: ExpressionBuilder<Tables, 'lti_scores'>) =>
  eb.and([eb('game_id', '=', gameId), eb('status', '=', 'sending'), eb('claim_token', '=', token)]);

export const markScoreSent = (db: Database, gameId: string, token: string, now: string) =>
  db
    .updateTable('lti_scores')
    .set({ status: 'sent', sent_at: now, next_attempt_at: null, claim_token: null, last_error: null })
    .where(claimed(gameId, token))
    .execute();

export const markScoreForRetry = (db: Database, gameId: string, token: string, retry: { at: string; error: string }) =>
  db
    .updateTable('lti_scores')
    .set({ status: 'queued', next_attempt_at: retry.at, last_error: retry.error, claim_token: null })
    .where(claimed(gameId, token))
    .execute();

export const markScoreFailed = (db: Database, gameId: string, token: string, error: string) =>
  db
    .updateTable('lti_scores')
    .set({ status: 'failed', next_attempt_at: null, last_error: error, claim_token: null })
    .where(claimed(gameId, token))
    .execute();

/** The space's failed grades queued again with a fresh count of attempts; how many. */
export const requeueFailedScores = async (db: Database, spaceId: string, now: string): Promise<number> =>
  Number(
    (
      await db
        .updateTable('lti_scores')
        .set({ status: 'queued', attempts: 0, next_attempt_at: now })
        .where('space_id', '=', spaceId)
        .where('status', '=', 'failed')
        .executeTakeFirst()
    ).numUpdatedRows,
  );
