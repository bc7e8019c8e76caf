import { byCount } from '@resim/domain';

const namedAtMost = 5;

/** The first few emails of a list and how many more, for a question that says who it is about. */
export const nameLearners = (emails: readonly string[]): string => {
  const named = emails.slice(0, namedAtMost).join(', ');
  return emails.length > namedAtMost ? `${named} and ${(emails.length - namedAtMost).toLocaleString()} more` : named;
};

export const learnersCount = (count: number): string => `${count.toLocaleString()} ${byCount(count, 'learner', 'learners')}`;
