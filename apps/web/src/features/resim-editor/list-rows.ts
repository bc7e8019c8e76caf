import type { ReactNode } from 'react';
import { sameNode } from './same-node';

export type ListItem = { readonly id: string; readonly name: string; readonly badges?: readonly ReactNode[]; readonly hint?: string };

/** Whether a row shows the same as before: panels rebuild their items (and badges) on every render. */
export const sameListItem = (a: ListItem, b: ListItem): boolean =>
  a === b || (a.id === b.id && a.name === b.name && a.hint === b.hint && sameNode(a.badges, b.badges));

export const sameListItems = (a: readonly ListItem[], b: readonly ListItem[]): boolean =>
  a === b || (a.length === b.length && a.every((item, index) => sameListItem(item, b[index]!)));

/** Rows per block of a long list: a change to one item renders its block, and the others are skipped whole. */
export const rowBlockSize = 50;

/** The list cut into consecutive blocks of at most `size` items. */
export const rowBlocks = <T>(items: readonly T[], size = rowBlockSize): (readonly T[])[] => {
  const blocks: (readonly T[])[] = [];
  for (let start = 0; start < items.length; start += size) blocks.push(items.slice(start, start + size));
  return blocks;
};
