import { scormFileName, type ScormPackage, type ScormResult, type ScormVersion } from '@resim/contracts';
import { mayEditInSpace, platformPlayerPath, platformResult, pointsCeiling, type Scenario } from '@resim/domain';
import type { GameRow } from '../../db/schema';
import { forbidden, notFound, unauthenticated } from '../../errors/app-error';
import { newId, randomSecret, sha256 } from '../../lib/ids';
import { getAccessibleResim } from '../resims/resims.service';
import type { SpaceContext } from '../spaces/spaces.service';
import { launchExternalRun, type LaunchContext } from '../runs/external-launch';
import { scoreOf, stateOf } from '../runs/game-records';
import * as runs from '../runs/runs.repository';
import { loadRunnableScenario } from '../runs/scenario-cache';
import * as repo from './scorm.repository';
import { scormPackage } from './scorm-package';

/**
 * POST /admin/resim/{id}/scorm: the scenario as a SCORM package of its own key, which lets
 * whoever holds the package launch learners into the scenario's current opening. Editors only.
 */
export const exportPackage = async (
  ctx: SpaceContext,
  publicUrl: string,
  resimId: string,
  version: ScormVersion,
): Promise<{ fileName: string; bytes: Uint8Array }> => {
  const { row, access } = await getAccessibleResim(ctx, resimId);
  if (!mayEditInSpace(access.security, access.isOwner)) throw forbidden('This space does not allow editing; ask its owner');
  const key = randomSecret(24);
  const id = newId();
  await repo.insertPackage(ctx.db, {
    id,
    space_id: row.space_id,
    resim_id: row.id,
    version,
    key_hash: sha256(key),
    created_by: ctx.principal.userId,
    created_at: ctx.clock.now().toISOString(),
    revoked_at: null,
  });
  const serverUrl = publicUrl.replace(/\/+$/, '');
  return { fileName: scormFileName(row.name, version), bytes: scormPackage({ version, packageId: id, key, serverUrl, title: row.name }) };
};

export const listPackages = async (ctx: SpaceContext, resimId: string): Promise<ScormPackage[]> => {
  await getAccessibleResim(ctx, resimId);
  const rows = await repo.packagesOfScenario(ctx.db, resimId);
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    createdAt: row.created_at,
    createdBy: row.email ?? 'a former member',
    revokedAt: row.revoked_at,
    launches: Number(row.launches ?? 0),
  }));
};

export const revokePackage = async (ctx: SpaceContext, resimId: string, packageId: string): Promise<void> => {
  const { access } = await getAccessibleResim(ctx, resimId);
  if (!mayEditInSpace(access.security, access.isOwner)) throw forbidden('This space does not allow editing; ask its owner');
  if (!(await repo.revokePackage(ctx.db, resimId, packageId, ctx.clock.now().toISOString()))) throw notFound('Package');
};

/**
 * POST /learn/scorm/launch: an LMS opened a package; its learner joins the scenario's current
 * opening, or resumes their run there.
 */
export const launch = async (ctx: LaunchContext, publicUrl: string, body: { key: string; learnerId: string; learnerName: string }) => {
  const found = await repo.findPackageByKeyHash(ctx.db, sha256(body.key));
  if (!found) throw forbidden('This package is not known here: export it again from the scenario');
  if (found.revoked_at) throw forbidden('This package was withdrawn by its authors: ask them for a new one');
  const scenario = await loadRunnableScenario(ctx.db, { id: found.resim_id });
  if (!scenario) throw notFound('Scenario');
  const launched = await launchExternalRun(ctx, scenario, {
    source: 'scorm',
    sourceId: found.id,
    learnerRef: body.learnerId,
    name: body.learnerName,
    email: null,
  });
  const playUrl = `${publicUrl.replace(/\/+$/, '')}${platformPlayerPath}/${encodeURIComponent(launched.gameId)}`;
  return { gameId: launched.gameId, runToken: launched.runToken, resimName: scenario.resimName, playUrl, resumed: launched.resumed };
};

const ceilings = new WeakMap<Scenario, number | null>();

const ceilingOf = (scenario: Scenario): number | null => {
  if (!ceilings.has(scenario)) ceilings.set(scenario, pointsCeiling(scenario));
  return ceilings.get(scenario) ?? null;
};

/** GET /learn/scorm/result/{gameId}: what the LMS is told of a launched run, read with its run token. */
export const result = async (ctx: LaunchContext, gameId: string, runToken: string | null): Promise<ScormResult> => {
  if (!runToken) throw unauthenticated('Give the run token the launch handed out (x-run-token)');
  const game: GameRow | undefined = await runs.findGame(ctx.db, gameId);
  if (!game || game.run_token_hash === null || game.run_token_hash !== sha256(runToken)) throw notFound('Run');
  const scenario = await loadRunnableScenario(ctx.db, { id: game.resim_id });
  if (!scenario) throw notFound('Run');
  const now = ctx.clock.now().getTime();
  const state = stateOf(scenario, game, now);
  const score = scoreOf(scenario, game, now);
  const ended = game.ended_at !== null || state?.ended != null;
  if (!ended || !score) return { ended: false, passed: null, scaled: null, points: null, maximum: ceilingOf(scenario), durationMs: null };
  return { ended: true, ...platformResult(score, ceilingOf(scenario)), durationMs: score.durationMs };
};
