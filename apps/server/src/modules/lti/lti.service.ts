import type { LtiCheck, LtiPlatform, LtiPlatformBody, LtiSettings, RunGrade } from '@resim/contracts';
import type { LtiPlatformRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors/app-error';
import { iso } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { readJson } from '../../lib/json';
import { isRunOfSpace } from '../learning-records/learning-records.repository';
import { getAccessibleSpace, type Accessible, type SpaceContext } from '../spaces/spaces.service';
import { toolUrls } from './launch';
import * as repo from './lti.repository';
import { registrationKey, type ToolKeys } from './tool-keys';

export type LtiAdminContext = SpaceContext & {
  readonly publicUrl: string;
  readonly keys: () => Promise<ToolKeys>;
  /** grades were queued again: the sender looks for them now */
  readonly kickGrades: () => void;
};

// A platform registered in a space makes its teachers members and its learners the space's: only the owner lets one in.
const requireOwner = (access: Accessible): void => {
  if (!access.isOwner) throw forbidden('Only the owner of this space can change the learning platforms that launch it');
};

export const toPlatform = (row: LtiPlatformRow, courses: number): LtiPlatform => ({
  id: row.id,
  name: row.name,
  issuer: row.issuer,
  clientId: row.client_id,
  deploymentIds: readJson<string[]>(row.deployment_ids, []),
  authLoginUrl: row.auth_login_url,
  tokenUrl: row.token_url,
  jwksUrl: row.jwks_url,
  registeredBy: row.registered_by === 'dynamic' ? 'dynamic' : 'console',
  created: row.created_at,
  updated: row.updated_at,
  courses,
});

/** The address a platform's admin pastes to register the tool into the space by itself (LTI Dynamic Registration). */
export const registrationUrl = (publicUrl: string, keys: ToolKeys, spaceId: string): string =>
  `${publicUrl}/lti/register/${encodeURIComponent(registrationKey(keys, spaceId))}`;

export const getLtiSettings = async (ctx: LtiAdminContext, spaceId: string): Promise<LtiSettings> => {
  const access = await getAccessibleSpace(ctx, spaceId);
  const [platforms, grades, lastError, keys] = await Promise.all([
    repo.findPlatforms(ctx.db, spaceId),
    repo.countScores(ctx.db, spaceId),
    repo.lastScoreError(ctx.db, spaceId),
    ctx.keys(),
  ]);
  const courses = await repo.countCourses(
    ctx.db,
    platforms.map((platform) => platform.id),
  );
  const urls = toolUrls(ctx.publicUrl);
  return {
    tool: {
      loginUrl: urls.loginUrl,
      launchUrl: urls.launchUrl,
      jwksUrl: urls.jwksUrl,
      configUrl: urls.configUrl,
      registrationUrl: access.isOwner ? registrationUrl(ctx.publicUrl, keys, spaceId) : null,
    },
    platforms: platforms.map((row) => toPlatform(row, courses.get(row.id) ?? 0)),
    grades: { queued: grades.queued ?? 0, sending: grades.sending ?? 0, sent: grades.sent ?? 0, failed: grades.failed ?? 0 },
    lastError,
  };
};

const rowOf = (body: LtiPlatformBody) => ({
  name: body.name,
  issuer: body.issuer,
  client_id: body.clientId,
  deployment_ids: JSON.stringify([...new Set(body.deploymentIds)]),
  auth_login_url: body.authLoginUrl,
  token_url: body.tokenUrl,
  jwks_url: body.jwksUrl,
});

const refuseTaken = async (ctx: SpaceContext, body: LtiPlatformBody, except: string | null) => {
  const taken = await repo.findPlatformByClient(ctx.db, body.issuer, body.clientId);
  // A launch finds its space by issuer and client id: one registration of each pair, in one space.
  if (taken && taken.id !== except)
    throw conflict(`${body.issuer} with client id ${body.clientId} is registered already, in this space or another`);
};

const platformOfSpace = async (ctx: SpaceContext, spaceId: string, platformId: string): Promise<LtiPlatformRow> => {
  const platform = await repo.findPlatform(ctx.db, platformId);
  if (!platform || platform.space_id !== spaceId) throw notFound('Learning platform');
  return platform;
};

export const addPlatform = async (ctx: LtiAdminContext, spaceId: string, body: LtiPlatformBody): Promise<LtiPlatform> => {
  requireOwner(await getAccessibleSpace(ctx, spaceId));
  await refuseTaken(ctx, body, null);
  const now = iso(ctx.clock);
  const row: LtiPlatformRow = {
    id: newId(),
    space_id: spaceId,
    ...rowOf(body),
    registered_by: 'console',
    created_at: now,
    updated_at: now,
  };
  await repo.insertPlatform(ctx.db, row);
  return toPlatform(row, 0);
};

export const updatePlatform = async (
  ctx: LtiAdminContext,
  spaceId: string,
  platformId: string,
  body: LtiPlatformBody,
): Promise<LtiPlatform> => {
  requireOwner(await getAccessibleSpace(ctx, spaceId));
  await platformOfSpace(ctx, spaceId, platformId);
  await refuseTaken(ctx, body, platformId);
  await repo.updatePlatform(ctx.db, platformId, { ...rowOf(body), updated_at: iso(ctx.clock) });
  const row = await platformOfSpace(ctx, spaceId, platformId);
  return toPlatform(row, (await repo.countCourses(ctx.db, [platformId])).get(platformId) ?? 0);
};

/** The platform launches nothing more here; its grades not sent yet fail, saying so. */
export const removePlatform = async (ctx: LtiAdminContext, spaceId: string, platformId: string): Promise<void> => {
  requireOwner(await getAccessibleSpace(ctx, spaceId));
  await platformOfSpace(ctx, spaceId, platformId);
  await repo.deletePlatform(ctx.db, platformId);
  ctx.kickGrades();
};

/** Asks the platform for its keys, in plain words either way. */
export const checkPlatform = async (ctx: LtiAdminContext, spaceId: string, platformId: string): Promise<LtiCheck> => {
  await getAccessibleSpace(ctx, spaceId);
  const platform = await platformOfSpace(ctx, spaceId, platformId);
  try {
    const response = await fetch(platform.jwks_url, { signal: AbortSignal.timeout(10_000), headers: { accept: 'application/json' } });
    if (!response.ok) return { ok: false, message: `The platform's key set address answered ${response.status} ${response.statusText}` };
    const body = (await response.json().catch(() => null)) as { keys?: unknown } | null;
    const count = Array.isArray(body?.keys) ? body.keys.length : 0;
    if (count === 0) return { ok: false, message: "The platform's key set address answered, but with no keys in it" };
    return {
      ok: true,
      message: `The platform answered with ${count === 1 ? 'one key' : `${count} keys`}; launches from it can be verified`,
    };
  } catch (error) {
    return {
      ok: false,
      message: `The platform's key set address did not answer (${error instanceof Error ? error.message : String(error)})`,
    };
  }
};

/** Tries the space's failed grades again. */
export const retryGrades = async (ctx: LtiAdminContext, spaceId: string): Promise<{ queued: number }> => {
  requireOwner(await getAccessibleSpace(ctx, spaceId));
  const queued = await repo.requeueFailedScores(ctx.db, spaceId, iso(ctx.clock));
  if (queued > 0) ctx.kickGrades();
  return { queued };
};

/** Where a run's grade went: null when no platform grades it. */
export const runGrade = async (ctx: SpaceContext, spaceId: string, runId: string): Promise<RunGrade | null> => {
  await getAccessibleSpace(ctx, spaceId);
  if (!(await isRunOfSpace(ctx.db, spaceId, runId))) throw notFound('Run');
  const row = await repo.findScoreOfRun(ctx.db, runId);
  if (!row) return null;
  const score = readJson<{ scoreGiven?: number; scoreMaximum?: number }>(row.score, {});
  return {
    platform: row.platform_name ?? 'a platform since removed',
    status: row.status,
    scoreGiven: score.scoreGiven ?? null,
    scoreMaximum: score.scoreMaximum ?? null,
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at,
  };
};
