import type { IntelPeriod } from '@resim/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Database, Dialect } from '../../db/database';
import { readJson } from '../../lib/json';
import { removedReason } from '../runs/game-records';

/**
 * The figures of Intel computed in the database, grouped there (but for what runs did, see
 * `countDone`), over the learners' runs that started in the chosen days: Test Mode runs, previews and runs whose learner was removed are
 * not counted. Final values and what a run did are read from its stored score and state (JSON).
 */

export type RunFilter = {
  readonly resimIds: readonly string[];
  /** the first day, YYYY-MM-DD */
  readonly from: string | null;
  /** the day after the last, YYYY-MM-DD */
  readonly before: string | null;
};

const counted = (filter: RunFilter): RawBuilder<unknown> =>
  sql.join(
    [
      sql`g.resim_id in (${sql.join([...filter.resimIds])})`,
      sql`g.test = 0`,
      sql`g.instance_id not like 'preview-%'`,
      sql`(g.end_reason is null or g.end_reason <> ${removedReason})`,
      sql`g.started_at is not null`,
      ...(filter.from ? [sql`g.started_at >= ${filter.from}`] : []),
      ...(filter.before ? [sql`g.started_at < ${filter.before}`] : []),
    ],
    sql` and `,
  );

const finished = sql`g.ended_at is not null`;

export type CountRow = { key: string; started: number; finished: number; openings: number };

const toCounts = (rows: readonly Record<string, unknown>[]): CountRow[] =>
  rows.map((row) => ({
    key: String(row['key']),
    started: Number(row['started']),
    finished: Number(row['finished']),
    openings: Number(row['openings']),
  }));

