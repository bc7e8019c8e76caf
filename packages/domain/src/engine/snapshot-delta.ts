/**
 * DESIGN 6: a learner's step is answered with what changed in their snapshot since the last one
 * they were sent, not the whole snapshot again. A delta is worked out between two plain JSON
 * values (objects of fields, lists, scalars) and applied to the earlier one to give the later:
 * fields replaced whole (`set`) or gone (`unset`), objects changed in part (`patch`, a delta of
 * their own) and lists changed in part (`splice`: splices applied in order, as
 * Array.prototype.splice takes them, `[at, remove, ...insert]`).
 *
 * Lists of items with ids (actions, conclusions, facts, measures) are compared item by item, so a
 * test run is answered with that test's new line and its result, not every line again.
 */

/** `[at, remove, ...insert]`: at `at`, `remove` items give way to the inserted ones. */
export type ListSplice = readonly [at: number, remove: number, ...insert: unknown[]];

export type SnapshotDelta = {
  readonly set?: Readonly<Record<string, unknown>>;
  readonly unset?: readonly string[];
  readonly patch?: Readonly<Record<string, SnapshotDelta>>;
  readonly splice?: Readonly<Record<string, readonly ListSplice[]>>;
};

type Fields = Readonly<Record<string, unknown>>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether two values read the same as JSON: a field holding undefined counts as absent, as
 * JSON.stringify leaves it out. Items the engine shares between views are the same object, so
 * most comparisons end at the first check.
 */
export const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!sameJson(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Fields;
  const right = b as Fields;
  let count = 0;
  for (const key in left) {
    const value = left[key];
    if (value === undefined) continue;
    count += 1;
    if (!sameJson(value, right[key])) return false;
  }
  for (const key in right) if (right[key] !== undefined) count -= 1;
  return count === 0;
};

/** Whether two items are the same item (by id, and source for facts), perhaps changed; never for values without an id. */
const sameItem = (a: unknown, b: unknown): boolean =>
  isFields(a) && isFields(b) && typeof a.id === 'string' && a.id === b.id && a.source === b.source;

/** An item's identity in its list: its id (with its source, for facts); null for a value without one. */
const keyOf = (item: unknown): string | null => {
  if (!isFields(item) || typeof item.id !== 'string') return null;
  return typeof item.source === 'string' ? `${item.source}\u0000${item.id}` : item.id;
};

/** The keys of a list's items, or null when an item has none or two share one. */
const keysOf = (items: readonly unknown[]): string[] | null => {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null || seen.has(key)) return null;
    seen.add(key);
    keys.push(key);
  }
  return keys;
};

/** A list's splices, and the list itself with every item that did not change taken from the list before. */
type ListChange = { readonly splices: ListSplice[]; readonly shared: readonly unknown[] };

/** One splice replacing what lies between the lists' common beginning and common end. */
const middleSplice = (a: readonly unknown[], b: readonly unknown[]): ListChange => {
  let start = 0;
  while (start < a.length && start < b.length && sameJson(a[start], b[start])) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && sameJson(a[a.length - 1 - end], b[b.length - 1 - end])) end += 1;
  if (start === a.length && start === b.length) return { splices: [], shared: a };
  return {
    splices: [[start, a.length - start - end, ...b.slice(start, b.length - end)]],
    shared: [...a.slice(0, start), ...b.slice(start, b.length - end), ...a.slice(a.length - end)],
  };
};

/**
 * Splices that make list `a` into list `b`; none when they are the same. Items with ids are
 * matched by id, walking both lists in order (the engine lists items in the scenario's order, so
 * items come and go but never swap); anything else is one splice over the part that differs.
 */
const listChange = (a: readonly unknown[], b: readonly unknown[]): ListChange => {
  const splices: [number, number, ...unknown[]][] = [];
  // `at` is where the list being built stands: everything before it already reads as `b`.
  const add = (at: number, remove: number, insert: readonly unknown[]) => {
    const last = splices.at(-1);
    if (last && last[0] + (last.length - 2) === at) {
      last[1] += remove;
      last.push(...insert);
    } else splices.push([at, remove, ...insert]);
  };
  // Most often the same items stand in the same places, some changed, some added at the end (a
  // test's result): answered in one pass, without working out every item's key, and without a
  // new list unless one is needed.
  const shorter = Math.min(a.length, b.length);
  // Whether `b` holds an item equal to `a`'s but another object: then the list kept takes `a`'s.
  let copies = false;
  let at = 0;
  for (; at < shorter; at += 1) {
    const before = a[at];
    const after = b[at];
    if (before === after) continue;
    if (!sameItem(before, after)) break;
    if (sameJson(before, after)) copies = true;
    else add(at, 1, [after]);
  }
  if (at === shorter) {
    if (b.length > shorter) add(shorter, 0, b.slice(shorter));
    else if (a.length > shorter) add(shorter, a.length - shorter, []);
    if (splices.length === 0) return { splices, shared: a };
    return { splices, shared: copies ? b.map((item, index) => (index < shorter && sameJson(a[index], item) ? a[index] : item)) : b };
  }
  splices.length = 0;
  const shared: unknown[] = [];
  const keysA = keysOf(a);
  const keysB = keysA === null ? null : keysOf(b);
  if (keysA === null || keysB === null) return middleSplice(a, b);
  const inA = new Set(keysA);
  const inB = new Set(keysB);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && keysA[i] === keysB[j]) {
      if (sameJson(a[i], b[j])) shared.push(a[i]);
      else {
        add(j, 1, [b[j]]);
        shared.push(b[j]);
      }
      i += 1;
      j += 1;
    } else if (i < a.length && !inB.has(keysA[i]!)) {
      add(j, 1, []);
      i += 1;
    } else if (j < b.length && !inA.has(keysB[j]!)) {
      add(j, 0, [b[j]]);
      shared.push(b[j]);
      j += 1;
    } else {
      // The same items in another order: not the engine's way, but still answered correctly.
      return middleSplice(a, b);
    }
  }
  return { splices, shared };
};

