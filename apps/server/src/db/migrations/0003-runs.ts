import type { Kysely } from 'kysely';
import { newJoinCode } from '../../lib/join-code';

/**
 * Runs (DESIGN 6): every scenario gets a join code; a game is one learner's run in an instance
 * (a live session or a self-paced opening); its events are the audit trail it is replayed from.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('resims').addColumn('code', 'text').execute();
  const anyDb = db as Kysely<{ resims: { id: string; code: string | null } }>;
  for (const row of await anyDb.selectFrom('resims').select('id').execute()) {
    await anyDb.updateTable('resims').set({ code: newJoinCode() }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('resims_code').unique().on('resims').column('code').execute();

  await db.schema
    .createTable('games')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('resim_id', 'text', (c) => c.notNull().references('resims.id').onDelete('cascade'))
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('run_token_hash', 'text')
    .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text')
    .addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points', 'double precision')
    .addColumn('score', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('games_resim_instance').on('games').columns(['resim_id', 'instance_id']).execute();
  // One run per signed-in learner per opening; anonymous runs have no user and do not collide.
  await db.schema.createIndex('games_learner').unique().on('games').columns(['resim_id', 'instance_id', 'user_id']).execute();

  await db.schema
    .createTable('run_events')
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('run_events_pk', ['game_id', 'seq'])
    .execute();

  await db.schema
    .createTable('session_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('resim_id', 'text', (c) => c.notNull().references('resims.id').onDelete('cascade'))
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_messages_instance').on('session_messages').columns(['resim_id', 'instance_id']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('session_messages').execute();
  await db.schema.dropTable('run_events').execute();
  await db.schema.dropTable('games').execute();
  await db.schema.dropIndex('resims_code').execute();
  await db.schema.alterTable('resims').dropColumn('code').execute();
};
