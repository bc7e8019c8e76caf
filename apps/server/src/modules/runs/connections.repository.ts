import type { Database } from '../../db/database';

/**
 * Which server process holds each learner's socket (tables socket_servers, run_connections), so
 * that every process can say who is connected; a process whose beat has lapsed is not believed,
 * and the next beat of another forgets it with its connections.
 */

/** Says the process is alive, and forgets the processes whose beat lapsed before `lapsedBefore`. */
export const beat = async (db: Database, serverId: string, now: string, lapsedBefore: string): Promise<void> => {
  await db
    .insertInto('socket_servers')
    .values({ id: serverId, seen_at: now })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ seen_at: now }))
    .execute();
  await db.deleteFrom('socket_servers').where('seen_at', '<', lapsedBefore).execute();
};

export const recordConnection = (db: Database, connection: { gameId: string; serverId: string; since: string }) =>
  db
    .insertInto('run_connections')
    .values({ game_id: connection.gameId, server_id: connection.serverId, since: connection.since })
    .onConflict((conflict) => conflict.columns(['game_id', 'server_id']).doNothing())
    .execute();

export const dropConnection = (db: Database, gameId: string, serverId: string) =>
  db.deleteFrom('run_connections').where('game_id', '=', gameId).where('server_id', '=', serverId).execute();

/** A process stopping forgets itself and its connections. */
export const forgetServer = (db: Database, serverId: string) => db.deleteFrom('socket_servers').where('id', '=', serverId).execute();

/** The runs whose learners hold a socket to another process (than `exceptServer`) seen alive since `aliveSince`. */
export const findConnectedGameIds = async (db: Database, aliveSince: string, exceptServer: string): Promise<string[]> =>
  (
    await db
      .selectFrom('run_connections')
      .innerJoin('socket_servers', 'socket_servers.id', 'run_connections.server_id')
      .select('run_connections.game_id')
      .distinct()
      .where('socket_servers.seen_at', '>=', aliveSince)
      .where('run_connections.server_id', '!=', exceptServer)
      .execute()
  ).map((row) => row.game_id);