/** Runs started and finished, and openings, per scenario. */
export const countByScenario = async (db: Database, filter: RunFilter): Promise<CountRow[]> => {
  if (filter.resimIds.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select g.resim_id as key, count(*) as started, count(g.ended_at) as finished, count(distinct g.instance_id) as openings
    from games g where ${counted(filter)}
    group by g.resim_id`.execute(db);
  return toCounts(rows);
};

const dayOf = sql`substr(g.started_at, 1, 10)`;

/** The day a run started on (UTC), or the Monday of its week, as YYYY-MM-DD. */
const periodOf = (dialect: Dialect, period: IntelPeriod): RawBuilder<string> => {
  if (period === 'day') return sql<string>`${dayOf}`;
  return dialect === 'postgres'
    ? sql<string>`to_char(${dayOf}::date - (extract(isodow from ${dayOf}::date)::int - 1), 'YYYY-MM-DD')`
    : sql<string>`date(${dayOf}, '-6 days', 'weekday 1')`;
};

/** Runs started and finished per day or week they started in (UTC), oldest first. */
export const countByPeriod = async (db: Database, dialect: Dialect, filter: RunFilter, period: IntelPeriod): Promise<CountRow[]> => {
  if (filter.resimIds.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select period as key, count(*) as started, count(ended_at) as finished, count(distinct instance_id) as openings
    from (select ${periodOf(dialect, period)} as period, g.ended_at, g.instance_id from games g where ${counted(filter)}) runs
    group by period
    order by period`.execute(db);
  return toCounts(rows);
};

export type MeasureRow = {
  resim_id: string;
  measure: string;
  runs: number;
  average: number;
  min: number;
  max: number;
  /** the average of the squares, for the spread */
  square_average: number;
};

/** Per scenario and measure, over the finished runs: the count, average, extremes and average square of the final values. */
export const measureStats = async (db: Database, dialect: Dialect, filter: RunFilter): Promise<MeasureRow[]> => {
  if (filter.resimIds.length === 0) return [];
  const [values, value] =
    dialect === 'postgres'
      ? [sql`cross join lateral jsonb_each_text(g.score::jsonb -> 'measures') m(key, value)`, sql`(m.value)::double precision`]
      : [sql`, json_each(g.score, '$.measures') m`, sql`m.value`];
  const { rows } = await sql<MeasureRow>`
    select resim_id, measure, count(v) as runs, avg(v) as average, min(v) as min, max(v) as max, avg(v * v) as square_average from (
      select g.resim_id, m.key as measure, ${value} as v from games g ${values}
      where ${counted(filter)} and ${finished} and g.score is not null
    ) final_values
    where v is not null
    group by resim_id, measure`.execute(db);
  return rows.map((row) => ({
    ...row,
    runs: Number(row.runs),
    average: Number(row.average),
    min: Number(row.min),
    max: Number(row.max),
    square_average: Number(row.square_average),
  }));
};

export type DoneRow = { resim_id: string; kind: 'ran' | 'confirmed'; item: string; runs: number };

// count(*), not count(distinct): the engine refuses an item run or confirmed twice in a run, so
// each (run, item) is one element.
const groupDone = async (db: Database, filter: RunFilter): Promise<DoneRow[]> => {
  const done = (list: 'ran' | 'confirmed') => sql`
    select g.resim_id, ${sql.lit(list)} as kind, i.value as item, count(*) as runs
    from games g cross join lateral jsonb_array_elements_text(g.state::jsonb -> ${list}) i(value)
    where ${counted(filter)} and ${finished} and g.state is not null
    group by g.resim_id, i.value`;
  const { rows } = await sql<DoneRow>`${done('ran')} union all ${done('confirmed')}`.execute(db);
  return rows.map((row) => ({ ...row, runs: Number(row.runs) }));
};

const countListsDone = async (db: Database, filter: RunFilter): Promise<DoneRow[]> => {
  const { rows } = await sql<{ resim_id: string; ran: string | null; confirmed: string | null }>`
    select g.resim_id, json_extract(g.state, '$.ran') as ran, json_extract(g.state, '$.confirmed') as confirmed
    from games g
    where ${counted(filter)} and ${finished} and g.state is not null`.execute(db);
  const runs = new Map<string, DoneRow>();
  for (const row of rows) {
    for (const kind of ['ran', 'confirmed'] as const) {
      for (const item of readJson<string[]>(row[kind], [])) {
        const key = `${row.resim_id}\u0000${kind}\u0000${item}`;
        const done = runs.get(key);
        if (done) done.runs += 1;
        else runs.set(key, { resim_id: row.resim_id, kind, item, runs: 1 });
      }
    }
  }
  return [...runs.values()];
};

/**
 * Per scenario, how many finished runs ran each action and confirmed each conclusion. PostgreSQL
 * groups the lists' elements itself; SQLite would sort every element of every run to group them
 * (480,000 for 10,000 runs of 48 tests), so there the database picks the two lists out of each
 * run's state and they are counted here, in a map (Intel of 10,000 runs: 478 → 204 ms, bench/RESULTS.md).
 */
export const countDone = async (db: Database, dialect: Dialect, filter: RunFilter): Promise<DoneRow[]> => {
  if (filter.resimIds.length === 0) return [];
  return dialect === 'postgres' ? groupDone(db, filter) : countListsDone(db, filter);
};

export type FinishedRunRow = { resim_id: string; instance_id: string; points: number | null; ran: readonly string[] };

/**
 * The finished runs of the scenarios asked about, with their points and the actions they ran: what
 * the pass mark of each run's version judges it by.
 */
export const finishedRuns = async (db: Database, dialect: Dialect, filter: RunFilter): Promise<FinishedRunRow[]> => {
  if (filter.resimIds.length === 0) return [];
  const [points, ran] =
    dialect === 'postgres'
      ? [sql`(g.score::jsonb ->> 'points')::double precision`, sql`(g.state::jsonb -> 'ran')::text`]
      : [sql`json_extract(g.score, '$.points')`, sql`json_extract(g.state, '$.ran')`];
  const { rows } = await sql<{ resim_id: string; instance_id: string; points: unknown; ran: string | null }>`
    select g.resim_id, g.instance_id, ${points} as points, ${ran} as ran
    from games g
    where ${counted(filter)} and ${finished}`.execute(db);
  return rows.map((row) => ({
    resim_id: row.resim_id,
    instance_id: row.instance_id,
    points: row.points === null || row.points === undefined ? null : Number(row.points),
    ran: readJson<string[]>(row.ran, []),
  }));
};
