import { sql, type RawBuilder } from 'kysely';
import type { Database, Dialect } from '../../db/database';
import { removedReason } from '../runs/game-records';
import { previewInstanceId } from '../runs/phase';

/**
 * The learners' flow read from the database: the counts the steps added to (flow_counts), the
 * runs' stored state grouped by stage, and the unfinished runs' steps, so that only one row per
 * item or per edge comes back, however many steps the learners took.
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
 * Every action run and conclusion confirmed by the runs still going, one row per item, numbered
 * by the learner's step: conclusions confirmed together share their step.
 */
const unfinishedSteps = (dialect: Dialect, scope: FlowScope) => {
  const runs = sql`${counted(scope)} and g.ended_at is null`;
  return sql`
  select game_id, item, dense_rank() over (partition by game_id order by seq) as step
  from (
    select e.game_id, e.seq, ${actionOf(dialect)} as item
    from run_events e inner join games g on g.id = e.game_id
    where e.type = 'runAction' and ${runs}
    union all
    select e.game_id, e.seq, j.value as item
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

/** Learners who reached each stage (the stages their run has unlocked). */
export const countStages = async (db: Database, dialect: Dialect, scope: FlowScope): Promise<ItemCountRow[]> => {
  const { rows } = await sql<{ item: string; learners: number | string }>`
    select j.value as item, count(distinct g.id) as learners
    from games g, ${elementsOf(dialect, sql`g.state`, 'unlocked')}
    where g.state is not null and ${counted(scope)}
    group by j.value`.execute(db);
  return rows.map((row) => ({ kind: 'stage', item: row.item, learners: asNumber(row.learners) }));
};

export type TransitionRow = { from: string | null; to: string; count: number };

/**
 * Learners who ran each action and confirmed each conclusion, and what they did after each step
 * (from null: their first step), read from the counts their steps added to.
 */
export const readStepCounts = async (db: Database, scope: FlowScope): Promise<{ items: ItemCountRow[]; transitions: TransitionRow[] }> => {
  const rows = await db
    .selectFrom('flow_counts')
    .select(['kind', 'source', 'target', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('resim_id', '=', scope.resimId)
    .$if(scope.instanceId !== undefined, (query) => query.where('instance_id', '=', scope.instanceId!))
    .groupBy(['kind', 'source', 'target'])
    .having((eb) => eb.fn.sum('count'), '>', 0)
    .execute();
  const items: ItemCountRow[] = [];
  const transitions: TransitionRow[] = [];
  for (const row of rows) {
    const count = asNumber(row.count);
    if (row.kind === 'edge') transitions.push({ from: row.source === '' ? null : row.source, to: row.target, count });
    else items.push({ kind: row.kind as 'action' | 'conclusion', item: row.target, learners: count });
  }
  return { items, transitions };
};

export type StallRow = { item: string | null; learners: number };

/** Where unfinished runs stand: the items of their last step, or null for runs with no step yet. */
export const countStalls = async (db: Database, dialect: Dialect, scope: FlowScope): Promise<StallRow[]> => {
  const { rows } = await sql<{ item: string | null; learners: number | string }>`
    with s as (${unfinishedSteps(dialect, scope)}),
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
