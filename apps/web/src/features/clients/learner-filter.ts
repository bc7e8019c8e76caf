import type { Learner } from '@resim/contracts';

/** What the table and the matrix show: learners whose email holds the search, with any of the tags chosen. */
export type LearnerFilter = { readonly search: string; readonly tags: readonly string[] };

export const noFilter: LearnerFilter = { search: '', tags: [] };

export const filterLearners = (learners: readonly Learner[], filter: LearnerFilter): readonly Learner[] => {
  const search = filter.search.trim().toLowerCase();
  const tags = new Set(filter.tags);
  if (search === '' && tags.size === 0) return learners;
  return learners.filter(
    (learner) => (search === '' || learner.email.includes(search)) && (tags.size === 0 || learner.tags.some((tag) => tags.has(tag))),
  );
};

/** Every tag some learner has, in alphabetical order. */
export const tagsPresent = (learners: readonly Learner[]): string[] =>
  [...new Set(learners.flatMap((learner) => learner.tags))].sort((a, b) => a.localeCompare(b));
