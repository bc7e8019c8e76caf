import type { ScoreCriterion, ScoreField } from '@resim/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Database, Dialect } from '../../db/database';
import { removedReason } from '../runs/game-records';

/**
 * The space's results computed in the database: a run's stored score (JSON, written when it
 * ended) is read there, and the best run of each learner and the ranks are picked there by the
 * scenario's own ranking criteria, so that only the rows of the answer come back.
 */

const pathOf = (field: ScoreField): string[] => (typeof field === 'string' ? [field] : ['measures', field.measure]);

// SQLite quotes each key of a JSON path, escaping quotes and backslashes; PostgreSQL takes the keys as an array.
const sqlitePath = (keys: readonly string[]) => `$${keys.map((key) => `."${key.replace(/["\\]/g, '\\$&')}"`).join('')}`;

const valueOf = (dialect: Dialect, field: ScoreField): RawBuilder<number | null> =>
  dialect === 'postgres'
    ? sql<number | null>`(doc #>> ${pathOf(field)}::text[])::double precision`
    : sql<number | null>`json_extract(doc, ${sqlitePath(pathOf(field))})`;

/** A part of the stored score as JSON text (a list, a flag), read the same on both databases. */
const jsonOf = (dialect: Dialect, keys: readonly string[]): RawBuilder<string | null> =>
  dialect === 'postgres'
    ? sql<string | null>`(doc #> ${keys}::text[])::text`
    : sql<string | null>`json(json_extract(doc, ${sqlitePath(keys)}))`;

/** The actions a run ran, as its stored state's JSON: what the pass mark's musts read. */
const ranOf = (dialect: Dialect): RawBuilder<string | null> =>
  dialect === 'postgres' ? sql<string | null>`(state::jsonb -> 'ran')::text` : sql<string | null>`json_extract(state, '$.ran')`;

/** Parts written one after another; none is nothing (sql.join needs at least one). */
const concat = (parts: readonly RawBuilder<unknown>[]): RawBuilder<unknown> => (parts.length === 0 ? sql`` : sql.join(parts, sql``));

const notRemoved = sql`(end_reason is null or end_reason <> ${removedReason})`;

/** A scenario, its ranking criteria and its money and time measures (the measures' ids, in its order). */
export type RankedScenario = { readonly id: string; readonly criteria: readonly ScoreCriterion[]; readonly costs: readonly string[] };

const depthOf = (scenarios: readonly RankedScenario[]) => Math.max(1, ...scenarios.map((scenario) => scenario.criteria.length));
const criterionColumns = (scenarios: readonly RankedScenario[]) => Array.from({ length: depthOf(scenarios) }, (_, at) => `c${at}`);

/** A value of each run, read by its own scenario's criterion: `CASE resim_id WHEN ... THEN ... END`. */
const perScenario = (scenarios: readonly RankedScenario[], read: (scenario: RankedScenario) => RawBuilder<unknown> | null) => {
  const branches = scenarios.flatMap((scenario) => {
    const value = read(scenario);
    return value === null ? [] : [sql`when ${scenario.id} then ${value}`];
  });
  return branches.length === 0 ? sql`null` : sql`case resim_id ${sql.join(branches, sql` `)} end`;
};

/** cost0, cost1, ...: as many as the scenario with the most money and time measures has. */
const costColumns = (scenarios: readonly RankedScenario[]) =>
  Array.from({ length: Math.max(0, ...scenarios.map((scenario) => scenario.costs.length)) }, (_, at) => `cost${at}`);

/** A run's money and time measures read into cost0, cost1, ..., in its scenario's order; the rest null. */
const costValues = (dialect: Dialect, scenarios: readonly RankedScenario[]) =>
  costColumns(scenarios).map(
    (column, at) =>
      sql`, ${perScenario(scenarios, (scenario) => {
        const measure = scenario.costs[at];
        return measure === undefined ? null : valueOf(dialect, { measure });
      })} as ${sql.ref(column)}`,
  );

/** The costN columns of a row, in order; the repository's callers name them by their scenario's measures. */
const costsOf = (scenarios: readonly RankedScenario[], row: Record<string, unknown>): (number | null)[] =>
  costColumns(scenarios).map((column) => {
    const value = row[column];
    return value === null || value === undefined ? null : Number(value);
  });

