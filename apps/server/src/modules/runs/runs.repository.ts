import { PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db/database';
import { yieldToLoop } from '../../lib/slices';
import type { GameRow, RunEventRow, SessionMessageRow } from '../../db/schema';
import { previewInstanceId } from './phase';

export const findGame = (db: Database, id: string): Promise<GameRow | undefined> =>
  db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();

export const findLearnerGame = (db: Database, resimId: string, instanceId: string, userId: string): Promise<GameRow | undefined> =>
  db
    .selectFrom('games')
    .selectAll()
    .where('resim_id', '=', resimId)
    .where('instance_id', '=', instanceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const findGamesOfInstance = (db: Database, resimId: string, instanceId: string): Promise<GameRow[]> =>
  db.selectFrom('games').selectAll().where('resim_id', '=', resimId).where('instance_id', '=', instanceId).execute();

/** The openings a scenario's runs belong to (its Test Mode's among them, authors' previews not). */
export const findInstanceIdsOfResim = async (db: Database, resimId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('games')
      .select('instance_id')
      .distinct()
      .where('resim_id', '=', resimId)
      .where('instance_id', '!=', previewInstanceId(resimId))
      .execute()
  ).map((row) => row.instance_id);

export const findGamesOfUser = (db: Database, userId: string): Promise<GameRow[]> =>
  db.selectFrom('games').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();

/** Removes a run with its events (an author's earlier preview). */
export const deleteGame = (db: Database, id: string) =>
  db.transaction().execute(async (trx) => {
    await trx.deleteFrom('run_events').where('game_id', '=', id).execute();
    await trx.deleteFrom('games').where('id', '=', id).execute();
  });

export const insertGame = (db: Database, row: GameRow) => db.insertInto('games').values(row).execute();

/**
 * Inserts a learner's new run unless it collides with another in its opening: the same signed-in
 * learner's, or one that claimed the same nickname (then nothing is written and false answered).
 */
export const insertGameIfFree = async (db: Database, row: GameRow): Promise<boolean> => {
  const result = await db
    .insertInto('games')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
};

/** An anonymous learner's run of an opening, found by the hash of the token they resume with. */
export const findGameByToken = (db: Database, resimId: string, instanceId: string, tokenHash: string): Promise<GameRow | undefined> =>
  db
    .selectFrom('games')
    .selectAll()
    .where('run_token_hash', '=', tokenHash)
    .where('resim_id', '=', resimId)
    .where('instance_id', '=', instanceId)
    .executeTakeFirst();

/** Up to `limit` runs of an opening after the run id `after`, in id order: an opening read a page at a time. */
export const findGamesOfInstancePage = (
  db: Database,
  options: { resimId: string; instanceId: string; after: string; limit: number; running?: boolean },
): Promise<GameRow[]> =>
  db
    .selectFrom('games')
    .selectAll()
    .where('resim_id', '=', options.resimId)
    .where('instance_id', '=', options.instanceId)
    .where('id', '>', options.after)
    .$if(options.running === true, (query) => query.where('state', 'is not', null).where('ended_at', 'is', null))
    .orderBy('id')
    .limit(options.limit)
    .execute();

/** Ids counted a page at a time. */
const countPage = 2000;

/**
 * How many runs of an opening are under way (started, not ended), or waiting in its lobby. Counted
 * a page of ids at a time, letting the event loop go between pages: on SQLite one count of an
 * opening of 10,000 runs held the loop for 12 ms at a Stop.
 */
export const countGames = async (db: Database, resimId: string, instanceId: string, which: 'running' | 'waiting'): Promise<number> => {
  let count = 0;
  for (let after = ''; ;) {
    const ids = await db
      .selectFrom('games')
      .select('id')
      .where('resim_id', '=', resimId)
      .where('instance_id', '=', instanceId)
      .where('id', '>', after)
      .$if(which === 'running', (query) => query.where('state', 'is not', null))
      .$if(which === 'waiting', (query) => query.where('started_at', 'is', null))
      .where('ended_at', 'is', null)
      .orderBy('id')
      .limit(countPage)
      .execute();
    count += ids.length;
    if (ids.length < countPage) return count;
    after = ids.at(-1)!.id;
    await yieldToLoop();
  }
};

/**
 * Starts up to `limit` runs still waiting in an opening's lobby, unless a learner's first step
 * started one already; answers how many it started. Called again until it answers 0, so that no
 * single statement holds the database for a whole large session.
 */
export const startLobbyRuns = async (
  db: Database,
  options: { resimId: string; instanceId: string; limit: number; changes: Pick<GameRow, 'state' | 'started_at' | 'updated_at'> },
): Promise<number> => {
  const waiting = (eb: Database) =>
    eb
      .selectFrom('games')
      .select('id')
      .where('resim_id', '=', options.resimId)
      .where('instance_id', '=', options.instanceId)
      .where('started_at', 'is', null)
      .where('ended_at', 'is', null)
      .limit(options.limit);
  const result = await db
    .updateTable('games')
    .set(options.changes)
    .where('id', 'in', waiting(db))
    .where('started_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/** Starts the lobby runs of the learners named with the state given: answers the ids of the runs started. */
export const startLearnersLobbyRuns = async (
  db: Database,
  options: {
    resimId: string;
    instanceId: string;
    emails: readonly string[];
    changes: Pick<GameRow, 'state' | 'started_at' | 'updated_at'>;
  },
): Promise<string[]> => {
  const rows = await db
    .updateTable('games')
    .set(options.changes)
    .where('resim_id', '=', options.resimId)
    .where('instance_id', '=', options.instanceId)
    .where('email', 'in', [...options.emails])
    .where('started_at', 'is', null)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
};

/**
 * Marks a run removed by the host, once; `alongside` runs in the same transaction only when this
 * call is the one that removed it.
 */
export const removeGame = (
  db: Database,
  id: string,
  changes: Pick<GameRow, 'ended_at' | 'end_reason' | 'updated_at'>,
  alongside: (trx: Database) => Promise<void>,
) =>
  db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('games')
      .set(changes)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('end_reason', 'is', null), eb('end_reason', '!=', changes.end_reason)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) await alongside(trx);
  });

/** Stores what a run's state became without a step (a time limit ended it), unless the run moved on since it was read. */
export const settleGame = async (db: Database, game: { id: string; eventCount: number }, changes: Partial<GameRow>): Promise<boolean> => {
  const result = await db
    .updateTable('games')
    .set(changes)
    .where('id', '=', game.id)
    .where('event_count', '=', game.eventCount)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const findEventsOfGame = (db: Database, gameId: string): Promise<RunEventRow[]> =>
  db.selectFrom('run_events').selectAll().where('game_id', '=', gameId).orderBy('seq').execute();

export type AuditRow = RunEventRow & { nickname: string };

/** Where a page of the audit trail ends: the last step's place in the trail's order. */
export type AuditPosition = { readonly at: string; readonly gameId: string; readonly seq: number };

const eventsOfResim = (db: Database, resimId: string, instanceId: string | undefined) =>
  db
    .selectFrom('run_events')
    .innerJoin('games', 'games.id', 'run_events.game_id')
    .where('games.resim_id', '=', resimId)
    .where('games.instance_id', '!=', previewInstanceId(resimId))
    .$if(instanceId !== undefined, (query) => query.where('games.instance_id', '=', instanceId!));

/**
 * The scenario's learner events, or those of one opening when `instanceId` is given, in time
 * order; `after` continues past a step, so that pages neither repeat nor skip a step.
 */
export const findEventsOfResim = (
  db: Database,
  options: { resimId: string; instanceId?: string; after?: AuditPosition; limit: number },
): Promise<AuditRow[]> => {
  const { after } = options;
  return eventsOfResim(db, options.resimId, options.instanceId)
    .select(['run_events.game_id', 'run_events.seq', 'run_events.type', 'run_events.payload', 'run_events.at', 'games.nickname'])
    .$if(after !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb('run_events.at', '>', after!.at),
          eb.and([eb('run_events.at', '=', after!.at), eb('run_events.game_id', '>', after!.gameId)]),
          eb.and([
            eb('run_events.at', '=', after!.at),
            eb('run_events.game_id', '=', after!.gameId),
            eb('run_events.seq', '>', after!.seq),
          ]),
        ]),
      ),
    )
    .orderBy('run_events.at')
    .orderBy('run_events.game_id')
    .orderBy('run_events.seq')
    .limit(options.limit)
    .execute();
};

