import { describe, expect, it } from 'vitest';
import { hasRequirementIds, requirementHolds } from './requirements';

const done = new Set(['act1', 'act2']);
const set = (all: string[] = [], any: string[] = [], none: string[] = []) => ({ all, any, none });

describe('requirement sets (DESIGN 4)', () => {
  it('holds when empty', () => {
    expect(requirementHolds(set(), new Set())).toBe(true);
  });

  it('needs every id of all', () => {
    expect(requirementHolds(set(['act1', 'act2']), done)).toBe(true);
    expect(requirementHolds(set(['act1', 'act3']), done)).toBe(false);
  });

  it('needs one id of any, when any names some', () => {
    expect(requirementHolds(set([], ['act3', 'act2']), done)).toBe(true);
    expect(requirementHolds(set([], ['act3', 'act4']), done)).toBe(false);
  });

  it('fails when an id of none is done', () => {
    expect(requirementHolds(set([], [], ['act3']), done)).toBe(true);
    expect(requirementHolds(set([], [], ['act3', 'act1']), done)).toBe(false);
  });

  it('needs all three parts at once', () => {
    expect(requirementHolds(set(['act1'], ['act2'], ['act3']), done)).toBe(true);
    expect(requirementHolds(set(['act1'], ['act2'], ['act2']), done)).toBe(false);
  });

  it('tells whether a set names anything', () => {
    expect(hasRequirementIds(set())).toBe(false);
    expect(hasRequirementIds(set([], [], ['act1']))).toBe(true);
  });
});
