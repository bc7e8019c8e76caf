import type { ItemAnalysisResponse } from '@resim/contracts';
import { analyseItems, answerKeyItems, keyAnswers, type RunState } from '@resim/domain';
import { readJson } from '../../lib/json';
import { getResim } from '../resims/resims.service';
import type { SpaceContext } from '../spaces/spaces.service';

/**
 * GET /admin/resim/{id}/instance/{instanceId}/item-analysis: how the answer key's items worked in
 * an opening, over its finished runs (Test Mode and previews apart). Read a column at a time: the
 * runs' choices only, never whole rows.
 */
export const openingItemAnalysis = async (ctx: SpaceContext, resimId: string, instanceId: string): Promise<ItemAnalysisResponse> => {
  const scenario = await getResim(ctx, resimId);
  const rows = await ctx.db
    .selectFrom('games')
    .select('state')
    .where('resim_id', '=', scenario.id)
    .where('instance_id', '=', instanceId)
    .where('test', '=', 0)
    .where('ended_at', 'is not', null)
    .orderBy('id')
    .execute();
  const items = answerKeyItems(scenario);
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
    instanceId,
    learners: analysis.learners,
    kr20: analysis.kr20,
    standardError: analysis.standardError,
    items: analysis.items.map((stats, j) => ({ ...stats, name: items[j]!.name, kind: items[j]!.kind, flags: [...stats.flags] })),
  };
};
