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

/** The runs of a scenario that count, with the score parsed once per row. */
const scoredRuns = (dialect: Dialect, resimId: string) =>
  sql`select g.*, ${dialect === 'postgres' ? sql`g.score::jsonb` : sql`g.score`} as doc from games g
      where g.resim_id = ${resimId} and g.test = 0`;

/** ORDER BY the criteria, best first; a missing value ranks below any value, as in the domain. */
const byCriteria = (dialect: Dialect, criteria: readonly ScoreCriterion[]) =>
  sql.join(
    criteria.map((criterion) => sql`${valueOf(dialect, criterion.field)} ${sql.raw(criterion.lowerFirst ? 'asc' : 'desc')} nulls last`),
  );

const notRemoved = sql`(end_reason is null or end_reason <> ${removedReason})`;

export type BestRunRow = {
  email: string;
  score: number | null;
  points: number | null;
  duration_ms: number | null;
  ended_at: string;
  rank: number;
};

/**
 * Each learner's best finished run of a scenario (by email; anonymous runs have none), ranked
 * among those learners; a tie on every criterion goes to the earlier run.
 */
export const findBestRuns = async (db: Database, dialect: Dialect, resimId: string, criteria: readonly ScoreCriterion[]) => {
  const order = byCriteria(dialect, criteria);
  const first = criteria[0]!.field;
  const { rows } = await sql<BestRunRow>`
    select email, score, points, duration_ms, ended_at, rank() over (order by ${order}) as rank
    from (
      select email, doc, ended_at,
        ${valueOf(dialect, first)} as score,
        ${valueOf(dialect, 'points')} as points,
        ${valueOf(dialect, 'durationMs')} as duration_ms,
        row_number() over (partition by email order by ${order}, ended_at, id) as pick
      from (${scoredRuns(dialect, resimId)}) runs
      where email is not null and ended_at is not null and ${notRemoved}
    ) best
    where pick = 1
    order by rank, email`.execute(db);
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
};

export type RunCountRow = { resim_id: string; email: string; runs: number; finished: number };

/** How many runs each learner known by email has of each scenario, and how many of them finished. */
export const countRunsByLearner = async (db: Database, resimIds: readonly string[]): Promise<RunCountRow[]> =>
  resimIds.length === 0
    ? []
    : (
        await sql<RunCountRow>`
          select resim_id, email, count(*) as runs, count(ended_at) as finished from games
          where resim_id in (${sql.join(resimIds)}) and test = 0 and email is not null and ${notRemoved}
          group by resim_id, email`.execute(db)
      ).rows.map((row) => ({ ...row, runs: Number(row.runs), finished: Number(row.finished) }));

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

/** Every learner known by email: the space's own and any who played one of its scenarios signed in, in order. */
export const findLearnerEmails = async (db: Database, spaceId: string, resimIds: readonly string[]): Promise<string[]> => {
  const played =
    resimIds.length === 0
      ? sql``
      : sql`union select email from games where resim_id in (${sql.join(resimIds)}) and test = 0 and email is not null and ${notRemoved}`;
  const { rows } = await sql<{ email: string }>`
    select email from space_learners where space_id = ${spaceId} ${played} order by email`.execute(db);
  return rows.map((row) => row.email);
};

export type OpeningRunRow = {
  instance_id: string;
  nickname: string;
  email: string | null;
  score: number | null;
  points: number | null;
  duration_ms: number | null;
  started_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
  created_at: string;
  rank: number | null;
};

/** Every run of a scenario by opening; the finished ones (not removed) ranked within their opening. */
export const findOpeningRuns = async (db: Database, dialect: Dialect, resimId: string, criteria: readonly ScoreCriterion[]) => {
  const order = byCriteria(dialect, criteria);
  const { rows } = await sql<OpeningRunRow>`
    select instance_id, nickname, email, started_at, ended_at, end_reason, created_at,
      ${valueOf(dialect, criteria[0]!.field)} as score,
      ${valueOf(dialect, 'points')} as points,
      ${valueOf(dialect, 'durationMs')} as duration_ms,
      case when ranked = 1 then rank() over (partition by instance_id, ranked order by ${order}) end as rank
    from (
      select runs.*, case when ended_at is not null and ${notRemoved} then 1 else 0 end as ranked
      from (${scoredRuns(dialect, resimId)}) runs
    ) openings
    order by instance_id, ranked desc, rank, created_at, id`.execute(db);
  return rows.map((row) => ({ ...row, rank: row.rank === null ? null : Number(row.rank) }));
};