type Change = { readonly delta: SnapshotDelta | null; readonly shared: Fields };

const fieldsChange = (prev: Fields, next: Fields): Change => {
  let set: Record<string, unknown> | undefined;
  let unset: string[] | undefined;
  let patch: Record<string, SnapshotDelta> | undefined;
  let splice: Record<string, readonly ListSplice[]> | undefined;
  // Fields whose kept value is not `next`'s own object: the earlier one, or one made of both.
  let kept: [string, unknown][] | undefined;
  for (const key in next) {
    const b = next[key];
    const a = prev[key];
    if (b === undefined || a === b) continue;
    if (isFields(a) && isFields(b)) {
      const inner = fieldsChange(a, b);
      if (inner.delta) (patch ??= {})[key] = inner.delta;
      if (inner.shared !== b) (kept ??= []).push([key, inner.shared]);
    } else if (Array.isArray(a) && Array.isArray(b)) {
      const inner = listChange(a, b);
      if (inner.splices.length > 0) (splice ??= {})[key] = inner.splices;
      if (inner.shared !== b) (kept ??= []).push([key, inner.shared]);
    } else if (sameJson(a, b)) {
      (kept ??= []).push([key, a]);
    } else {
      (set ??= {})[key] = b;
    }
  }
  for (const key in prev) if (prev[key] !== undefined && next[key] === undefined) (unset ??= []).push(key);
  if (!set && !unset && !patch && !splice) return { delta: null, shared: prev };
  // Kept as `next` itself when every part that did not change is already the earlier object.
  let shared: Record<string, unknown> = next;
  if (kept) {
    shared = { ...next };
    for (const [key, value] of kept) shared[key] = value;
  }
  return {
    delta: { ...(set ? { set } : {}), ...(unset ? { unset } : {}), ...(patch ? { patch } : {}), ...(splice ? { splice } : {}) },
    shared,
  };
};

/** What changed from `prev` to `next`, both plain JSON objects; null when nothing did. */
export const snapshotDelta = (prev: Fields, next: Fields): SnapshotDelta | null => fieldsChange(prev, next).delta;

/**
 * What changed from `prev` to `next`, and `next` with every part that did not change taken from
 * `prev`: a server that keeps what each learner was last sent keeps one copy of what stays the
 * same, however many steps it answers, and only the parts that changed are new.
 */
export const snapshotChange = <T extends object>(prev: T, next: T): { readonly delta: SnapshotDelta | null; readonly shared: T } => {
  const change = fieldsChange(prev as Fields, next as Fields);
  return { delta: change.delta, shared: change.shared as T };
};

/** A delta that does not fit the value it is applied to: the client has missed something and asks for the whole snapshot. */
export class DeltaMismatch extends Error {
  override readonly name = 'DeltaMismatch';
}

const applySplices = (list: unknown, splices: readonly ListSplice[], key: string): unknown[] => {
  if (!Array.isArray(list)) throw new DeltaMismatch(`${key} is not a list`);
  const result = [...(list as unknown[])];
  for (const [at, remove, ...insert] of splices) {
    if (!Number.isInteger(at) || !Number.isInteger(remove) || at < 0 || remove < 0 || at + remove > result.length)
      throw new DeltaMismatch(`${key}: splice [${at}, ${remove}] outside a list of ${result.length}`);
    result.splice(at, remove, ...insert);
  }
  return result;
};

/** `prev` with `delta` applied: a new object, `prev` untouched. */
export const applySnapshotDelta = <T extends object>(prev: T, delta: SnapshotDelta | null): T => {
  if (delta === null) return prev;
  const result: Record<string, unknown> = { ...(prev as Fields) };
  for (const key of delta.unset ?? []) delete result[key];
  for (const [key, value] of Object.entries(delta.set ?? {})) result[key] = value;
  for (const [key, inner] of Object.entries(delta.patch ?? {})) {
    const current = result[key];
    if (!isFields(current)) throw new DeltaMismatch(`${key} is not an object`);
    result[key] = applySnapshotDelta(current, inner);
  }
  for (const [key, splices] of Object.entries(delta.splice ?? {})) result[key] = applySplices(result[key], splices, key);
  return result as T;
};
