import { describe, expect, it } from 'vitest';
import { parseGroupList, readGroups } from '../identity/groups';
import { mayEditInSpace, mayMoveOutOf, moveInRefused, moveOutRefused, moveRefusal, resolveSecurity } from './space-security';

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

describe('moving a scenario between spaces (SPEC 6 canMove)', () => {
  const open = { security: resolveSecurity({}), isOwner: false };
  const noMove = { security: resolveSecurity({ canMove: false }), isOwner: false };
  const noEdit = { security: resolveSecurity({ canEdit: false }), isOwner: false };

  it('lets a scenario out only with canMove on, or to the owner', () => {
    expect(moveRefusal(open, open)).toBeNull();
    expect(moveRefusal(noMove, open)).toBe(moveOutRefused);
    expect(moveRefusal(noMove, open)).toContain('canMove');
    expect(moveRefusal({ ...noMove, isOwner: true }, open)).toBeNull();
    expect(mayMoveOutOf(noMove)).toBe(false);
    expect(mayMoveOutOf({ ...noMove, isOwner: true })).toBe(true);
  });

  it('lets a scenario in only where the caller may edit', () => {
    expect(moveRefusal(open, noEdit)).toBe(moveInRefused);
    expect(moveRefusal(open, { ...noEdit, isOwner: true })).toBeNull();
    // canMove of the target is not asked: it governs leaving, not arriving.
    expect(moveRefusal(open, noMove)).toBeNull();
  });
});
