import type { BoardLearner, ControlQuery } from '@resim/contracts';
import { isApiError } from '../../api/api-error';

/** What a Stop says of the runs still within their extra time: leave them to finish, or end them now. */
export type Accommodated = NonNullable<ControlQuery['accommodated']>;

/** A learner with a time allowance, as the host reads them: their nickname and its label ('+50 % time', 'untimed'). */
export type AccommodatedLearner = { readonly nickname: string; readonly accommodation: string | null };

/** The learners of an opening who play with a time allowance; those the host removed are left out. */
export const accommodatedLearners = <L extends Pick<BoardLearner, 'accommodation' | 'endReason'>>(learners: readonly L[]): L[] =>
  learners.filter((learner) => learner.accommodation !== null && learner.endReason !== 'removed');

/** Of them, those whose run has not ended: a Stop would cut their extra time short. */
export const stillPlayingAccommodated = <L extends Pick<BoardLearner, 'accommodation' | 'endReason' | 'endedAt'>>(
  learners: readonly L[],
): L[] => accommodatedLearners(learners).filter((learner) => learner.endedAt === null);

/** '1 learner with extra time', '2 learners with extra time'. */
export const extraTimeSummary = (count: number): string => `${count} ${count === 1 ? 'learner' : 'learners'} with extra time`;

/** The accessible name of a learner's allowance badge: 'Extra time: +50 % time'. */
export const accommodationName = (label: string): string => `Extra time: ${label}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The learners a refusal names, when it lists them: as nicknames, or as learners with their allowance. */
const namedLearners = (body: unknown): AccommodatedLearner[] => {
  const listed = isRecord(body) ? body['learners'] : undefined;
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((item: unknown): AccommodatedLearner[] => {
    if (typeof item === 'string') return [{ nickname: item, accommodation: null }];
    if (isRecord(item) && typeof item['nickname'] === 'string')
      return [{ nickname: item['nickname'], accommodation: typeof item['accommodation'] === 'string' ? item['accommodation'] : null }];
    return [];
  });
};

/**
 * The server's refusal of a Stop while learners with extra time are still within it (409, naming
 * them), told apart from its other conflicts (a status changed meanwhile) by the learners it lists
 * or by what its message speaks of; null for any other failure.
 */
export const accommodationRefusal = (error: unknown): { readonly message: string; readonly learners: AccommodatedLearner[] } | null => {
  if (!isApiError(error) || error.status !== 409) return null;
  const learners = namedLearners(error.body);
  if (learners.length === 0 && !/extra time|untimed|accommodat/i.test(error.message)) return null;
  return { message: error.message, learners };
};
