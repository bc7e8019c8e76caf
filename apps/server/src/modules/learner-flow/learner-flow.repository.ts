import { sql, type RawBuilder } from 'kysely';
import type { Database, Dialect } from '../../db/database';
import { removedReason } from '../runs/game-records';
import { previewInstanceId } from '../runs/phase';

/**
 * The learners' flow counted in the database: each query groups the audit trail (run_events)
 * or the runs' stored state, so that only one row per item or per edge comes back, however
 * many steps the learners took.
 */

export type FlowScope = { readonly resimId: string; readonly instanceId: string | undefined };

/** The learners' runs of the scope: not Test Mode, not previews, not removed by the host. */
const counted = (scope: FlowScope) => sql`
  g.resim_id = ${scope.resimId}
  and g.instance_id <> ${previewInstanceId(scope.resimId)}
  and g.test = 0
  and (g.end_reason is null or g.end_reason <> ${removedReason})
  ${scope.instanceId === undefined ? sql`` : sql`and g.instance_id = ${scope.instanceId}`}`;

// Each dialect reads the JSON text columns its own way; both give one row per array element.
const actionOf = (dialect: Dialect): RawBuilder<string> =>
  dialect === 'postgres' ? sql`(e.payload::jsonb ->> 'actionId')` : sql`json_extract(e.payload, '$.actionId')`;
const elementsOf = (dialect: Dialect, column: RawBuilder<unknown>, key: string) =>
  dialect === 'postgres'
    ? sql`jsonb_array_elements_text(${column}::jsonb -> ${sql.lit(key)}) as j(value)`
    : sql`json_each(${column}, ${sql.lit(`$.${key}`)}) as j`;

/**
 * Every action run and conclusion confirmed, one row per item, numbered by the learner's step:
 * conclusions confirmed together share their step. `unfinished` keeps the runs still going only,
 * so that asking where runs stand reads none of the finished runs' steps.
 */
const steps = (dialect: Dialect, scope: FlowScope, { unfinished = false } = {}) => {
  const runs = unfinished ? sql`${counted(scope)} and g.ended_at is null` : counted(scope);
  return sql`
  select game_id, kind, item, dense_rank() over (partition by game_id order by seq) as step
  from (
    select e.game_id, e.seq, 'action' as kind, ${actionOf(dialect)} as item
    from run_events e inner join games g on g.id = e.game_id
    where e.type = 'runAction' and ${runs}
    union all
    select e.game_id, e.seq, 'conclusion' as kind, j.value as item
    from run_events e inner join games g on g.id = e.game_id, ${elementsOf(dialect, sql`e.payload`, 'conclusionIds')}
    where e.type = 'confirmConclusions' and ${runs}
  ) items`;
};

const asNumber = (value: number | string) => Number(value);

export type RunCounts = { runs: number; finished: number };

export const countRuns = async (db: Database, scope: FlowScope): Promise<RunCounts> => {
  const { rows } = await sql<{ runs: number | string; finished: number | string | null }>`
    select count(*) as runs, sum(case when g.ended_at is null then 0 else 1 end) as finished
    from games g where ${counted(scope)}`.execute(db);
  return { runs: asNumber(rows[0]?.runs ?? 0), finished: asNumber(rows[0]?.finished ?? 0) };
};

export type ItemCountRow = { kind: 'stage' | 'action' | 'conclusion'; item: string; learners: number };

/** Learners who reached each stage (the stages their run has unlocked), ran each action, confirmed each conclusion. */
export const countItems = async (db: Database, dialect: Dialect, scope: FlowScope): Promise<ItemCountRow[]> => {
  const { rows } = await sql<{ kind: ItemCountRow['kind']; item: string; learners: number | string }>`
    select 'stage' as kind, j.value as item, count(distinct g.id) as learners
    from games g, ${elementsOf(dialect, sql`g.state`, 'unlocked')}
    where g.state is not null and ${counted(scope)}
    group by j.value
    union all
    select kind, item, count(distinct game_id) as learners
    from (${steps(dialect, scope)}) s
    group by kind, item`.execute(db);
  return rows.map((row) => ({ kind: row.kind, item: row.item, learners: asNumber(row.learners) }));
};

export type TransitionRow = { from: string | null; to: string; count: number };

/** What learners did after each step (from null: their first step), counted per pair of items. */
export const countTransitions = async (db: Database, dialect: Dialect, scope: FlowScope): Promise<TransitionRow[]> => {
  const { rows } = await sql<{ source: string | null; target: string; count: number | string }>`
    with s as (${steps(dialect, scope)})
    select a.item as source, b.item as target, count(*) as count
    from s a inner join s b on b.game_id = a.game_id and b.step = a.step + 1
    group by a.item, b.item
    union all
    select null as source, item as target, count(*) as count from s where step = 1 group by item`.execute(db);
  return rows.map((row) => ({ from: row.source, to: row.target, count: asNumber(row.count) }));
};

export type StallRow = { item: string | null; learners: number };

/** Where unfinished runs stand: the items of their last step, or null for runs with no step yet. */
export const countStalls = async (db: Database, dialect: Dialect, scope: FlowScope): Promise<StallRow[]> => {
  const { rows } = await sql<{ item: string | null; learners: number | string }>`
    with s as (${steps(dialect, scope, { unfinished: true })}),
    last as (select game_id, max(step) as step from s group by game_id)
    select s.item as item, count(*) as learners
    from s inner join last on last.game_id = s.game_id and last.step = s.step
    group by s.item
    union all
    select null as item, count(*) as learners
    from games g
    where g.ended_at is null and ${counted(scope)} and not exists (select 1 from s where s.game_id = g.id)
    having count(*) > 0`.execute(db);
  return rows.map((row) => ({ item: row.item, learners: asNumber(row.learners) }));
};
