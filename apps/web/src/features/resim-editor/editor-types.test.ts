import { describe, expect, it } from 'vitest';
import { optionsOf, sameOptions } from './editor-types';

describe('options', () => {
  const items = [
    { id: 'act1', name: 'Ferritin' },
    { id: 'act2', name: ' ' },
  ];

  it('are the items by name, or by id when unnamed, without the one excepted', () => {
    expect(optionsOf(items)).toEqual([
      { value: 'act1', label: 'Ferritin' },
      { value: 'act2', label: 'act2' },
    ]);
    expect(optionsOf(items, 'act1')).toEqual([{ value: 'act2', label: 'act2' }]);
  });

  it('built again from the same items read the same; a renamed or moved item does not', () => {
    expect(sameOptions(optionsOf(items), optionsOf(items))).toBe(true);
    expect(sameOptions(optionsOf(items), optionsOf([{ id: 'act1', name: 'Ferritin 2' }, items[1]!]))).toBe(false);
    expect(sameOptions(optionsOf(items), optionsOf([...items].reverse()))).toBe(false);
    expect(sameOptions(optionsOf(items), optionsOf(items, 'act2'))).toBe(false);
  });
});
