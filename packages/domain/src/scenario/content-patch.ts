import { scenarioPartNames, type ScenarioPart } from './schema';

/**
 * Version history: what one save changed, item by item. The lists of a scenario are keyed by
 * their items' ids, so an inserted or reordered item costs its own size rather than shifting
 * every item after it, as a JSON Patch by array index would; other fields are replaced whole.
 */

type Item = { readonly id: string };
type Content = Readonly<Record<string, unknown>>;

/** One list's change: the items written whole by id, the ids removed, and the order when it is not the one implied. */
export type PartPatch = {
  readonly put?: Readonly<Record<string, unknown>>;
  readonly remove?: readonly string[];
  readonly order?: readonly string[];
};

export type ContentPatch = {
  readonly set?: Readonly<Record<string, unknown>>;
  readonly unset?: readonly string[];
  readonly parts?: Readonly<Partial<Record<ScenarioPart, PartPatch>>>;
};

const parts = new Set<string>(scenarioPartNames);

const isItemList = (value: unknown): value is readonly Item[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && typeof (item as Item).id === 'string');

const uniqueIds = (items: readonly Item[]) => new Set(items.map((item) => item.id)).size === items.length;

const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** The change of one list of items, or undefined when it is unchanged. */
const diffPart = (before: readonly Item[], after: readonly Item[]): PartPatch | undefined => {
  const previous = new Map(before.map((item) => [item.id, item]));
  const put: Record<string, unknown> = {};
  let changed = false;
  for (const item of after) {
    const old = previous.get(item.id);
    if (old === undefined || JSON.stringify(old) !== JSON.stringify(item)) {
      put[item.id] = item;
      changed = true;
    }
  }
  const kept = new Set(after.map((item) => item.id));
  const remove = before.filter((item) => !kept.has(item.id)).map((item) => item.id);
  const ids = after.map((item) => item.id);
  const implied = impliedOrder(
    before.map((item) => item.id),
    remove,
    ids.filter((id) => !previous.has(id)),
  );
  const order = sameOrder(implied, ids) ? undefined : ids;
  if (!changed && remove.length === 0 && order === undefined) return undefined;
  return { ...(changed ? { put } : {}), ...(remove.length > 0 ? { remove } : {}), ...(order ? { order } : {}) };
};

/** Items kept in their old order, new ones after them: what most saves do, so the order is stored only otherwise. */
const impliedOrder = (before: readonly string[], removed: readonly string[], added: readonly string[]) => {
  const gone = new Set(removed);
  return [...before.filter((id) => !gone.has(id)), ...added];
};

/**
 * The patch that turns `before` into `after`. Lists whose items lack ids, or repeat one, are
 * written whole, like any other field.
 */
export const diffContent = (before: Content, after: Content): ContentPatch => {
  const set: Record<string, unknown> = {};
  const patched: Partial<Record<ScenarioPart, PartPatch>> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (parts.has(key) && isItemList(old) && isItemList(value) && uniqueIds(old) && uniqueIds(value)) {
      const part = diffPart(old, value);
      if (part) patched[key as ScenarioPart] = part;
    } else if (!(key in before) || JSON.stringify(old) !== JSON.stringify(value)) {
      set[key] = value;
    }
  }
  const unset = Object.keys(before).filter((key) => !(key in after));
  return {
    ...(Object.keys(set).length > 0 ? { set } : {}),
    ...(unset.length > 0 ? { unset } : {}),
    ...(Object.keys(patched).length > 0 ? { parts: patched } : {}),
  };
};

const applyPart = (before: readonly Item[], patch: PartPatch): unknown[] => {
  const items = new Map<string, unknown>(before.map((item) => [item.id, item]));
  for (const id of patch.remove ?? []) items.delete(id);
  const added: string[] = [];
  for (const [id, item] of Object.entries(patch.put ?? {})) {
    if (!items.has(id)) added.push(id);
    items.set(id, item);
  }
  const order =
    patch.order ??
    impliedOrder(
      before.map((item) => item.id),
      patch.remove ?? [],
      added,
    );
  return order.map((id) => items.get(id));
};

/** `before` with the patch applied: fields keep their order, so the result serialises as the saved content did. */
export const applyContentPatch = (before: Content, patch: ContentPatch): Record<string, unknown> => {
  const unset = new Set(patch.unset ?? []);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (unset.has(key)) continue;
    const part = patch.parts?.[key as ScenarioPart];
    if (patch.set && key in patch.set) result[key] = patch.set[key];
    else if (part) result[key] = applyPart(value as readonly Item[], part);
    else result[key] = value;
  }
  for (const [key, value] of Object.entries(patch.set ?? {})) if (!(key in result)) result[key] = value;
  return result;
};

export type ChangedItem = { part: ScenarioPart; id: string; name: string; change: 'added' | 'removed' | 'changed' };

const nameIn = (content: Content, part: string, id: string): string => {
  const list = content[part];
  const item = Array.isArray(list) ? (list as readonly (Item & { name?: unknown })[]).find((candidate) => candidate.id === id) : undefined;
  return typeof item?.name === 'string' ? item.name : id;
};

/** What a save changed, for the history's list: the items added, removed or changed, and the other fields changed. */
export const changesOf = (before: Content, after: Content, patch: ContentPatch): { items: ChangedItem[]; fields: string[] } => {
  const items: ChangedItem[] = [];
  for (const [key, part] of Object.entries(patch.parts ?? {}) as [ScenarioPart, PartPatch][]) {
    const had = new Set(((before[key] ?? []) as readonly Item[]).map((item) => item.id));
    for (const id of Object.keys(part.put ?? {}))
      items.push({ part: key, id, name: nameIn(after, key, id), change: had.has(id) ? 'changed' : 'added' });
    for (const id of part.remove ?? []) items.push({ part: key, id, name: nameIn(before, key, id), change: 'removed' });
  }
  return { items, fields: [...Object.keys(patch.set ?? {}), ...(patch.unset ?? [])] };
};
