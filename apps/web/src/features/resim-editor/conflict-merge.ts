import type { ScenarioContent } from '@resim/domain';
import { changedKeys, sameValue, withKeysFrom, type ContentKey } from './scenario-changes';

/** Which side wins a part both authors changed. */
export type Side = 'mine' | 'theirs';
export type MergeChoices = Partial<Record<ContentKey, Side>>;

/** A save refused because someone saved first: what both started from, my draft, and what is saved now. */
export type ConflictSides = {
  readonly base: ScenarioContent;
  readonly mine: ScenarioContent;
  readonly theirs: ScenarioContent;
};

/** The parts both sides changed, to different values: only these need a choice. */
export const conflictingKeys = ({ base, mine, theirs }: ConflictSides): ContentKey[] => {
  const theirChanges = new Set(changedKeys(base, theirs));
  return changedKeys(base, mine).filter((key) => theirChanges.has(key) && !sameValue(mine[key], theirs[key]));
};

/**
 * The saved scenario with my changes laid on top. A part only I changed is mine, a part only they
 * changed stays theirs, and a part we both changed follows the choice (mine when none is given).
 */
export const mergeContent = ({ base, mine, theirs }: ConflictSides, choices: MergeChoices = {}): ScenarioContent => {
  const kept = changedKeys(base, mine).filter((key) => choices[key] !== 'theirs');
  return withKeysFrom(theirs, mine, kept);
};
