import type { Space } from '@resim/contracts';
import { describe, expect, it } from 'vitest';
import { editAccess } from './editor-access';

const spaceOf = (isOwner: boolean, canEdit: boolean): Space => ({
  id: 's1',
  description: 'Cardiology',
  owner: 'owner@example.test',
  isOwner,
  security: { canMove: true, canClone: true, canEdit, canDelete: true },
  created: '2025-01-01T00:00:00.000Z',
});

describe('editAccess (SPEC 4)', () => {
  it('allows editing an Initialized scenario to the owner, or when the space allows it', () => {
    expect(editAccess(0, spaceOf(true, false))).toEqual({ canEdit: true });
    expect(editAccess(0, spaceOf(false, true))).toEqual({ canEdit: true });
  });

  it('is view-only, saying why, when the space does not allow editing', () => {
    expect(editAccess(0, spaceOf(false, false))).toEqual({
      canEdit: false,
      reason: 'Only the owner of “Cardiology” (owner@example.test) can edit the scenarios in it.',
    });
  });

  it('is view-only once the scenario left Initialized', () => {
    expect(editAccess(2, spaceOf(true, true))).toEqual({
      canEdit: false,
      reason: 'This scenario is Open: only an Initialized scenario can be edited.',
    });
  });

  it('is view-only when the space is not known', () => {
    expect(editAccess(0, undefined).canEdit).toBe(false);
  });
});
