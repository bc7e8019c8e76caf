/** A requirement set as the engine reads it: the schema's `{all, any, none}`, mutable or frozen. */
export type Requirements = {
  readonly all: readonly string[];
  readonly any: readonly string[];
  readonly none: readonly string[];
};

/** Which ids a run has done: all that judging a run asks of one of its lists (run, confirmed, unlocked). */
export type DoneIds = { has(id: string): boolean };

/**
 * DESIGN 4 requirement set: holds when every id in `all` is done, `any` is empty or at least one
 * of its ids is done, and no id in `none` is done. What "done" means (run, confirmed, unlocked)
 * is decided by the caller through `done`.
 */
export const requirementHolds = (set: Requirements, done: DoneIds): boolean => {
  // Plain loops: this runs for every listed item on every view.
  for (const id of set.all) if (!done.has(id)) return false;
  for (const id of set.none) if (done.has(id)) return false;
  if (set.any.length === 0) return true;
  for (const id of set.any) if (done.has(id)) return true;
  return false;
};

/** Whether the set names any id at all; an empty set holds trivially and opens nothing by itself. */
export const hasRequirementIds = (set: Requirements): boolean => set.all.length > 0 || set.any.length > 0 || set.none.length > 0;
