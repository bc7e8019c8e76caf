import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database';
import type { AllocationRow, SpaceLearnerRow, UserRow } from '../../db/schema';

/**
 * Rows per statement: large cohorts are written in batches that stay under SQLite's and
 * PostgreSQL's limits on bound parameters.
 */
const batchRows = 1000;

export const inBatches = async <T>(items: readonly T[], run: (batch: T[]) => Promise<unknown>, size = batchRows) => {
  for (let start = 0; start < items.length; start += size) await run(items.slice(start, start + size));
};

export const findLearners = (db: Database, spaceId: string): Promise<SpaceLearnerRow[]> =>
  db.selectFrom('space_learners').selectAll().where('space_id', '=', spaceId).orderBy('email').execute();

/** The learners of a space among the emails given. */
export const findLearnersByEmail = async (db: Database, spaceId: string, emails: readonly string[]): Promise<SpaceLearnerRow[]> => {
  const found: SpaceLearnerRow[] = [];
  await inBatches(emails, async (batch) => {
    found.push(
      ...(await db.selectFrom('space_learners').selectAll().where('space_id', '=', spaceId).where('email', 'in', batch).execute()),
    );
  });
  return found;
};

export const insertLearners = (db: Database, rows: readonly SpaceLearnerRow[]) =>
  inBatches(rows, (batch) => db.insertInto('space_learners').values(batch).execute(), 500);

/** Gives each of the learners named the same tags. */
export const setTags = (db: Database, spaceId: string, emails: readonly string[], tags: string, now: string) =>
  inBatches(emails, (batch) =>
    db.updateTable('space_learners').set({ tags, updated_at: now }).where('space_id', '=', spaceId).where('email', 'in', batch).execute(),
  );

export const markSent = (db: Database, spaceId: string, emails: readonly string[], column: 'invited_at' | 'reminded_at', now: string) =>
  inBatches(emails, (batch) =>
    db
      .updateTable('space_learners')
      .set({ [column]: now })
      .where('space_id', '=', spaceId)
      .where('email', 'in', batch)
      .execute(),
  );

export const deleteLearners = (db: Database, spaceId: string, emails: readonly string[]) =>
  inBatches(emails, async (batch) => {
    // Allocations go first: PostgreSQL and SQLite both cascade, but explicitly keeps it one statement each.
    await db.deleteFrom('allocations').where('space_id', '=', spaceId).where('email', 'in', batch).execute();
    await db.deleteFrom('space_learners').where('space_id', '=', spaceId).where('email', 'in', batch).execute();
  });

export const findAllocations = (db: Database, spaceId: string): Promise<AllocationRow[]> =>
  db.selectFrom('allocations').selectAll().where('space_id', '=', spaceId).orderBy('email').orderBy('resim_id').execute();

/**
 * Gives every learner named every scenario named, leaving allocations already there as they
 * are. The database makes the pairs from two lists (10,000 learners × 10 scenarios is one
 * statement, not 100,000 rows of parameters).
 */
export const insertAllocations = async (
  db: Database,
  dialect: Dialect,
  options: { spaceId: string; emails: readonly string[]; resimIds: readonly string[]; now: string },
) => {
  const { spaceId, emails, resimIds, now } = options;
  const pairs =
    dialect === 'postgres'
      ? sql`select ${spaceId}, learner.email, scenario.id, ${now}
            from unnest(${[...emails]}::text[]) as learner(email) cross join unnest(${[...resimIds]}::text[]) as scenario(id)`
      : sql`select ${spaceId}, learner.value, scenario.value, ${now}
            from json_each(${JSON.stringify(emails)}) as learner cross join json_each(${JSON.stringify(resimIds)}) as scenario where true`;
  // SQLite reads "on conflict" after a select as part of a join unless the select has a where clause.
  await sql`insert into allocations (space_id, email, resim_id, created_at) ${pairs} on conflict (space_id, email, resim_id) do nothing`.execute(
    db,
  );
};

export const deleteAllocations = (db: Database, spaceId: string, emails: readonly string[], resimIds: readonly string[]) =>
  inBatches(emails, (batch) =>
    db
      .deleteFrom('allocations')
      .where('space_id', '=', spaceId)
      .where('email', 'in', batch)
      .where('resim_id', 'in', [...resimIds])
      .execute(),
  );

/** The ids among those given of scenarios in the space. */
export const findResimIdsInSpace = async (db: Database, spaceId: string, resimIds: readonly string[]): Promise<Set<string>> =>
  new Set(
    (
      await db
        .selectFrom('resims')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('id', 'in', [...resimIds])
        .execute()
    ).map((row) => row.id),
  );

/** What is allocated to a learner's email, in every space. */
export const findAllocationsOfEmail = (db: Database, email: string): Promise<AllocationRow[]> =>
  db.selectFrom('allocations').selectAll().where('email', '=', email).orderBy('created_at', 'desc').execute();

/** Whether the email is a learner of any space (on its Clients list), given anything to play yet or not. */
export const isLearnerOfASpace = async (db: Database, email: string): Promise<boolean> =>
  (await db.selectFrom('space_learners').select('space_id').where('email', '=', email).limit(1).executeTakeFirst()) !== undefined;

export const isAllocated = async (db: Database, email: string, resimId: string): Promise<boolean> =>
  (await db.selectFrom('allocations').select('email').where('email', '=', email).where('resim_id', '=', resimId).executeTakeFirst()) !==
  undefined;

/** The accounts among the emails given. */
export const findUsersByEmail = async (db: Database, emails: readonly string[]): Promise<UserRow[]> => {
  const found: UserRow[] = [];
  await inBatches(emails, async (batch) => {
    found.push(...(await db.selectFrom('users').selectAll().where('email', 'in', batch).execute()));
  });
  return found;
};

/** The names of the scenarios of a space given to each of the learners named. */
export const findAllocatedNames = async (db: Database, spaceId: string, emails: readonly string[]): Promise<Map<string, string[]>> => {
  const names = new Map<string, string[]>();
  await inBatches(emails, async (batch) => {
    const rows = await db
      .selectFrom('allocations')
      .innerJoin('resims', 'resims.id', 'allocations.resim_id')
      .select(['allocations.email', 'resims.name'])
      .where('allocations.space_id', '=', spaceId)
      .where('allocations.email', 'in', batch)
      .orderBy('resims.name')
      .execute();
    for (const row of rows) names.set(row.email, [...(names.get(row.email) ?? []), row.name]);
  });
  return names;
};
