import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The learners' flow kept as counts that each step adds to, so that the flow view reads a few
 * hundred rows however long the audit trail grows (kind 'action' and 'conclusion': learners per
 * item; kind 'edge': steps from `source`, '' for a run's start, to `target`).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('flow_counts')
    .addColumn('resim_id', 'text', (c) => c.notNull().references('resims.id').onDelete('cascade'))
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('flow_counts_pk', ['resim_id', 'instance_id', 'kind', 'source', 'target'])
    .execute();
  await fillFlowCounts(db);
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('flow_counts').execute();
};

/**
 * Counts the runs recorded before the table existed, as the steps would have added them: runs
 * that are not Test Mode, previews or removed by the host; each step numbered within its run,
 * conclusions confirmed together sharing their step.
 */
export const fillFlowCounts = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const action = postgres ? sql`(e.payload::jsonb ->> 'actionId')` : sql`json_extract(e.payload, '$.actionId')`;
  const conclusions = postgres
    ? sql`jsonb_array_elements_text(e.payload::jsonb -> 'conclusionIds') as j(value)`
    : sql`json_each(e.payload, '$.conclusionIds') as j`;
  const counted = sql`g.test = 0 and g.instance_id not like 'preview-%' and (g.end_reason is null or g.end_reason <> 'removed')`;
  await sql`
    insert into flow_counts (resim_id, instance_id, kind, source, target, count)
    with items as (
      select e.game_id, e.seq, 'action' as kind, ${action} as item
      from run_events e inner join games g on g.id = e.game_id
      where e.type = 'runAction' and ${counted}
      union all
      select e.game_id, e.seq, 'conclusion' as kind, j.value as item
      from run_events e inner join games g on g.id = e.game_id, ${conclusions}
      where e.type = 'confirmConclusions' and ${counted}
    ),
    steps as (select game_id, kind, item, dense_rank() over (partition by game_id order by seq) as step from items),
    counts as (
      select game_id, kind, '' as source, item as target from steps
      union all
      select a.game_id, 'edge' as kind, a.item as source, b.item as target
      from steps a inner join steps b on b.game_id = a.game_id and b.step = a.step + 1
      union all
      select game_id, 'edge' as kind, '' as source, item as target from steps where step = 1
    )
    select g.resim_id, g.instance_id, c.kind, c.source, c.target, count(*)
    from counts c inner join games g on g.id = c.game_id
    group by g.resim_id, g.instance_id, c.kind, c.source, c.target`.execute(db);
};