/**
 * The counted runs of the scenarios, in one pass over them: each run's score (its scenario's first
 * criterion), points and time taken read from its stored score once, and the criteria's values
 * c0, c1, ... signed so that higher is better in every scenario (a lower-first value is negated);
 * `ranked` marks the finished runs that are not removed. With the diagnosis, also the conclusions
 * confirmed, what matched the answer key and the actions run (only the list of runs by opening
 * shows them, with the pass mark's verdict); with
 * the costs, the final value of each money and time measure (cost0, cost1, ...).
 */
/**
 * The time allowance a run was played with, as its stored state's JSON; null for none. Most runs
 * have none and store null: only a state holding an object is read as JSON.
 */
const allowanceOf = (dialect: Dialect) =>
  sql`case when state like '%"allowance":{%' then ${
    dialect === 'postgres' ? sql`(state::jsonb -> 'allowance')::text` : sql`json_extract(state, '$.allowance')`
  } end`;

const runValues = (dialect: Dialect, scenarios: readonly RankedScenario[], withDiagnosis = false, withCosts = false) => {
  const raw = Array.from({ length: depthOf(scenarios) }, (_, at) =>
    perScenario(scenarios, (scenario) => (scenario.criteria[at] ? valueOf(dialect, scenario.criteria[at].field) : null)),
  );
  const signed = criterionColumns(scenarios).map((column, at) => {
    const lowerFirst = scenarios.filter((scenario) => scenario.criteria[at]?.lowerFirst).map((scenario) => scenario.id);
    const value = sql.ref(`v${at}`);
    return lowerFirst.length === 0
      ? sql`${value} as ${sql.ref(column)}`
      : sql`case when resim_id in (${sql.join(lowerFirst)}) then -${value} else ${value} end as ${sql.ref(column)}`;
  });
  return sql`select values_read.*, ${sql.join(signed)} from (
      select id, resim_id, instance_id, nickname, email, started_at, ended_at, end_reason, created_at,
        case when ended_at is not null and ${notRemoved} then 1 else 0 end as ranked,
        ${sql.join(raw.map((value, at) => sql`${value} as ${sql.ref(`v${at}`)}`))},
        ${valueOf(dialect, 'points')} as points,
        ${valueOf(dialect, 'durationMs')} as duration_ms
        ${withDiagnosis ? sql`, ${jsonOf(dialect, ['conclusionsConfirmed'])} as conclusions, ${jsonOf(dialect, ['answers'])} as answers, ${ranOf(dialect)} as ran, ${allowanceOf(dialect)} as allowance` : sql``}
        ${withCosts ? concat(costValues(dialect, scenarios)) : sql``}
      from (select games.*, ${dialect === 'postgres' ? sql`score::jsonb` : sql`score`} as doc from games
            where resim_id in (${sql.join(scenarios.map((scenario) => scenario.id))}) and test = 0) scored
    ) values_read`;
};

/** ORDER BY the criteria, best first; a missing value ranks below any value, as in the domain. */
const byCriteria = (scenarios: readonly RankedScenario[]) =>
  sql.join(criterionColumns(scenarios).map((column) => sql`${sql.ref(column)} desc nulls last`));

export type LearnerRunRow = {
  resim_id: string;
  email: string;
  score: number | null;
  points: number | null;
  duration_ms: number | null;
  rank: number | null;
  runs: number;
  finished: number;
  /** with the costs asked for, the run's money and time measures in its scenario's order (`RankedScenario.costs`); else empty */
  costs: (number | null)[];
};

/**
 * Each learner's best finished run of each scenario (learners known by email: anonymous runs have
 * none), ranked among the scenario's learners, with how many runs they have and how many
 * finished; a learner whose runs are all still going has no score. A tie on every criterion goes
 * to the earlier run. With the costs, the best run's money and time measures too.
 */
export const findLearnerRuns = async (
  db: Database,
  dialect: Dialect,
  scenarios: readonly RankedScenario[],
  withCosts = false,
): Promise<LearnerRunRow[]> => {
  if (scenarios.length === 0) return [];
  const order = byCriteria(scenarios);
  const costs = withCosts ? costColumns(scenarios) : [];
  const { rows } = await sql<Omit<LearnerRunRow, 'costs'> & Record<string, unknown>>`
    select resim_id, email, runs, finished,
      case when ranked = 1 then v0 end as score,
      case when ranked = 1 then points end as points,
      case when ranked = 1 then duration_ms end as duration_ms,
      case when ranked = 1 then rank() over (partition by resim_id, ranked order by ${order}) end as rank
      ${concat(costs.map((column) => sql`, case when ranked = 1 then ${sql.ref(column)} end as ${sql.ref(column)}`))}
    from (
      select runs.*,
        row_number() over (partition by resim_id, email order by ranked desc, ${order}, ended_at, id) as pick,
        count(*) over (partition by resim_id, email) as runs,
        sum(ranked) over (partition by resim_id, email) as finished
      from (${runValues(dialect, scenarios, false, withCosts)}) runs
      where email is not null and ${notRemoved}
    ) best
    where pick = 1`.execute(db);
  return rows.map((row) => ({
    resim_id: row.resim_id,
    email: row.email,
    score: row.score,
    points: row.points,
    duration_ms: row.duration_ms,
    rank: row.rank === null ? null : Number(row.rank),
    runs: Number(row.runs),
    finished: Number(row.finished),
    costs: withCosts ? costsOf(scenarios, row) : [],
  }));
};

