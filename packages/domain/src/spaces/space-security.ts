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
