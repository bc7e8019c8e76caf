/**
 * Selecting rows: a click turns one row, a shift-click turns every row from the last one clicked
 * to this one, in the order shown, to the state the clicked row takes.
 */
export const toggleRow = (
  selected: ReadonlySet<string>,
  shown: readonly string[],
  key: string,
  options: { readonly range: boolean; readonly anchor: string | null },
): Set<string> => {
  const next = new Set(selected);
  const on = !selected.has(key);
  const from = options.range && options.anchor !== null ? shown.indexOf(options.anchor) : -1;
  const to = shown.indexOf(key);
  const keys = from === -1 || to === -1 ? [key] : shown.slice(Math.min(from, to), Math.max(from, to) + 1);
  for (const each of keys) {
    if (on) next.add(each);
    else next.delete(each);
  }
  return next;
};

export const setRows = (selected: ReadonlySet<string>, keys: readonly string[], on: boolean): Set<string> => {
  const next = new Set(selected);
  for (const key of keys) {
    if (on) next.add(key);
    else next.delete(key);
  }
  return next;
};

/** The selection less the rows that are gone (removed, or another space's). */
export const keepExisting = (selected: ReadonlySet<string>, existing: ReadonlySet<string>): ReadonlySet<string> =>
  [...selected].every((key) => existing.has(key)) ? selected : new Set([...selected].filter((key) => existing.has(key)));
