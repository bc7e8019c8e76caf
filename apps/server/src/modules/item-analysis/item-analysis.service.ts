import type { ItemAnalysisResponse } from '@resim/contracts';
import { analyseItems, answerKeyItems, keyAnswers, type RunState, type Scenario, type ScenarioContent } from '@resim/domain';
import { AppError } from '../../errors/app-error';
import { readJson } from '../../lib/json';
import { versionContent } from '../resim-history/revision-figures';
import { getResim } from '../resims/resims.service';
import type { SpaceContext } from '../spaces/spaces.service';

/**
 * The analysis of the finished runs of some openings (Test Mode and previews apart), scored by the
 * answer key of the version they played. Read a column at a time: the runs' choices only, never
 * whole rows.
 */
const analysisOf = async (
  ctx: SpaceContext,
  scenario: Scenario,
  content: ScenarioContent,
  scope: { instanceId: string | null; revision: number | null; instanceIds: readonly string[] },
): Promise<ItemAnalysisResponse> => {
  const rows =
    scope.instanceIds.length === 0
      ? []
      : await ctx.db
          .selectFrom('games')
          .select('state')
          .where('resim_id', '=', scenario.id)
          .where('instance_id', 'in', scope.instanceIds)
          .where('test', '=', 0)
          .where('ended_at', 'is not', null)
          .orderBy('id')
          .execute();
  const items = answerKeyItems(content);
  const answers = rows.flatMap((row) => {
    const state = readJson<RunState | null>(row.state, null);
    return state ? [keyAnswers(items, state)] : [];
  });
  const analysis = analyseItems(
    items.map((item) => item.id),
    answers,
  );
  return {
    resimId: scenario.id,
    instanceId: scope.instanceId,
    revision: scope.revision,
    openings: scope.instanceIds.length,
    learners: analysis.learners,
    kr20: analysis.kr20,
    standardError: analysis.standardError,
    items: analysis.items.map((stats, j) => ({ ...stats, name: items[j]!.name, kind: items[j]!.kind, flags: [...stats.flags] })),
  };
};

/** An analysis and the scenario's name, which a downloaded file is named for. */
type Analysed = { readonly analysis: ItemAnalysisResponse; readonly resimName: string };

const versionMissing = (revision: number) =>
  new AppError('not_found', `Revision ${revision} of the scenario is not in its history, so its answer key cannot be read`);

/**
 * GET /admin/resim/{id}/instance/{instanceId}/item-analysis: how the answer key's items worked in
 * an opening, scored by the key of the version it ran (the current one for an opening made before
 * openings recorded it).
 */
export const openingItemAnalysis = async (ctx: SpaceContext, resimId: string, instanceId: string): Promise<Analysed> => {
  const scenario = await getResim(ctx, resimId);
  const instance = scenario.instances.find((opening) => opening.id === instanceId);
  if (!instance) throw new AppError('not_found', 'The scenario has no such opening');
  const revision = instance.revision ?? null;
  const content = revision === null ? scenario : await versionContent(ctx.db, scenario, revision);
  if (!content) throw versionMissing(revision!);
  return {
    resimName: scenario.resimName,
    analysis: await analysisOf(ctx, scenario, content, { instanceId, revision, instanceIds: [instanceId] }),
  };
};

/**
 * GET /admin/resim/{id}/version/{revision}/item-analysis: the runs of every opening that played
 * one version pooled, so that a case given to several cohorts unchanged is judged on all of them.
 */
export const versionItemAnalysis = async (ctx: SpaceContext, resimId: string, revision: number): Promise<Analysed> => {
  const scenario = await getResim(ctx, resimId);
  if (revision > scenario.revision)
    throw new AppError('not_found', `The scenario has no revision ${revision} yet: its latest is ${scenario.revision}`);
  const content = await versionContent(ctx.db, scenario, revision);
  if (!content) throw versionMissing(revision);
  const instanceIds = scenario.instances.filter((instance) => instance.revision === revision).map((instance) => instance.id);
  return { resimName: scenario.resimName, analysis: await analysisOf(ctx, scenario, content, { instanceId: null, revision, instanceIds }) };
};
