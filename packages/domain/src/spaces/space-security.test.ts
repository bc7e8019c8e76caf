import { describe, expect, it } from 'vitest';
import { parseGroupList, readGroups } from '../identity/groups';
import { mayEditInSpace, resolveSecurity } from './space-security';

describe('space security (SPEC 6)', () => {
  it('defaults every absent flag to true', () => {
    expect(resolveSecurity(undefined)).toEqual({ canMove: true, canClone: true, canEdit: true, canDelete: true });
    expect(resolveSecurity({ canEdit: false, canMove: null })).toEqual({ canMove: true, canClone: true, canEdit: false, canDelete: true });
  });

  it('lets the owner always edit', () => {
    const locked = resolveSecurity({ canEdit: false });
    expect(mayEditInSpace(locked, true)).toBe(true);
    expect(mayEditInSpace(locked, false)).toBe(false);
  });
});

describe('groups (SPEC 6)', () => {
  it("reads 'developer' as isDeveloper and every other group as a space", () => {
    expect(readGroups(['developer', 'space-a', 'space-b'])).toEqual({ isDeveloper: true, spaceIds: ['space-a', 'space-b'] });
    expect(readGroups([])).toEqual({ isDeveloper: false, spaceIds: [] });
  });

  it('parses a typed group list', () => {
    expect(parseGroupList(' a, b,,a , ')).toEqual(['a', 'b']);
    expect(parseGroupList('')).toEqual([]);
  });
});
