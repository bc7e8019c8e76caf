import { hardestItemsLimit, type Intel, type IntelItem, type IntelQuery } from '@resim/contracts';
import { runVerdict, type Scenario } from '@resim/domain';
import type { Dialect } from '../../db/database';
import { notFound } from '../../errors/app-error';
import { findResimsInSpaces } from '../resims/resims.repository';
import { runnableScenario } from '../runs/scenario-cache';
import { markingsOf } from '../runs/verdicts';
import { findSpacesOfUser } from '../spaces/spaces.repository';
import { getAccessibleSpace, type SpaceContext } from '../spaces/spaces.service';
import * as repo from './intel.repository';

export type IntelContext = SpaceContext & { readonly dialect: Dialect };

type Placed = { readonly scenario: Scenario; readonly spaceId: string };

/** The scenarios asked about: the space's (one the caller is in, else 404) or all of the caller's spaces', or the one named among them. */
const scenariosAsked = async (ctx: IntelContext, query: IntelQuery): Promise<Placed[]> => {
  const spaceIds = query.space
    ? [(await getAccessibleSpace(ctx, query.space)).space.id]
    : (await findSpacesOfUser(ctx.db, ctx.principal.userId, ctx.principal.groupSpaceIds)).map((space) => space.id);
  const placed = (await findResimsInSpaces(ctx.db, spaceIds)).map((row) => ({ scenario: runnableScenario(row), spaceId: row.space_id }));
  if (!query.resim) return placed;
  const one = placed.filter(({ scenario }) => scenario.id === query.resim);
  if (one.length === 0) throw notFound('Scenario');
  return one;
};

const dayAfter = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

const rate = (started: number, finished: number) => (started === 0 ? null : finished / started);
const countsOf = (row: { started: number; finished: number } | undefined) => {
  const started = row?.started ?? 0;
  const finished = row?.finished ?? 0;
  return { started, finished, completionRate: rate(started, finished) };
};

const passesOf = (counts: PassCounts | undefined) => ({
  passed: counts?.passed ?? 0,
  judged: counts?.judged ?? 0,
  passRate: counts ? counts.passed / counts.judged : null,
});

const mostFirst = (items: IntelItem[]): IntelItem[] =>
  items
    .filter((item) => item.runs > 0)
    .toSorted((a, b) => b.runs - a.runs || b.runs / b.of - a.runs / a.of || a.name.localeCompare(b.name))
    .slice(0, hardestItemsLimit);

/**
 * The hardest items by the answer key as it stands (DESIGN 4, the case feedback): required actions
 * not run, unnecessary and harmful actions run, conclusions confirmed that the key does not expect.
 */
const hardestItems = (placed: readonly Placed[], done: readonly repo.DoneRow[], finishedOf: Map<string, number>): Intel['hardest'] => {
  const doneBy = new Map(done.map((row) => [`${row.resim_id}\n${row.kind}\n${row.item}`, row.runs]));
  const lists: Intel['hardest'] = {
    requiredActionsMissed: [],
    unnecessaryActionsRun: [],
    harmfulActionsRun: [],
    wrongConclusionsConfirmed: [],
  };
  for (const { scenario } of placed) {
    const of = finishedOf.get(scenario.id) ?? 0;
    if (of === 0) continue;
    const item = (kind: repo.DoneRow['kind'], entry: { id: string; name: string }, missed = false): IntelItem => {
      const runs = doneBy.get(`${scenario.id}\n${kind}\n${entry.id}`) ?? 0;
      return {
        resimId: scenario.id,
        resimName: scenario.resimName,
        id: entry.id,
        name: entry.name || entry.id,
        runs: missed ? of - runs : runs,
        of,
      };
    };
    const { answers } = scenario;
    const actionsIn = (ids: readonly string[]) => scenario.actions.filter((action) => ids.includes(action.id));
    lists.requiredActionsMissed.push(...actionsIn(answers.actions).map((action) => item('ran', action, true)));
    lists.unnecessaryActionsRun.push(...actionsIn(answers.unnecessaryActions).map((action) => item('ran', action)));
    lists.harmfulActionsRun.push(...actionsIn(answers.harmfulActions).map((action) => item('ran', action)));
    lists.wrongConclusionsConfirmed.push(
      ...scenario.conclusions
        .filter((conclusion) => !answers.conclusions.includes(conclusion.id))
        .map((conclusion) => item('confirmed', conclusion)),
    );
  }
  return {
    requiredActionsMissed: mostFirst(lists.requiredActionsMissed),
    unnecessaryActionsRun: mostFirst(lists.unnecessaryActionsRun),
    harmfulActionsRun: mostFirst(lists.harmfulActionsRun),
    wrongConclusionsConfirmed: mostFirst(lists.wrongConclusionsConfirmed),
  };
};

