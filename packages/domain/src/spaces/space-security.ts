export type SpaceSecurity = {
  readonly canMove: boolean;
  readonly canClone: boolean;
  readonly canEdit: boolean;
  readonly canDelete: boolean;
};

export const securityFlags = ['canMove', 'canClone', 'canEdit', 'canDelete'] as const;
export type SecurityFlag = (typeof securityFlags)[number];

/** SPEC 6: every security flag defaults to true when absent. */
export const resolveSecurity = (stored: Partial<Record<SecurityFlag, boolean | null>> | null | undefined): SpaceSecurity => ({
  canMove: stored?.canMove ?? true,
  canClone: stored?.canClone ?? true,
  canEdit: stored?.canEdit ?? true,
  canDelete: stored?.canDelete ?? true,
});

/** SPEC 6: the space owner may always edit; others follow the canEdit flag. */
export const mayEditInSpace = (security: SpaceSecurity, isOwner: boolean): boolean => isOwner || security.canEdit;

/** What the caller may do in one space: its flags, and whether they own it. */
export type SpaceAccess = { readonly security: SpaceSecurity; readonly isOwner: boolean };

/** Whether anything may leave this space: the card's and the editor's "Move to space..." are disabled otherwise. */
export const mayMoveOutOf = (from: SpaceAccess): boolean => from.isOwner || from.security.canMove;

export const moveOutRefused = 'This space does not allow moving its scenarios out (canMove is off); ask its owner';
export const moveInRefused = 'The target space does not allow editing (canEdit is off), so nothing can be moved into it; ask its owner';

/**
 * SPEC 6's canMove, as we read it: a scenario leaves a space only if the caller owns that space
 * or its canMove is on, and enters only a space the caller may edit (owner, or canEdit on).
 * Returns why a move is refused, or null when it is allowed.
 */
export const moveRefusal = (from: SpaceAccess, to: SpaceAccess): string | null => {
  if (!mayMoveOutOf(from)) return moveOutRefused;
  if (!mayEditInSpace(to.security, to.isOwner)) return moveInRefused;
  return null;
};
