import { idProblems } from './id-problems';
import { mediaProblems } from './media';
import type { ReadonlyContent } from './readonly-content';
import { referenceProblems } from './references';
import { scheduleProblems } from './schedule';
import { userRestrictionProblems } from './user-restriction';

/**
 * Everything that makes scenario content unsavable, each problem naming where it is: ids past the
 * limit, references to items that do not exist, restriction patterns, the schedule, media
 * addresses. The server refuses a save with any; the editor shows them before sending.
 */
export const scenarioProblems = (content: ReadonlyContent): string[] => [
  ...idProblems(content),
  ...referenceProblems(content),
  ...userRestrictionProblems(content.userRestriction.pattern),
  ...scheduleProblems(content),
  ...mediaProblems(content),
];
