import type { ActionView, TextSet } from '@resim/domain';

/**
 * Picks an item or lets it go. With room for one only, a new pick replaces the old one, as a
 * radio group would; with room for more, a pick beyond the limit is refused.
 */
export const toggleSelection = (selected: readonly string[], id: string, max = Number.POSITIVE_INFINITY): readonly string[] => {
  if (selected.includes(id)) return selected.filter((candidate) => candidate !== id);
  if (max === 1) return [id];
  return selected.length >= max ? selected : [...selected, id];
};

/** Drops picks that can no longer be made (run meanwhile, or gone with a stage), keeping the order. */
export const keepSelectable = (selected: readonly string[], selectable: readonly string[]): readonly string[] => {
  const kept = selected.filter((id) => selectable.includes(id));
  return kept.length === selected.length ? selected : kept;
};

const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Search as a learner types it: any part of the name, ignoring case and accents. */
export const matchesSearch = (name: string, query: string): boolean => folded(name).includes(folded(query.trim()));

/**
 * What the actions panel says when nothing can be run now (SPEC 3 messages): the actions shown but
 * blocked say why, every action run says so, otherwise none is available. Null while some can be run.
 */
export const actionsMessage = (actions: readonly ActionView[], text: TextSet): string | null => {
  if (actions.some((action) => action.availability === 'available')) return null;
  if (actions.some((action) => action.availability === 'unavailable')) return text.cannotRunActionsMessage;
  if (actions.length > 0) return text.allActionsUsedMessage;
  return text.actionsNotAvailableMessage;
};