export type ScenarioCountRow = { resim_id: string; learners: number; runs: number; finished: number };

/** Per scenario: learners known by email, runs (anonymous ones too) and finished runs. */
export const countRunsByScenario = async (db: Database, resimIds: readonly string[]): Promise<ScenarioCountRow[]> =>
  resimIds.length === 0
    ? []
    : (
        await sql<ScenarioCountRow>`
          select resim_id, count(distinct email) as learners, count(*) as runs, count(ended_at) as finished from games
          where resim_id in (${sql.join(resimIds)}) and test = 0 and ${notRemoved}
          group by resim_id`.execute(db)
      ).rows.map((row) => ({ ...row, learners: Number(row.learners), runs: Number(row.runs), finished: Number(row.finished) }));

/** How many learners are known by email: the space's own and any who played one of its scenarios signed in. */
export const countLearners = async (db: Database, spaceId: string, resimIds: readonly string[]): Promise<number> => {
  const played =
    resimIds.length === 0
      ? sql``
      : sql`union select email from games where resim_id in (${sql.join(resimIds)}) and test = 0 and email is not null and ${notRemoved}`;
  const { rows } = await sql<{ learners: number }>`
    select count(*) as learners from (select email from space_learners where space_id = ${spaceId} ${played}) known`.execute(db);
  return Number(rows[0]?.learners ?? 0);
};

/** The space's own learners, by email. */
export const findSpaceLearnerEmails = async (db: Database, spaceId: string): Promise<string[]> =>
  (await db.selectFrom('space_learners').select('email').where('space_id', '=', spaceId).execute()).map((row) => row.email);

export type OpeningRunRow = {
  resim_id: string;
  instance_id: string;
  nickname: string;
  email: string | null;
  score: number | null;
  points: number | null;
  duration_ms: number | null;
  started_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
  rank: number | null;
  /** the conclusions confirmed and what the run matched of the answer key, as the stored score's JSON */
  conclusions: string | null;
  answers: string | null;
  /** the actions the run ran, as its stored state's JSON */
  ran: string | null;
  /** the time allowance it was played with, as its stored state's JSON; null for none */
  allowance: string | null;
  /** the run's money and time measures at its end, in its scenario's order (`RankedScenario.costs`) */
  costs: (number | null)[];
};

/** Every run of the scenarios by opening, as they joined; the finished ones (not removed) ranked within their opening. */
export const findOpeningRuns = async (db: Database, dialect: Dialect, scenarios: readonly RankedScenario[]): Promise<OpeningRunRow[]> => {
  if (scenarios.length === 0) return [];
  const { rows } = await sql<Omit<OpeningRunRow, 'costs'> & Record<string, unknown>>`
    select resim_id, instance_id, nickname, email, started_at, ended_at, end_reason, v0 as score, points, duration_ms, rank,
      conclusions, answers, ran, allowance ${concat(costColumns(scenarios).map((column) => sql`, ${sql.ref(column)}`))} from (
      select runs.*,
        case when ranked = 1 then rank() over (partition by resim_id, instance_id, ranked order by ${byCriteria(scenarios)}) end as rank
      from (${runValues(dialect, scenarios, true, true)}) runs
    ) ranked_runs
    order by resim_id, instance_id, ranked desc, rank, created_at, id`.execute(db);
  return rows.map((row) => ({
    resim_id: row.resim_id,
    instance_id: row.instance_id,
    nickname: row.nickname,
    email: row.email,
    score: row.score,
    points: row.points,
    duration_ms: row.duration_ms,
    started_at: row.started_at,
    ended_at: row.ended_at,
    end_reason: row.end_reason,
    rank: row.rank === null ? null : Number(row.rank),
    conclusions: row.conclusions,
    answers: row.answers,
    ran: row.ran,
    allowance: row.allowance,
    costs: costsOf(scenarios, row),
  }));
};