export const countEventsOfResim = async (db: Database, resimId: string, instanceId?: string): Promise<number> =>
  Number(
    (
      await eventsOfResim(db, resimId, instanceId)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Stores the message unless its session has one of that id already; answers the one stored. */
export const insertMessageOnce = async (db: Database, row: SessionMessageRow): Promise<SessionMessageRow> => {
  const inserted = await db
    .insertInto('session_messages')
    .values(row)
    .onConflict((conflict) => conflict.columns(['resim_id', 'instance_id', 'message_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  // Read back only when it was there already (sent again).
  return (
    inserted ??
    db
      .selectFrom('session_messages')
      .selectAll()
      .where('resim_id', '=', row.resim_id)
      .where('instance_id', '=', row.instance_id)
      .where('message_id', '=', row.message_id)
      .executeTakeFirstOrThrow()
  );
};

export const findMessages = (db: Database, resimId: string, instanceId: string): Promise<SessionMessageRow[]> =>
  db
    .selectFrom('session_messages')
    .selectAll()
    .where('resim_id', '=', resimId)
    .where('instance_id', '=', instanceId)
    .orderBy('created_at')
    .execute();

export const isLocked = async (db: Database, resimId: string, instanceId: string): Promise<boolean> =>
  (await db
    .selectFrom('locked_openings')
    .select('instance_id')
    .where('resim_id', '=', resimId)
    .where('instance_id', '=', instanceId)
    .executeTakeFirst()) !== undefined;

/**
 * The runs of an opening under way whose stored state has a time allowance (a JSON object; runs
 * without one store null): the few a Stop must ask the host about, found without reading the rest.
 */
export const findAllowedRunningGames = (db: Database, resimId: string, instanceId: string): Promise<GameRow[]> =>
  db
    .selectFrom('games')
    .selectAll()
    .where('resim_id', '=', resimId)
    .where('instance_id', '=', instanceId)
    .where('ended_at', 'is', null)
    .where('state', 'like', '%"allowance":{%')
    .execute();

/** Whether a Stop of the opening spared the runs within their extra time: the next Stop ends them all. */
export const isSpared = async (db: Database, resimId: string, instanceId: string): Promise<boolean> =>
  (await db
    .selectFrom('spared_openings')
    .select('instance_id')
    .where('resim_id', '=', resimId)
    .where('instance_id', '=', instanceId)
    .executeTakeFirst()) !== undefined;

export const markSpared = (db: Database, row: { resim_id: string; instance_id: string; spared_at: string }) =>
  db
    .insertInto('spared_openings')
    .values(row)
    .onConflict((conflict) => conflict.columns(['resim_id', 'instance_id']).doNothing())
    .execute();

/** Locking twice keeps the first moment; unlocking an open lobby changes nothing. */
export const setLocked = async (db: Database, row: { resim_id: string; instance_id: string; locked_at: string }, locked: boolean) => {
  if (locked)
    await db
      .insertInto('locked_openings')
      .values(row)
      .onConflict((conflict) => conflict.columns(['resim_id', 'instance_id']).doNothing())
      .execute();
  else await db.deleteFrom('locked_openings').where('resim_id', '=', row.resim_id).where('instance_id', '=', row.instance_id).execute();
};

/** Each opening's learners counted, and the average points of those finished; test runs counted apart. */
export type OpeningCounts = {
  instance_id: string;
  players: number;
  playing: number;
  finished: number;
  average_points: number | null;
  test_runs: number;
};

/**
 * A scenario's openings counted in one statement, as the dashboard shows them: learners (not
 * test runs, not removed by the host), those playing, those finished and their average points
 * (from each finished run's stored score). Authors' previews are left out.
 */
export const countOpenings = async (db: Database, resimId: string): Promise<OpeningCounts[]> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const points = postgres ? sql`(score::jsonb ->> 'points')::double precision` : sql`json_extract(score, '$.points')`;
  const learner = sql`test = 0 and (end_reason is null or end_reason <> 'removed')`;
  const rows = await db
    .selectFrom('games')
    .select([
      'instance_id',
      sql<number | string>`sum(case when ${learner} then 1 else 0 end)`.as('players'),
      sql<number | string>`sum(case when ${learner} and started_at is not null and ended_at is null then 1 else 0 end)`.as('playing'),
      sql<number | string>`sum(case when ${learner} and ended_at is not null then 1 else 0 end)`.as('finished'),
      sql<number | string | null>`avg(case when ${learner} and ended_at is not null then ${points} end)`.as('average_points'),
      sql<number | string>`sum(test)`.as('test_runs'),
    ])
    .where('resim_id', '=', resimId)
    .where('instance_id', '!=', previewInstanceId(resimId))
    .groupBy('instance_id')
    .execute();
  return rows.map((row) => ({
    instance_id: row.instance_id,
    players: Number(row.players),
    playing: Number(row.playing),
    finished: Number(row.finished),
    average_points: row.average_points === null ? null : Number(row.average_points),
    test_runs: Number(row.test_runs),
  }));
};
