import type {
  LearnerResult,
  LearnerScoreboard,
  OpeningScoreboard,
  ScenarioScoreboard,
  ScoreboardAvailable,
  ScoreboardScenario,
  SpaceScoreboard,
  SpaceScoreboardMode,
} from '@resim/contracts';
import {
  allowanceLabel,
  isCostMeasure,
  MeasureType,
  runDiagnosis,
  runVerdict,
  scoreCriteria,
  type RunScore,
  type Scenario,
  type ScoreCriterion,
  type ScoreField,
  type TimeAllowance,
} from '@resim/domain';
import { readJson } from '../../lib/json';
import type { Database, Dialect } from '../../db/database';
import { findResimsInSpaces } from '../resims/resims.repository';
import { removedReason } from '../runs/game-records';
import { runnableScenario } from '../runs/scenario-cache';
import { markingsOf } from '../runs/verdicts';
import { getAccessibleSpace, type SpaceContext } from '../spaces/spaces.service';
import * as repo from './space-scoreboard.repository';

export type ScoreboardContext = SpaceContext & { readonly dialect: Dialect };

/** How the first criterion's value reads: its measure's type and unit, in the scenario's currency; points as integers. */
const scoreUnitsOf = (scenario: Scenario, field: ScoreField): ScoreboardScenario['scoreUnits'] => {
  const measure = typeof field === 'string' ? undefined : scenario.measures.find((candidate) => candidate.id === field.measure);
  return {
    type: measure?.type ?? MeasureType.integer,
    timeUnit: measure?.timeUnit ?? 'seconds',
    currency: scenario.currency,
  };
};

type Scored = { readonly scenario: Scenario; readonly criteria: ScoreCriterion[]; readonly summary: ScoreboardScenario };

/** The space (one the caller is in, else 404) and its scenarios by name, each with how it ranks. */
const spaceWithScenarios = async (ctx: ScoreboardContext, spaceId: string) => {
  const { space } = await getAccessibleSpace(ctx, spaceId);
  const scenarios = (await findResimsInSpaces(ctx.db, [spaceId]))
    .map(runnableScenario)
    .toSorted((a, b) => a.resimName.localeCompare(b.resimName) || a.id.localeCompare(b.id))
    .map((scenario): Scored => {
      const criteria = scoreCriteria(scenario);
      return {
        scenario,
        criteria,
        summary: {
          id: scenario.id,
          resimName: scenario.resimName,
          scoreLabel: criteria[0]!.label,
          lowerIsBetter: criteria[0]!.lowerFirst,
          scoreUnits: scoreUnitsOf(scenario, criteria[0]!.field),
          costMeasures: scenario.measures
            .filter((measure) => isCostMeasure(measure.type))
            .map(({ id, name, type, timeUnit }) => ({ id, name, type, timeUnit })),
          openings: scenario.instances.map((instance) => ({ id: instance.id, created: instance.created })),
        },
      };
    });
  return { space, scenarios, header: { spaceId: space.id, spaceName: space.description, scenarios: scenarios.map((s) => s.summary) } };
};

const modeLabels: Record<SpaceScoreboardMode, { label: string; description: string }> = {
  learner: {
    label: 'By learner',
    description: "One row per learner known by email, one column per scenario: the learner's best finished run",
  },
  scenario: { label: 'By scenario', description: "Each scenario's learners known by email, ranked by their best finished run" },
  opening: { label: 'By opening', description: "Each opening's runs, anonymous ones too, the finished ranked within the opening" },
};

