import type { Database } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import type { SpaceRow } from '../../db/schema';
import { readJson } from '../../lib/json';

export type SpaceWithOwner = SpaceRow & { owner_email: string };

const withOwner = (db: Database) =>
  db.selectFrom('spaces').innerJoin('users', 'users.id', 'spaces.owner_id').selectAll('spaces').select('users.email as owner_email');

const spacesOwnedOrJoined = preparedQuery((db: Database, userId: string) =>
  withOwner(db)
    .where((eb) =>
      eb.or([
        eb('spaces.owner_id', '=', userId),
        eb('spaces.id', 'in', eb.selectFrom('space_members').select('space_id').where('user_id', '=', userId)),
      ]),
    )
    .orderBy('spaces.created_at'),
);

/** Spaces the user owns, is a member of, or whose id one of their groups names. */
export const findSpacesOfUser = (db: Database, userId: string, groupSpaceIds: readonly string[]): Promise<SpaceWithOwner[]> =>
  groupSpaceIds.length === 0
    ? spacesOwnedOrJoined(db, userId)
    : withOwner(db)
        .where((eb) =>
          eb.or([
            eb('spaces.owner_id', '=', userId),
            eb('spaces.id', 'in', eb.selectFrom('space_members').select('space_id').where('user_id', '=', userId)),
            ...(groupSpaceIds.length > 0 ? [eb('spaces.id', 'in', [...groupSpaceIds])] : []),
          ]),
        )
        .orderBy('spaces.created_at')
        .execute();

export const findSpaceById = (db: Database, id: string): Promise<SpaceWithOwner | undefined> =>
  withOwner(db).where('spaces.id', '=', id).executeTakeFirst();

export const isMember = async (db: Database, spaceId: string, userId: string): Promise<boolean> =>
  (await db
    .selectFrom('space_members')
    .select('user_id')
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

export const insertSpace = (db: Database, row: SpaceRow) => db.insertInto('spaces').values(row).execute();

export const updateSpace = (db: Database, id: string, changes: Partial<Pick<SpaceRow, 'description' | 'security' | 'owner_id'>>) =>
  db.updateTable('spaces').set(changes).where('id', '=', id).execute();

export const deleteSpaceRow = (db: Database, id: string) => db.deleteFrom('spaces').where('id', '=', id).execute();

export const countScenariosInSpace = async (db: Database, spaceId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('resims')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('space_id', '=', spaceId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findMembers = (db: Database, spaceId: string) =>
  db
    .selectFrom('space_members')
    .innerJoin('users', 'users.id', 'space_members.user_id')
    .select(['users.id', 'users.email', 'users.name', 'space_members.accepted_at'])
    .where('space_members.space_id', '=', spaceId)
    .orderBy('users.email')
    .execute();

/** A member added by email waits to accept (acceptedAt null); one who already is keeps what they have. */
export const addMember = (db: Database, member: { spaceId: string; userId: string; now: string; acceptedAt: string | null }) =>
  db
    .insertInto('space_members')
    .values({ space_id: member.spaceId, user_id: member.userId, created_at: member.now, accepted_at: member.acceptedAt })
    .onConflict((oc) => oc.columns(['space_id', 'user_id']).doNothing())
    .execute();

const pendingOf = preparedQuery((db: Database, userId: string) =>
  db.selectFrom('space_members').select('space_id').where('user_id', '=', userId).where('accepted_at', 'is', null).limit(1),
);

/** The user has seen every space they were added to: the others there see their name from now on. */
export const acceptMemberships = async (db: Database, userId: string, now: string): Promise<void> => {
  // Read first: the spaces are listed often, and nearly always there is nothing to write.
  if ((await pendingOf(db, userId)).length === 0) return;
  await db.updateTable('space_members').set({ accepted_at: now }).where('user_id', '=', userId).where('accepted_at', 'is', null).execute();
};

export const removeMember = async (db: Database, spaceId: string, userId: string): Promise<boolean> =>
  Number(
    (await db.deleteFrom('space_members').where('space_id', '=', spaceId).where('user_id', '=', userId).executeTakeFirst()).numDeletedRows,
  ) > 0;

/**
 * Users whose groups, as their last sign-in token gave them, name the space (SPEC 6). The text
 * match only narrows the rows (LIKE's `_` and SQLite's case folding let a few more through); the
 * parsed list decides.
 */
export const findGroupUsers = async (db: Database, spaceId: string) =>
  (
    await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'groups'])
      .where('groups', 'like', `%${JSON.stringify(spaceId)}%`)
      .orderBy('email')
      .execute()
  )
    .filter((user) => readJson<unknown[]>(user.groups, []).includes(spaceId))
    .map(({ id, email, name }) => ({ id, email, name }));
