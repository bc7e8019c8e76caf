import { describe, expect, it } from 'vitest';
import { clientOf } from './monitoring-fixtures';
import { groupByScenario, lastStepWords, learnerDetail, progressPercent, progressWords } from './monitoring-format';

describe('what Monitoring says of a learner', () => {
  it('measures progress by the tests run and diagnoses confirmed of those offered, a finished run being complete', () => {
    const progress = { stages: { done: 1, total: 2 }, actions: { done: 1, total: 2 }, conclusions: { done: 1, total: 2 }, points: 5 };
    expect(progressPercent(clientOf('Ana', { progress }))).toBe(50);
    expect(progressPercent(clientOf('Ana', { progress, finished: true }))).toBe(100);
    const empty = { ...progress, actions: { done: 0, total: 0 }, conclusions: { done: 0, total: 0 } };
    expect(progressPercent(clientOf('Ana', { progress: empty }))).toBe(0);
    expect(progressWords(progress)).toBe('1 of 2 tests · 1 of 2 diagnoses');
    // Counted by the plural rules: one test, one diagnosis.
    const single = { ...progress, actions: { done: 0, total: 1 }, conclusions: { done: 1, total: 1 } };
    expect(progressWords(single)).toBe('0 of 1 test · 1 of 1 diagnosis');
  });

  it('tells the last step in words, or where the learner stands before their first', () => {
    expect(lastStepWords(clientOf('Ana', { lastStep: { type: 'runAction', items: ['Full blood count'], at: 'x' } }))).toBe(
      'Ran Full blood count',
    );
    expect(lastStepWords(clientOf('Ana', { lastStep: { type: 'confirmConclusions', items: ['Iron', 'B12'], at: 'x' } }))).toBe(
      'Confirmed Iron and B12',
    );
    expect(lastStepWords(clientOf('Ana'))).toBe('Started, no step yet');
    expect(lastStepWords(clientOf('Ana', { startedAt: null }))).toBe('Joined, waiting for the start');
  });

  it('names the account behind a signed-in learner, and an anonymous one as such', () => {
    expect(learnerDetail(clientOf('Ana').learner)).toBe('Anonymous');
    expect(learnerDetail({ nickname: 'nurse', name: 'Nora Nurse', email: 'nurse@hospital.test', anonymous: false })).toBe(
      'Nora Nurse · nurse@hospital.test',
    );
  });

  it('groups the runs by scenario in the order given', () => {
    const ward = { id: 'r2', name: 'Ward round', spaceId: 's1', spaceName: 'Clinic' };
    const groups = groupByScenario([clientOf('Ana'), clientOf('Ben', { scenario: ward }), clientOf('Cy')]);
    expect(groups.map((group) => [group.name, group.clients.map((client) => client.learner.nickname)])).toEqual([
      ['Anaemia clinic', ['Ana', 'Cy']],
      ['Ward round', ['Ben']],
    ]);
  });
});
