import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { AccommodationRow } from '../../db/schema';
import { inBatches } from '../learners/learners.repository';

export type AccommodationKind = AccommodationRow['kind'];

export const findAccommodations = (db: Database, spaceId: string): Promise<AccommodationRow[]> =>
  db.selectFrom('accommodations').selectAll().where('space_id', '=', spaceId).orderBy('kind').orderBy('name').execute();

/** Gives every one named of a kind the same accommodation, replacing theirs. */
export const upsertAccommodations = (
  db: Database,
  options: {
    spaceId: string;
    kind: AccommodationKind;
    names: readonly string[];
    settings: Omit<AccommodationRow, 'space_id' | 'kind' | 'name'>;
  },
) =>
  inBatches(
    options.names,
    (batch) =>
      db
        .insertInto('accommodations')
        .values(batch.map((name) => ({ space_id: options.spaceId, kind: options.kind, name, ...options.settings })))
        .onConflict((conflict) => conflict.columns(['space_id', 'kind', 'name']).doUpdateSet(options.settings))
        .execute(),
    500,
  );

/** Removes the accommodations of those named of a kind; answers how many there were. */
export const deleteAccommodations = async (db: Database, spaceId: string, kind: AccommodationKind, names: readonly string[]) => {
  let removed = 0;
  await inBatches(names, async (batch) => {
    const result = await db
      .deleteFrom('accommodations')
      .where('space_id', '=', spaceId)
      .where('kind', '=', kind)
      .where('name', 'in', batch)
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  });
  return removed;
};

/** One accommodation that applies to a learner: their own, or one of a tag they have. */
export type ApplyingRow = Pick<AccommodationRow, 'kind' | 'name' | 'extra_percent' | 'extra_minutes' | 'untimed' | 'window_minutes'> & {
  readonly email: string;
};

/**
 * The accommodations that apply to the space's learners in `scope`: each learner's own and those
 * of the tags they have, matched by the database in the learner's JSON list of tags.
 */
const applying = (db: Database, spaceId: string, scope: RawBuilder<boolean>): Promise<ApplyingRow[]> => {
  const hasTag =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<boolean>`jsonb_exists(learner.tags::jsonb, accommodation.name)`
      : sql<boolean>`exists (select 1 from json_each(learner.tags) where json_each.value = accommodation.name)`;
  return db
    .selectFrom('space_learners as learner')
    .innerJoin('accommodations as accommodation', 'accommodation.space_id', 'learner.space_id')
    .select([
      'learner.email',
      'accommodation.kind',
      'accommodation.name',
      'accommodation.extra_percent',
      'accommodation.extra_minutes',
      'accommodation.untimed',
      'accommodation.window_minutes',
    ])
    .where('learner.space_id', '=', spaceId)
    .where((eb) =>
      eb.or([
        eb.and([eb('accommodation.kind', '=', 'learner'), eb('accommodation.name', '=', eb.ref('learner.email'))]),
        eb.and([eb('accommodation.kind', '=', 'tag'), hasTag]),
      ]),
    )
    .where(scope)
    .execute();
};

/** The accommodations that apply to the learners named, one statement per thousand of them. */
export const findApplying = async (db: Database, spaceId: string, emails: readonly string[]): Promise<ApplyingRow[]> => {
  const found: ApplyingRow[] = [];
  await inBatches(emails, async (batch) => {
    found.push(...(await applying(db, spaceId, sql<boolean>`learner.email in (${sql.join(batch)})`)));
  });
  return found;
};

/** The accommodations that apply to every learner of the space, in one statement. */
export const findApplyingInSpace = (db: Database, spaceId: string): Promise<ApplyingRow[]> => applying(db, spaceId, sql<boolean>`true`);

/** The accommodations that apply to the signed-in learners waiting in an opening's lobby: one statement for the opening. */
export const findApplyingInLobby = (db: Database, spaceId: string, opening: { resimId: string; instanceId: string }) =>
  applying(
    db,
    spaceId,
    sql<boolean>`learner.email in (select games.email from games where games.resim_id = ${opening.resimId}
      and games.instance_id = ${opening.instanceId} and games.started_at is null and games.ended_at is null and games.email is not null)`,
  );

/** Learners leaving a space take their own accommodation with them. */
export const deleteLearnerAccommodations = (db: Database, spaceId: string, emails: readonly string[]) =>
  db.deleteFrom('accommodations').where('space_id', '=', spaceId).where('kind', '=', 'learner').where('name', 'in', emails).execute();
