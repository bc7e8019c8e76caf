import { describe, expect, it } from 'vitest';
import { scenarioProblems } from './scenario-problems';
import { content } from './test/fixtures';

describe('scenario problems', () => {
  it('finds none in a sound scenario', () => {
    expect(scenarioProblems(content({ stages: [{ id: 'stg1', name: 'A' }], actions: [{ id: 'act1', name: 'B', stage: 'stg1' }] }))).toEqual(
      [],
    );
  });

  it('gathers every kind of problem, each naming where it is', () => {
    const problems = scenarioProblems(
      content({
        actions: [{ id: 'act5000', name: 'Too far', stage: 'stg9', factFiles: [{ id: 'f1', url: 'javascript:x' }] }],
        userRestriction: { pattern: ['*'] },
        scheduleStart: '2026-12-02T00:00:00Z',
        scheduleEnd: '2026-12-01T00:00:00Z',
      }),
    );
    expect(problems).toEqual([
      expect.stringContaining('act5000'),
      'actions[0].stage: unknown stage "stg9"',
      expect.stringContaining('userRestriction.pattern[0]'),
      'scheduleEnd: must come after scheduleStart',
      'actions[0].factFiles[0].url: Use an address starting with https://, http:// or /',
    ]);
  });
});
