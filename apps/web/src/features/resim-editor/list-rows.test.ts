import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { rowBlocks, sameListItem, sameListItems, type ListItem } from './list-rows';

const item = (id: string, name: string, answer = false): ListItem => ({
  id,
  name,
  hint: 'History',
  badges: answer ? [createElement('span', { key: 'answer' }, 'Answer')] : [],
});

describe('list rows', () => {
  it('a rebuilt item that shows the same is the same row', () => {
    expect(sameListItem(item('act1', 'Ferritin', true), item('act1', 'Ferritin', true))).toBe(true);
    expect(sameListItem(item('act1', 'Ferritin'), item('act1', 'Ferritin '))).toBe(false);
    expect(sameListItem(item('act1', 'Ferritin'), item('act1', 'Ferritin', true))).toBe(false);
    expect(sameListItem(item('act1', 'Ferritin'), { ...item('act1', 'Ferritin'), hint: 'No stage' })).toBe(false);
    expect(sameListItem(item('act1', 'Ferritin'), item('act2', 'Ferritin'))).toBe(false);
  });

  it('compares lists row by row, in order', () => {
    const list = [item('act1', 'Ferritin'), item('act2', 'Blood film')];
    expect(
      sameListItems(
        list,
        list.map((entry) => ({ ...entry })),
      ),
    ).toBe(true);
    expect(sameListItems(list, [...list].reverse())).toBe(false);
    expect(sameListItems(list, list.slice(1))).toBe(false);
  });

  it('cuts a list into blocks of consecutive items, the last one shorter', () => {
    const items = Array.from({ length: 7 }, (_, index) => index);
    expect(rowBlocks(items, 3)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(rowBlocks([], 3)).toEqual([]);
    expect(rowBlocks(Array.from({ length: 1000 }, (_, index) => index)).map((block) => block.length)).toEqual(Array(20).fill(50));
  });
});
