import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

/**
 * Runs a start's writes (migrations, the first seeding) for one process at a time: processes
 * started together on one PostgreSQL database would otherwise each find it empty and seed it.
 * The lock is PostgreSQL's session advisory lock, held on a connection kept aside for it, per
 * schema (so that products sharing a database do not wait for each other), and freed if the
 * process dies. SQLite serialises writers by itself.
 */
export const oneStartAtATime = async <T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> => {
  if (handle.dialect !== 'postgres') return work();
  const key = `resim start ${handle.schema ?? 'public'}`;
  return handle.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
};
