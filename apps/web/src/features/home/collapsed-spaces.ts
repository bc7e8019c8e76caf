/** The saved list of folded spaces after one space is folded or unfolded; order kept, no duplicates. */
export const setSpaceCollapsed = (collapsed: readonly string[], spaceId: string, fold: boolean): string[] => {
  const others = collapsed.filter((id) => id !== spaceId);
  return fold ? [...others, spaceId] : others;
};
