/** Who is calling, as every route sees it, whichever way they signed in. */
export type Principal = {
  readonly userId: string;
  readonly email: string;
  readonly name: string | null;
  readonly groups: readonly string[];
  readonly isDeveloper: boolean;
  /** Space ids named by groups (SPEC 6) */
  readonly groupSpaceIds: readonly string[];
};
