import type { AllocationsBody, BillingSpace, SlotAllocation } from '@resim/contracts';
import type { LicenceType } from '@resim/domain';

/**
 * One line of the result grid: a user of the space (by id), one of its learners (by email), or
 * someone who left it and still holds a slot there, which can only be freed.
 */
export type GridRow = {
  readonly key: string;
  readonly kind: 'owner' | 'member' | 'learner' | 'former';
  readonly email: string;
  readonly name: string | null;
  readonly userId: string | null;
  /** a user who is also a learner of the space: their one slot covers both */
  readonly alsoLearner: boolean;
  /** the licence type held now; 0 (Unlicensed) without a slot */
  readonly type: LicenceType;
};

/** Edits not yet sent, by row key. */
export type GridEdits = Readonly<Record<string, LicenceType>>;

const byEmail = (a: { email: string }, b: { email: string }) => a.email.localeCompare(b.email);

/**
 * SPEC 2: the result grid of a space: its users first (the owner leading), then its learners,
 * then those who left with a slot still held, each with the slot they hold here. A slot is held
 * in a space by an email, so a user who is also a learner is one line.
 */
export const gridRows = (space: BillingSpace, allocations: readonly SlotAllocation[]): GridRow[] => {
  const held = allocations.filter((allocation) => allocation.spaceId === space.id);
  const slotOf = (email: string) => held.find((allocation) => allocation.email.toLowerCase() === email.toLowerCase());
  const learnerEmails = new Set(space.learners.map((learner) => learner.email.toLowerCase()));
  const userEmails = new Set(space.users.map((user) => user.email.toLowerCase()));
  const users = [...space.users]
    .sort((a, b) => Number(b.isOwner) - Number(a.isOwner) || byEmail(a, b))
    .map((user): GridRow => ({
      key: `user:${user.id}`,
      kind: user.isOwner ? 'owner' : 'member',
      email: user.email,
      name: user.name,
      userId: user.id,
      alsoLearner: learnerEmails.has(user.email.toLowerCase()),
      type: (held.find((allocation) => allocation.userId === user.id) ?? slotOf(user.email))?.type ?? 0,
    }));
  const learners = space.learners
    .filter((learner) => !userEmails.has(learner.email.toLowerCase()))
    .sort(byEmail)
    .map((learner): GridRow => ({
      key: `learner:${learner.email}`,
      kind: 'learner',
      email: learner.email,
      name: null,
      userId: null,
      alsoLearner: false,
      type: slotOf(learner.email)?.type ?? 0,
    }));
  const shown = new Set([...users, ...learners].map((row) => row.email.toLowerCase()));
  const former = held
    .filter((allocation) => !shown.has(allocation.email.toLowerCase()))
    .sort(byEmail)
    .map((allocation): GridRow => ({
      key: allocation.userId === null ? `learner:${allocation.email}` : `user:${allocation.userId}`,
      kind: 'former',
      email: allocation.email,
      name: null,
      userId: allocation.userId,
      alsoLearner: false,
      type: allocation.type,
    }));
  return [...users, ...learners, ...former];
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
