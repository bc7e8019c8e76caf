import { describe, expect, it } from 'vitest';
import { allItemIds, idPrefixes, IdSpaceExhaustedError, nextId, nextItemId } from './ids';
import { scenarioContent } from './schema';

const numbered = (prefix: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, index) => `${prefix}${from + index}`);

describe('ids (SPEC 3 and 9)', () => {
  it('starts at 1', () => {
    expect(nextId('act', [])).toBe('act1');
  });

  it('takes the lowest free number, filling gaps', () => {
    expect(nextId('act', ['act1', 'act3'])).toBe('act2');
    expect(nextId('act', ['act2', 'act3'])).toBe('act1');
    expect(nextId('conc', ['conc1', 'conc2'])).toBe('conc3');
  });

  it('ignores ids of other prefixes and ids that only look alike', () => {
    expect(nextId('act', ['conc1', 'act01', 'act1x', 'ACT1'])).toBe('act1');
    expect(nextId('stg', ['stage1'])).toBe('stg1');
  });

  it('accepts any iterable, including a generator read once', () => {
    function* taken() {
      yield 'page1';
      yield 'page2';
    }
    expect(nextId('page', taken())).toBe('page3');
    expect(nextId('page', new Set(['page1']))).toBe('page2');
  });

  it('gives 4999 as the last number', () => {
    expect(nextId('act', numbered('act', 1, 4998))).toBe('act4999');
  });

  it('throws when every number below 5000 is taken, even when 5000 is free', () => {
    const taken = numbered('act', 1, 4999);
    expect(() => nextId('act', taken)).toThrow(IdSpaceExhaustedError);
    expect(() => nextId('act', taken)).toThrow('No free id left for "act": every number below 5000 is taken');
    const thrown = (() => {
      try {
        return nextId('measure', numbered('measure', 1, 4999));
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(IdSpaceExhaustedError);
    expect(thrown).toMatchObject({ name: 'IdSpaceExhaustedError', prefix: 'measure' });
  });

  it('names the prefix of every part', () => {
    expect(idPrefixes).toEqual({
      actions: 'act',
      conclusions: 'conc',
      stages: 'stg',
      stageGroups: 'group',
      measures: 'measure',
      infos: 'info',
      baseline: 'baseline',
      pages: 'page',
    });
  });

  it('lists every item id of every part, and finds the next id of a part', () => {
    const content = scenarioContent.parse({
      resimName: 'S',
      actions: [
        { id: 'act1', name: 'A' },
        { id: 'act2', name: 'B' },
      ],
      conclusions: [{ id: 'conc1', name: 'C' }],
      measures: [{ id: 'points', name: 'Points' }],
      infos: [{ id: 'info1', name: 'I' }],
      stages: [{ id: 'stg2', name: 'S' }],
      stageGroups: [{ id: 'group1', name: 'G' }],
      baseline: [{ id: 'baseline1', name: 'B' }],
      pages: [{ id: 'page1', name: 'P' }],
    });
    expect(allItemIds(content)).toEqual(['act1', 'act2', 'conc1', 'points', 'info1', 'stg2', 'group1', 'baseline1', 'page1']);
    expect(nextItemId(content, 'actions')).toBe('act3');
    expect(nextItemId(content, 'stages')).toBe('stg1');
    expect(nextItemId(content, 'measures')).toBe('measure1');
  });
});
