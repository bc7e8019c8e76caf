import type { Kysely } from 'kysely';

/**
 * Which server process holds each learner's socket, so that Monitoring shows a learner connected
 * whichever process serves the console; a process that stops beating is no longer believed.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('socket_servers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('run_connections')
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('server_id', 'text', (c) => c.notNull().references('socket_servers.id').onDelete('cascade'))
    .addColumn('since', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('run_connections_pk', ['game_id', 'server_id'])
    .execute();
  await db.schema.createIndex('run_connections_server').on('run_connections').column('server_id').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('run_connections').execute();
  await db.schema.dropTable('socket_servers').execute();
};
