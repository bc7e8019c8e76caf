import type { AllocationsBody, BillingSpace, SlotAllocation } from '@resim/contracts';
import type { LicenceType } from '@resim/domain';

/** One line of the result grid: a user of the space (by id) or one of its learners (by email), and the slot they hold. */
export type GridRow = {
  readonly key: string;
  readonly kind: 'owner' | 'member' | 'learner';
  readonly email: string;
  readonly name: string | null;
  readonly userId: string | null;
  /** the licence type held now; 0 (Unlicensed) without a slot */
  readonly type: LicenceType;
};

/** Edits not yet sent, by row key. */
export type GridEdits = Readonly<Record<string, LicenceType>>;

/**
 * SPEC 2: the result grid of a space: its users first (the owner leading), then its learners, each
 * with the slot they hold. A user holds a slot by their id; a learner by their email.
 */
export const gridRows = (space: BillingSpace, allocations: readonly SlotAllocation[]): GridRow[] => {
  const held = allocations.filter((allocation) => allocation.spaceId === space.id);
  const byUser = new Map(held.filter((a) => a.userId !== null).map((a) => [a.userId, a.type] as const));
  const byLearner = new Map(held.filter((a) => a.userId === null).map((a) => [a.email.toLowerCase(), a.type] as const));
  const users = [...space.users]
    .sort((a, b) => Number(b.isOwner) - Number(a.isOwner) || a.email.localeCompare(b.email))
    .map((user): GridRow => ({
      key: `user:${user.id}`,
      kind: user.isOwner ? 'owner' : 'member',
      email: user.email,
      name: user.name,
      userId: user.id,
      type: byUser.get(user.id) ?? 0,
    }));
  const learners = [...space.learners]
    .sort((a, b) => a.email.localeCompare(b.email))
    .map((learner): GridRow => ({
      key: `learner:${learner.email}`,
      kind: 'learner',
      email: learner.email,
      name: null,
      userId: null,
      type: byLearner.get(learner.email.toLowerCase()) ?? 0,
    }));
  return [...users, ...learners];
};

/** The type a row shows: its edit when it has one, else what it holds. */
export const shownType = (row: GridRow, edits: GridEdits): LicenceType => edits[row.key] ?? row.type;

/** The request for the edits that change something; an edit back to what a row holds asks nothing. */
export const allocationsOf = (spaceId: string, rows: readonly GridRow[], edits: GridEdits): AllocationsBody['allocations'] =>
  rows.flatMap((row) => {
    const type = edits[row.key];
    if (type === undefined || type === row.type) return [];
    return [row.userId === null ? { spaceId, learner: row.email, type } : { spaceId, userId: row.userId, type }];
  });

/** How many rows of the grid hold each licence type, edits included: what the grid would leave. */
export const countByType = (rows: readonly GridRow[], edits: GridEdits): Record<LicenceType, number> => {
  const counts: Record<LicenceType, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const row of rows) counts[shownType(row, edits)] += 1;
  return counts;
};
