import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import {
  accommodatedLearners,
  accommodationName,
  accommodationRefusal,
  extraTimeSummary,
  stillPlayingAccommodated,
} from './accommodations';
import { boardLearnerOf } from './results/results-fixtures';

const refusal = (status: number, message: string, body: unknown = { code: 'conflict', message }) =>
  new ApiError(message, { method: 'POST', path: '/admin/control/r1/3', status, code: 'conflict', body });

describe('accommodated learners', () => {
  const learners = [
    boardLearnerOf('Ann', { accommodation: '+50 % time', startedAt: 'x' }),
    boardLearnerOf('Bo', { accommodation: 'untimed', startedAt: 'x', endedAt: 'y' }),
    boardLearnerOf('Cy', { startedAt: 'x' }),
    boardLearnerOf('Dee', { accommodation: '+25 min', endReason: 'removed', endedAt: 'y' }),
  ];

  it('counts those with an allowance, not those the host removed', () => {
    expect(accommodatedLearners(learners).map((learner) => learner.nickname)).toEqual(['Ann', 'Bo']);
  });

  it('finds those whose run has not ended', () => {
    expect(stillPlayingAccommodated(learners).map((learner) => learner.nickname)).toEqual(['Ann']);
  });

  it('says how many and what each has in words', () => {
    expect(extraTimeSummary(1)).toBe('1 learner with extra time');
    expect(extraTimeSummary(2)).toBe('2 learners with extra time');
    expect(accommodationName('+50 % time')).toBe('Extra time: +50 % time');
  });
});

describe('accommodationRefusal', () => {
  it('reads a refused Stop that names learners, as nicknames or with their allowance', () => {
    expect(accommodationRefusal(refusal(409, 'Ann is still playing', { code: 'conflict', message: 'x', learners: ['Ann'] }))).toEqual({
      message: 'Ann is still playing',
      learners: [{ nickname: 'Ann', accommodation: null }],
    });
    const listed = { code: 'conflict', message: 'x', learners: [{ nickname: 'Bo', accommodation: 'untimed' }, 7] };
    expect(accommodationRefusal(refusal(409, 'Still within their time', listed))?.learners).toEqual([
      { nickname: 'Bo', accommodation: 'untimed' },
    ]);
  });

  it('reads one whose message speaks of extra time even without a list', () => {
    expect(accommodationRefusal(refusal(409, 'Learners with extra time are still playing: Ann, Bo'))).toEqual({
      message: 'Learners with extra time are still playing: Ann, Bo',
      learners: [],
    });
  });

  it('leaves every other failure alone', () => {
    expect(accommodationRefusal(refusal(409, 'The status was changed by someone else; reload the scenario'))).toBeNull();
    expect(accommodationRefusal(refusal(400, 'extra time', { learners: ['Ann'] }))).toBeNull();
    expect(accommodationRefusal(new Error('extra time'))).toBeNull();
  });
});
