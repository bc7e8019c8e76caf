import { useMemo } from 'react';
import type { ListItem } from './list-rows';

/**
 * The rows of a list panel, each built once per item object: a change to one test rebuilds one
 * row, not a thousand, so typing allocates little and unchanged rows compare by identity. `deps`
 * are what else rows show (stage names, the answer key); when they change, every row is rebuilt.
 */
export const useListItems = <T extends object>(
  items: readonly T[],
  toListItem: (item: T) => ListItem,
  deps: readonly unknown[],
): ListItem[] => {
  // A new cache whenever what rows show besides their item changes.
  const cache = useMemo(() => new WeakMap<T, ListItem>(), deps);
  return items.map((item) => {
    const cached = cache.get(item);
    if (cached) return cached;
    const built = toListItem(item);
    cache.set(item, built);
    return built;
  });
};
