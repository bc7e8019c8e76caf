import { describe, expect, it } from 'vitest';
import { matchesUserRestriction, userRestrictionProblem, userRestrictionProblems } from './user-restriction';

describe('user restriction patterns (SPEC 3)', () => {
  it('accepts email patterns with * and explains the rest', () => {
    expect(userRestrictionProblem('*@hospital.org')).toBeUndefined();
    expect(userRestrictionProblem('Ann.Lee@Lab.example')).toBeUndefined();
    expect(userRestrictionProblem('')).toBe('A pattern must not be empty');
    expect(userRestrictionProblem('a b@x')).toMatch(/letters, digits/);
    expect(userRestrictionProblem('a@b@c')).toBe('A pattern may hold at most one @');
    expect(userRestrictionProblem('**')).toMatch(/lets everyone in/);
    expect(userRestrictionProblems(['*@ok.org', 'bad pattern'])).toEqual([
      expect.stringContaining('userRestriction.pattern[1] "bad pattern"'),
    ]);
  });

  it('matches whole emails, case-insensitively, and lets anyone in when there are no patterns', () => {
    expect(matchesUserRestriction('Ann@Hospital.org', ['*@hospital.org'])).toBe(true);
    expect(matchesUserRestriction('ann@hospital.org.evil', ['*@hospital.org'])).toBe(false);
    expect(matchesUserRestriction('ann@ward.nhs.uk', ['*.nhs.uk'])).toBe(true);
    expect(matchesUserRestriction('anyone@x.test', [])).toBe(true);
    expect(matchesUserRestriction('a+b@x.test', ['a+b@x.test'])).toBe(true);
  });
});
