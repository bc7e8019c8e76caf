import type { LearnerFlow } from '@resim/contracts';
import type { Dialect } from '../../db/database';
import { notFound } from '../../errors/app-error';
import { getResim } from '../resims/resims.service';
import type { SpaceContext } from '../spaces/spaces.service';
import * as repo from './learner-flow.repository';

export type FlowContext = SpaceContext & { readonly dialect: Dialect };

// Most learners first, then by id, so that every poll lists ties alike.
const byMost = <T extends { id: string | null; learners: number }>(a: T, b: T) =>
  b.learners - a.learners || (a.id ?? '').localeCompare(b.id ?? '');
const byCount = (a: repo.TransitionRow, b: repo.TransitionRow) =>
  b.count - a.count || (a.from ?? '').localeCompare(b.from ?? '') || a.to.localeCompare(b.to);

/**
 * GET /admin/resim/{id}/flow: the learners' flow of a scenario, or of one of its openings (never
 * Test Mode's); the counts come grouped from the database and are only sorted and judged here.
 */
export const learnerFlow = async (ctx: FlowContext, resimId: string, instanceId: string | undefined): Promise<LearnerFlow> => {
  const scenario = await getResim(ctx, resimId);
  if (instanceId !== undefined && !scenario.instances.some((instance) => instance.id === instanceId)) throw notFound('Opening');
  const scope = { resimId: scenario.id, instanceId };
  const [runs, stages, { items, transitions }, stalls] = await Promise.all([
    repo.countRuns(ctx.db, scope),
    repo.countStages(ctx.db, ctx.dialect, scope),
    repo.readStepCounts(ctx.db, scope),
    repo.countStalls(ctx.db, ctx.dialect, scope),
  ]);
  const of = (kind: repo.ItemCountRow['kind']) =>
    [...stages, ...items].filter((row) => row.kind === kind).map((row) => ({ id: row.item, learners: row.learners }));
  const right = new Set(scenario.answers.conclusions);
  const judged = right.size > 0;
  const conclusions = of('conclusion').map((row) => ({ ...row, correct: judged ? right.has(row.id) : null }));
  return {
    resimId: scenario.id,
    instanceId: instanceId ?? null,
    ...runs,
    stages: of('stage').sort(byMost),
    actions: of('action').sort(byMost),
    conclusions: conclusions.sort(byMost),
    transitions: transitions.sort(byCount),
    stalls: stalls.map((row) => ({ id: row.item, learners: row.learners })).sort(byMost),
    wrongDiagnoses: conclusions.filter((row) => row.correct === false).map(({ id, learners }) => ({ id, learners })),
  };
};