type PassCounts = { readonly passed: number; readonly judged: number };

/**
 * Per scenario, how many finished runs its pass mark judged and how many passed, each run by the
 * pass mark of the version its opening ran; only the scenarios a version of which asks for one are read.
 */
const passCounts = async (ctx: IntelContext, placed: readonly Placed[], filter: repo.RunFilter): Promise<Map<string, PassCounts>> => {
  const markings = new Map<string, Awaited<ReturnType<typeof markingsOf>>>();
  for (const { scenario } of placed) {
    const of = await markingsOf(
      ctx.db,
      scenario,
      scenario.instances.map((instance) => instance.id),
    );
    if ([...of.values()].some((marking) => marking !== null)) markings.set(scenario.id, of);
  }
  const scenarios = new Map(placed.map(({ scenario }) => [scenario.id, scenario]));
  const rows = await repo.finishedRuns(ctx.db, ctx.dialect, { ...filter, resimIds: [...markings.keys()] });
  const counts = new Map<string, { passed: number; judged: number }>();
  for (const row of rows) {
    const scenario = scenarios.get(row.resim_id)!;
    const ofScenario = markings.get(row.resim_id)!;
    // A run of an opening the scenario does not list is judged as markingsOf judges it: by the current version.
    const marking = ofScenario.has(row.instance_id)
      ? ofScenario.get(row.instance_id)!
      : ((await markingsOf(ctx.db, scenario, [row.instance_id])).get(row.instance_id) ?? null);
    const verdict = runVerdict(marking, { ended: true, points: row.points, ran: row.ran });
    if (!verdict) continue;
    const count = counts.get(row.resim_id) ?? { passed: 0, judged: 0 };
    count.judged += 1;
    if (verdict.passed) count.passed += 1;
    counts.set(row.resim_id, count);
  }
  return counts;
};

/** GET /admin/intel */
export const intelOf = async (ctx: IntelContext, query: IntelQuery): Promise<Intel> => {
  const placed = (await scenariosAsked(ctx, query)).toSorted(
    (a, b) => a.scenario.resimName.localeCompare(b.scenario.resimName) || a.scenario.id.localeCompare(b.scenario.id),
  );
  const filter: repo.RunFilter = {
    resimIds: placed.map(({ scenario }) => scenario.id),
    from: query.from ?? null,
    before: query.to ? dayAfter(query.to) : null,
  };
  const [byScenario, byDay, measures, done, passes] = await Promise.all([
    repo.countByScenario(ctx.db, filter),
    repo.countByPeriod(ctx.db, ctx.dialect, filter, query.by ?? 'day'),
    repo.measureStats(ctx.db, ctx.dialect, filter),
    repo.countDone(ctx.db, ctx.dialect, filter),
    passCounts(ctx, placed, filter),
  ]);
  const countOf = new Map(byScenario.map((row) => [row.key, row]));
  const started = byScenario.reduce((sum, row) => sum + row.started, 0);
  const finished = byScenario.reduce((sum, row) => sum + row.finished, 0);
  const statsOf = new Map(measures.map((row) => [`${row.resim_id}\n${row.measure}`, row]));
  return {
    filters: {
      space: query.space ?? null,
      resim: query.resim ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
      by: query.by ?? 'day',
    },
    totals: {
      started,
      finished,
      completionRate: rate(started, finished),
      scenarios: placed.length,
      openings: byScenario.reduce((sum, row) => sum + row.openings, 0),
    },
    scenarios: placed.map(({ scenario, spaceId }) => ({
      id: scenario.id,
      resimName: scenario.resimName,
      spaceId,
      openings: countOf.get(scenario.id)?.openings ?? 0,
      ...countsOf(countOf.get(scenario.id)),
      ...passesOf(passes.get(scenario.id)),
    })),
    trend: byDay.map((row) => ({ day: row.key, ...countsOf(row) })),
    // The scenario's measures as it stands, in its order; one added since the runs has no values and is left out.
    measures: placed.flatMap(({ scenario }) =>
      scenario.measures.flatMap((measure) => {
        const stats = statsOf.get(`${scenario.id}\n${measure.id}`);
        if (!stats) return [];
        return [
          {
            resimId: scenario.id,
            resimName: scenario.resimName,
            id: measure.id,
            name: measure.name || measure.id,
            type: measure.type,
            timeUnit: measure.timeUnit,
            currency: scenario.currency,
            runs: stats.runs,
            average: stats.average,
            min: stats.min,
            max: stats.max,
            standardDeviation: Math.sqrt(Math.max(0, stats.square_average - stats.average ** 2)),
          },
        ];
      }),
    ),
    hardest: hardestItems(placed, done, new Map(byScenario.map((row) => [row.key, row.finished]))),
  };
};
