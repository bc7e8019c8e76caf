import type { PatchResimBody } from '@resim/contracts';
import { scenarioDetails, scenarioPartNames, type Scenario, type ScenarioContent, type ScenarioPart } from '@resim/domain';

/** The scalar fields a save sends inside `details`. */
export type DetailField = keyof typeof scenarioDetails.shape;
export const detailFields = Object.keys(scenarioDetails.shape) as DetailField[];

/** Anything an author changes: one detail field, or one whole part (a list of items). */
export type ContentKey = DetailField | ScenarioPart;
export const contentKeys: readonly ContentKey[] = [...detailFields, ...scenarioPartNames];

const isDetailField = (key: ContentKey): key is DetailField => (detailFields as readonly string[]).includes(key);

/** Structural equality of JSON values: object key order does not matter, array order does. */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  const rightCount = Object.values(right).filter((value) => value !== undefined).length;
  return left.length === rightCount && left.every(([key, value]) => sameValue(value, right[key]));
};

/** What an author edits of a scenario, without what the server owns (id, space, status, revision). */
export const contentOf = (scenario: Scenario | ScenarioContent): ScenarioContent =>
  Object.fromEntries(contentKeys.map((key) => [key, scenario[key]])) as ScenarioContent;

/** The detail fields and parts that differ between two versions of a scenario. */
export const changedKeys = (before: ScenarioContent, after: ScenarioContent): ContentKey[] =>
  contentKeys.filter((key) => !sameValue(before[key], after[key]));

export const hasChanges = (before: ScenarioContent, after: ScenarioContent): boolean =>
  contentKeys.some((key) => !sameValue(before[key], after[key]));

/**
 * `changedKeys(saved, after)`, knowing `changed`, the keys in which `before` differs from `saved`.
 * A change replaces only what it touches and keeps the rest by identity, so only the keys whose
 * value was replaced are compared again: a keystroke in a list of a thousand items compares one
 * part, not the whole scenario.
 */
export const changedKeysAfter = (
  saved: ScenarioContent,
  changed: readonly ContentKey[],
  before: ScenarioContent,
  after: ScenarioContent,
): ContentKey[] => contentKeys.filter((key) => (before[key] === after[key] ? changed.includes(key) : !sameValue(saved[key], after[key])));

/**
 * SPEC 7: a save sends only the changed parts, each whole; changed detail fields go together in
 * `details`. Null when nothing changed.
 */
export const changesPatch = (before: ScenarioContent, after: ScenarioContent): Omit<PatchResimBody, 'revision'> | null => {
  const keys = changedKeys(before, after);
  if (keys.length === 0) return null;
  const details = keys.filter(isDetailField);
  const parts = keys.filter((key): key is ScenarioPart => !isDetailField(key));
  return {
    ...(details.length > 0 ? { details: Object.fromEntries(details.map((key) => [key, after[key]])) } : {}),
    ...Object.fromEntries(parts.map((part) => [part, after[part]])),
  };
};

/** `target` with the given keys taken from `source`. */
export const withKeysFrom = (target: ScenarioContent, source: ScenarioContent, keys: readonly ContentKey[]): ScenarioContent =>
  keys.length === 0 ? target : { ...target, ...Object.fromEntries(keys.map((key) => [key, source[key]])) };
