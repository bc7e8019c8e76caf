import { describe, expect, it } from 'vitest';
import { isEmailAddress, normaliseEmail, tagProblem } from './learners';

describe('learner rules shared by server and console', () => {
  it('normalises emails to trimmed lower case and accepts only addresses', () => {
    expect(normaliseEmail('  Ann@Example.TEST ')).toBe('ann@example.test');
    expect(isEmailAddress('ann@example.test')).toBe(true);
    for (const bad of ['', 'ann', 'ann@', '@example.test', 'ann example@test.org', 'ann@@example.test'])
      expect(isEmailAddress(bad)).toBe(false);
  });

  it('names what is wrong with a tag', () => {
    expect(tagProblem(' night ')).toBeNull();
    expect(tagProblem('  ')).toBe('a tag must not be empty');
    expect(tagProblem('x'.repeat(41))).toBe('a tag has at most 40 characters');
  });
});
