import type { LrsCheck, LrsSettings, PutLrsBody, RunStatement } from '@resim/contracts';
import { LrsAnswer, lrsClient, type LrsClient, type LrsSettings as ClientSettings } from '../../adapters/lrs/lrs-client';
import { badRequest, forbidden, notFound } from '../../errors/app-error';
import { iso } from '../../lib/clock';
import { getAccessibleSpace, type Accessible, type SpaceContext } from '../spaces/spaces.service';
import * as repo from './learning-records.repository';
import type { StatementQueue } from './statement-queue';

export type LearningRecordsContext = SpaceContext & {
  readonly statements: StatementQueue;
  /** the client of an LRS (by default @xapi/xapi over fetch) */
  readonly clientOf?: (settings: ClientSettings) => LrsClient;
};

// Learners' records leave the product for the LRS: only the space's owner says where.
const requireOwner = (access: Accessible): void => {
  if (!access.isOwner) throw forbidden("Only the owner of this space can change where its learners' records are sent");
};

export const getLrs = async (ctx: SpaceContext, spaceId: string): Promise<LrsSettings> => {
  await getAccessibleSpace(ctx, spaceId);
  const [lrs, counts, lastError] = await Promise.all([
    repo.findLrs(ctx.db, spaceId),
    repo.countByStatus(ctx.db, spaceId),
    repo.lastError(ctx.db, spaceId),
  ]);
  return {
    endpoint: lrs?.endpoint ?? null,
    key: lrs?.key ?? null,
    secretSet: lrs !== undefined,
    updated: lrs?.updated_at ?? null,
    counts: { queued: counts.queued ?? 0, sending: counts.sending ?? 0, sent: counts.sent ?? 0, failed: counts.failed ?? 0 },
    lastError,
  };
};

/** Sets where the space's statements go; those that failed are tried again there. */
export const putLrs = async (ctx: LearningRecordsContext, spaceId: string, body: PutLrsBody): Promise<LrsSettings> => {
  requireOwner(await getAccessibleSpace(ctx, spaceId));
  const stored = await repo.findLrs(ctx.db, spaceId);
  const secret = body.secret ?? stored?.secret;
  if (!secret) throw badRequest('secret: is required the first time an LRS is set');
  await repo.saveLrs(ctx.db, { space_id: spaceId, endpoint: body.endpoint, key: body.key, secret, updated_at: iso(ctx.clock) });
  ctx.statements.forget(spaceId);
  if ((await repo.requeueFailed(ctx.db, spaceId, iso(ctx.clock))) > 0) ctx.statements.kick();
  return getLrs(ctx, spaceId);
};

/** The space sends no statements from now on; those not sent yet fail, saying so. */
export const deleteLrs = async (ctx: LearningRecordsContext, spaceId: string): Promise<void> => {
  requireOwner(await getAccessibleSpace(ctx, spaceId));
  await repo.deleteLrs(ctx.db, spaceId);
  ctx.statements.forget(spaceId);
  ctx.statements.kick();
};

/** Asks the space's LRS whether it answers and takes the key and secret, in plain words either way. */
export const checkLrs = async (ctx: LearningRecordsContext, spaceId: string): Promise<LrsCheck> => {
  await getAccessibleSpace(ctx, spaceId);
  const lrs = await repo.findLrs(ctx.db, spaceId);
  if (!lrs) throw notFound('LRS of this space');
  try {
    const versions = await (ctx.clientOf ?? lrsClient)({ endpoint: lrs.endpoint, key: lrs.key, secret: lrs.secret }).check();
    return { ok: true, message: `The LRS answered and accepted the key and secret; it speaks xAPI ${versions.join(', ')}`, versions };
  } catch (error) {
    if (error instanceof LrsAnswer) return { ok: false, message: error.message, versions: [] };
    throw error;
  }
};

/** Tries the space's failed statements again. */
export const retryFailed = async (ctx: LearningRecordsContext, spaceId: string): Promise<{ queued: number }> => {
  requireOwner(await getAccessibleSpace(ctx, spaceId));
  const queued = await repo.requeueFailed(ctx.db, spaceId, iso(ctx.clock));
  if (queued > 0) ctx.statements.kick();
  return { queued };
};

/** Where a run's statements went. */
/** The order a step's statements tell it in: one step (the end) makes several, stored at one moment. */
const tellingOrder = ['initialized', 'interacted', 'answered', 'completed', 'passed', 'failed', 'scored'];
const placeOf = (verb: string): number => {
  const place = tellingOrder.indexOf(verb);
  return place === -1 ? tellingOrder.length : place;
};

export const runStatements = async (ctx: SpaceContext, spaceId: string, runId: string): Promise<RunStatement[]> => {
  await getAccessibleSpace(ctx, spaceId);
  if (!(await repo.isRunOfSpace(ctx.db, spaceId, runId))) throw notFound('Run');
  const rows = await repo.statementsOfRun(ctx.db, runId);
  // The database orders by step; within a step, PostgreSQL may hand back its statements in any order.
  rows.sort((a, b) => a.seq - b.seq || placeOf(a.verb) - placeOf(b.verb));
  return rows.map((row) => ({
    id: row.id,
    seq: row.seq,
    verb: row.verb,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at,
  }));
};