/** GET /admin/space/{id}/scoreboard/available */
export const scoreboardAvailable = async (ctx: ScoreboardContext, spaceId: string): Promise<ScoreboardAvailable> => {
  const { header, scenarios } = await spaceWithScenarios(ctx, spaceId);
  const ids = scenarios.map((s) => s.scenario.id);
  const [counts, learners] = await Promise.all([repo.countRunsByScenario(ctx.db, ids), repo.countLearners(ctx.db, spaceId, ids)]);
  const countOf = new Map(counts.map((row) => [row.resim_id, row]));
  const withCounts = scenarios.map(({ summary }) => {
    const count = countOf.get(summary.id);
    return { ...summary, learners: count?.learners ?? 0, runs: count?.runs ?? 0, finished: count?.finished ?? 0 };
  });
  const rows: Record<SpaceScoreboardMode, number> = {
    learner: learners,
    scenario: withCounts.reduce((sum, scenario) => sum + scenario.learners, 0),
    opening: withCounts.reduce((sum, scenario) => sum + scenario.runs, 0),
  };
  return {
    ...header,
    learners,
    scenarios: withCounts,
    modes: (['learner', 'scenario', 'opening'] as const).map((mode) => ({ mode, ...modeLabels[mode], rows: rows[mode] })),
    outputs: ['json', 'csv', 'xlsx'],
  };
};

/** A learner's result of a scenario, and the money and time measures of its best run in the scenario's order (when asked for). */
type Result = { readonly result: LearnerResult; readonly costs: readonly (number | null)[] };
type LearnerResults = Map<string, Map<string, Result>>;

const ranked = (scenarios: readonly Scored[]): repo.RankedScenario[] =>
  scenarios.map((s) => ({ id: s.scenario.id, criteria: s.criteria, costs: s.summary.costMeasures.map((measure) => measure.id) }));

/** A run's money and time measures by id, from the values the repository read in the scenario's order. */
const costsOf = ({ summary }: Scored, values: readonly (number | null)[]): Record<string, number | null> =>
  Object.fromEntries(summary.costMeasures.map((measure, at) => [measure.id, values[at] ?? null]));

/** Per scenario, each learner's best finished run and their runs, by email; with the costs, that run's money and time measures. */
const learnerResults = async (db: Database, dialect: Dialect, scenarios: readonly Scored[], withCosts = false): Promise<LearnerResults> => {
  const results: LearnerResults = new Map(scenarios.map((s) => [s.scenario.id, new Map<string, Result>()]));
  for (const row of await repo.findLearnerRuns(db, dialect, ranked(scenarios), withCosts))
    results.get(row.resim_id)?.set(row.email, {
      result: {
        score: row.score,
        points: row.points,
        durationMs: row.duration_ms,
        rank: row.rank,
        runs: row.runs,
        finished: row.finished,
      },
      costs: row.costs,
    });
  return results;
};

/** The space's learners and those who played one of its scenarios signed in, by email. */
const learnerEmails = (own: readonly string[], results: LearnerResults): string[] => {
  const emails = new Set(own);
  for (const ofScenario of results.values()) for (const email of ofScenario.keys()) emails.add(email);
  return [...emails].sort();
};

const byLearner = async (ctx: ScoreboardContext, spaceId: string): Promise<LearnerScoreboard> => {
  const { header, scenarios } = await spaceWithScenarios(ctx, spaceId);
  const [own, results] = await Promise.all([repo.findSpaceLearnerEmails(ctx.db, spaceId), learnerResults(ctx.db, ctx.dialect, scenarios)]);
  return {
    mode: 'learner',
    ...header,
    learners: learnerEmails(own, results).map((email) => {
      const mine: Record<string, LearnerResult> = {};
      for (const { scenario } of scenarios) {
        const found = results.get(scenario.id)?.get(email);
        if (found) mine[scenario.id] = found.result;
      }
      return { email, results: mine };
    }),
  };
};

// The ranked first, by rank; then those with no finished run, by email.
const byRank = (a: [string, Result], b: [string, Result]) =>
  (a[1].result.rank ?? Number.MAX_SAFE_INTEGER) - (b[1].result.rank ?? Number.MAX_SAFE_INTEGER) || a[0].localeCompare(b[0]);

