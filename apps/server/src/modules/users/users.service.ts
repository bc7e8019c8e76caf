import { parseGroupList, readGroups, sortOrders, type SortOrder } from '@resim/domain';
import type { UserAuth, UserMetadata } from '@resim/contracts';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../errors/app-error';
import { hashPassword, passwordProblem } from '../../identity/passwords';
import { iso, type Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { readJson } from '../../lib/json';
import type { Principal } from '../../identity/principal';
import { findAllocationsOfEmail, isLearnerOfASpace } from '../learners/learners.repository';
import { findSpacesOfUser } from '../spaces/spaces.repository';
import { findUserByEmail, insertUser, updateUser } from './users.repository';

export const userGroups = (user: UserRow): string[] => readJson<string[]>(user.groups, []);

export const toUserAuth = (user: UserRow, groups: readonly string[], isLearner: boolean): UserAuth => ({
  id: user.id,
  email: user.email,
  name: user.name,
  groups: [...groups],
  isDeveloper: readGroups(groups).isDeveloper,
  isLearner,
});

/**
 * Someone a space has as a learner (given scenarios to play or not yet) who is in no space: they
 * came to play, not to write.
 */
export const isLearnerOnly = async (db: Database, user: UserRow, principal: Principal): Promise<boolean> =>
  !principal.isDeveloper &&
  ((await isLearnerOfASpace(db, user.email)) || (await findAllocationsOfEmail(db, user.email)).length > 0) &&
  (await findSpacesOfUser(db, user.id, principal.groupSpaceIds)).length === 0;

export const toUserMetadata = (user: UserRow): UserMetadata => {
  const stored = readJson<Partial<UserMetadata>>(user.metadata, {});
  const sortOrder = sortOrders.includes(stored.sortOrder as SortOrder) ? (stored.sortOrder as SortOrder) : 0;
  return {
    collapsedSpaces: Array.isArray(stored.collapsedSpaces) ? stored.collapsedSpaces.filter((s) => typeof s === 'string') : [],
    sortOrder,
    priorityFirst: stored.priorityFirst === true,
  };
};

export const saveUserMetadata = async (options: {
  db: Database;
  clock: Clock;
  user: UserRow;
  changes: Partial<UserMetadata>;
}): Promise<UserMetadata> => {
  const next = { ...toUserMetadata(options.user), ...options.changes };
  next.collapsedSpaces = [...new Set(next.collapsedSpaces)];
  await updateUser(options.db, options.user.id, { metadata: JSON.stringify(next), updated_at: iso(options.clock) });
  return next;
};

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates an account of the embedded issuer (CLI, demo seed, invitations). One created with a
 * password (by an administrator, or the demo seed) counts as having a proved address; an invited
 * one proves it by following the emailed link that chooses its password, or by a code at sign-in.
 */
export const createUser = async (options: {
  db: Database;
  clock: Clock;
  email: string;
  password?: string | undefined;
  name?: string | undefined;
  groups?: string;
}): Promise<UserRow> => {
  const email = options.email.trim().toLowerCase();
  if (!emailPattern.test(email)) throw badRequest(`"${options.email}" is not an email address`);
  if (options.password !== undefined) {
    const problem = passwordProblem(options.password);
    if (problem) throw badRequest(problem);
  }
  if (await findUserByEmail(options.db, email)) throw conflict(`A user with email ${email} already exists`);
  const now = iso(options.clock);
  return insertUser(options.db, {
    id: newId(),
    email,
    name: options.name ?? null,
    password_hash: options.password === undefined ? null : await hashPassword(options.password),
    groups: JSON.stringify(parseGroupList(options.groups ?? '')),
    metadata: '{}',
    external_subject: null,
    email_verified_at: options.password === undefined ? null : now,
    created_at: now,
    updated_at: now,
  });
};

/** Finds a user by email or creates one without a password, who signs in after a password reset. */
export const findOrInviteUser = async (options: {
  db: Database;
  clock: Clock;
  email: string;
}): Promise<{ user: UserRow; created: boolean }> => {
  const existing = await findUserByEmail(options.db, options.email);
  if (existing) return { user: existing, created: false };
  return { user: await createUser({ db: options.db, clock: options.clock, email: options.email }), created: true };
};
