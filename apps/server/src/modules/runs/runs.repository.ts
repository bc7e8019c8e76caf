import type { Database } from '../../db/database';
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

/** A scenario's runs, newest first; authors' previews are not among them. */
export const findGamesOfResim = (db: Database, resimId: string): Promise<GameRow[]> =>
  db
    .selectFrom('games')
    .selectAll()
    .where('resim_id', '=', resimId)
    .where('instance_id', '!=', previewInstanceId(resimId))
    .orderBy('created_at', 'desc')
    .execute();

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
 * Stores a run's new state with its event only if no other event came first (the count is
 * unchanged); false otherwise, and then nothing is written.
 */
export const appendEvent = (
  db: Database,
  options: {
    game: Pick<GameRow, 'id' | 'event_count'>;
    event: RunEventRow;
    changes: Partial<GameRow>;
    /** what else the step changes, written only with it (before the event itself is inserted) */
    alongside?: (trx: Database) => Promise<void>;
  },
): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('games')
      .set({ ...options.changes, event_count: options.game.event_count + 1 })
      .where('id', '=', options.game.id)
      .where('event_count', '=', options.game.event_count)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await options.alongside?.(trx);
    await trx.insertInto('run_events').values(options.event).execute();
    return true;
  });

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

export const updateGame = (db: Database, id: string, changes: Partial<GameRow>) =>
  db.updateTable('games').set(changes).where('id', '=', id).execute();

/** Starts a lobby run, unless its learner's first step started it already. */
export const startGame = (db: Database, id: string, changes: Pick<GameRow, 'state' | 'started_at' | 'updated_at'>) =>
  db.updateTable('games').set(changes).where('id', '=', id).where('started_at', 'is', null).execute();

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

export const insertMessage = (db: Database, row: SessionMessageRow) => db.insertInto('session_messages').values(row).execute();

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