const byScenario = async (ctx: ScoreboardContext, spaceId: string): Promise<ScenarioScoreboard> => {
  const { header, scenarios } = await spaceWithScenarios(ctx, spaceId);
  const results = await learnerResults(ctx.db, ctx.dialect, scenarios, true);
  return {
    mode: 'scenario',
    ...header,
    rows: scenarios.flatMap((scored) =>
      [...(results.get(scored.scenario.id) ?? new Map<string, Result>()).entries()].sort(byRank).map(([email, { result, costs }]) => ({
        resimId: scored.scenario.id,
        email,
        ...result,
        costs: costsOf(scored, costs),
      })),
    ),
  };
};

/** The parts of a run's stored score the list by opening shows, as the database read them. */
const stored = (row: repo.OpeningRunRow): Pick<RunScore, 'conclusionsConfirmed' | 'answers'> | null => {
  const answers = readJson<RunScore['answers'] | null>(row.answers, null);
  return answers ? { conclusionsConfirmed: readJson<string[]>(row.conclusions, []), answers } : null;
};

const byOpening = async (ctx: ScoreboardContext, spaceId: string): Promise<OpeningScoreboard> => {
  const { header, scenarios } = await spaceWithScenarios(ctx, spaceId);
  const runs = new Map<string, repo.OpeningRunRow[]>();
  for (const row of await repo.findOpeningRuns(ctx.db, ctx.dialect, ranked(scenarios))) {
    const own = runs.get(row.resim_id) ?? [];
    own.push(row);
    runs.set(row.resim_id, own);
  }
  const markings = new Map<string, Awaited<ReturnType<typeof markingsOf>>>();
  for (const { scenario } of scenarios)
    markings.set(
      scenario.id,
      await markingsOf(
        ctx.db,
        scenario,
        (runs.get(scenario.id) ?? []).map((row) => row.instance_id),
      ),
    );
  const verdictOf = (row: repo.OpeningRunRow) => {
    if (row.ended_at === null || row.end_reason === removedReason) return null;
    const marking = markings.get(row.resim_id)?.get(row.instance_id) ?? null;
    const verdict = runVerdict(marking, { ended: true, points: row.points, ran: readJson<string[]>(row.ran, []) });
    return verdict && { passed: verdict.passed, reasons: [...verdict.reasons] };
  };
  return {
    mode: 'opening',
    ...header,
    rows: scenarios.flatMap((scored) => {
      const { scenario } = scored;
      // Openings in the order they were opened; the runs of each as the database ranked them.
      const position = new Map(scenario.instances.map((instance, index) => [instance.id, index]));
      const at = (instanceId: string) => position.get(instanceId) ?? Number.MAX_SAFE_INTEGER;
      return (runs.get(scenario.id) ?? [])
        .map((row, index) => ({ row, index }))
        .sort((a, b) => at(a.row.instance_id) - at(b.row.instance_id) || a.index - b.index)
        .map(({ row }) => ({
          resimId: scenario.id,
          instanceId: row.instance_id,
          rank: row.rank,
          nickname: row.nickname,
          email: row.email,
          score: row.score,
          points: row.points,
          durationMs: row.duration_ms,
          startedAt: row.started_at,
          endedAt: row.ended_at,
          endReason: row.end_reason,
          ...runDiagnosis(scenario, stored(row), row.ended_at !== null),
          verdict: verdictOf(row),
          costs: costsOf(scored, row.costs),
          accommodation: allowanceLabel(readJson<TimeAllowance | null>(row.allowance, null)),
        }));
    }),
  };
};

/** GET /admin/space/{id}/scoreboard?mode= */
export const spaceScoreboard = (ctx: ScoreboardContext, spaceId: string, mode: SpaceScoreboardMode): Promise<SpaceScoreboard> => {
  switch (mode) {
    case 'learner':
      return byLearner(ctx, spaceId);
    case 'scenario':
      return byScenario(ctx, spaceId);
    case 'opening':
      return byOpening(ctx, spaceId);
  }
};
