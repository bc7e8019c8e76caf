import { sql, type Kysely } from 'kysely';

/**
 * A presenter message is stored once per session, whatever the retries: a host sending again after an
 * answer lost (the database away after the message was stored) gives the same id, and must not add
 * it twice. Copies stored before this are dropped, the first kept. The new index serves whatever the
 * old one did.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    delete from session_messages
    where exists (
      select 1 from session_messages earlier
      where earlier.resim_id = session_messages.resim_id
        and earlier.instance_id = session_messages.instance_id
        and earlier.message_id = session_messages.message_id
        and (earlier.created_at < session_messages.created_at
          or (earlier.created_at = session_messages.created_at and earlier.id < session_messages.id))
    )`.execute(db);
  await db.schema
    .createIndex('session_messages_once')
    .unique()
    .on('session_messages')
    .columns(['resim_id', 'instance_id', 'message_id'])
    .execute();
  await db.schema.dropIndex('session_messages_instance').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.createIndex('session_messages_instance').on('session_messages').columns(['resim_id', 'instance_id']).execute();
  await db.schema.dropIndex('session_messages_once').execute();
};
