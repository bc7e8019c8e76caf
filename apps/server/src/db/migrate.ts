import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001-initial';

/** Migrations are imported, not read from disk, so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export type MigrationReport = { applied: string[] };

export const migrateToLatest = async <T>(db: Kysely<T>): Promise<MigrationReport> => {
  // Migrations see the schema as it was then, not today's table types.
  const migrator = new Migrator({ db: db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
};
