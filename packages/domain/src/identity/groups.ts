/** SPEC 6: membership in group 'developer' sets isDeveloper. */
export const developerGroup = 'developer';

export type GroupAccess = {
  readonly isDeveloper: boolean;
  /** Every group other than 'developer' names a space (SPEC 6). */
  readonly spaceIds: readonly string[];
};

export const readGroups = (groups: readonly string[]): GroupAccess => ({
  isDeveloper: groups.includes(developerGroup),
  spaceIds: groups.filter((group) => group !== developerGroup),
});

/** Groups as typed on a command line or in a form: comma separated, blanks dropped, no duplicates. */
export const parseGroupList = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((group) => group.trim())
      .filter((group) => group.length > 0),
  ),
];
