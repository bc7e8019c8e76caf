import type { Kysely } from 'kysely';

/**
 * SPEC 9 priorities (High 1, Low 2) of a scenario, beside its document so Home lists them without
 * reading documents. Scenarios made before have none (null), which ranks between High and Low.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('resims').addColumn('priority', 'integer').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('resims').dropColumn('priority').execute();
};
