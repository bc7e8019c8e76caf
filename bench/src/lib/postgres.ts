import pg from 'pg';
import { stopAll } from './child-processes';

const reachable = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
};

/**
 * Runs `measure` in a schema of its own on the PostgreSQL at `url`, dropped afterwards once the
 * servers that use it are stopped (by `stopServers`: every child of the run, unless told otherwise).
 * Answers why it was skipped when PostgreSQL is not reachable.
 */
export const inPostgresSchema = async <T>(
  url: string,
  prefix: string,
  measure: (schema: string) => Promise<T>,
  stopServers: () => Promise<void> = stopAll,
): Promise<{ value: T } | { skipped: string }> => {
  if (!(await reachable(url))) {
    const skipped = `PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//')} was not reachable: not measured in this run.`;
    console.log(skipped);
    return { skipped };
  }
  const schema = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    return { value: await measure(schema) };
  } finally {
    await stopServers();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
};
