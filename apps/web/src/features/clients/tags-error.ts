import { tagProblem } from '@resim/contracts';
import { capitalise } from '../../ui/format';

/** What is wrong with the first bad tag typed, by the server's rule, or null when all are good. */
export const tagsError = (tags: readonly string[]): string | null => {
  for (const tag of tags) {
    const problem = tagProblem(tag);
    if (problem) return capitalise(`${tag.trim() || 'an empty tag'}: ${problem}`);
  }
  return null;
};
