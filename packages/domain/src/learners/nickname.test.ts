import { describe, expect, it } from 'vitest';
import { nicknameMaxLength, nicknameProblem, normaliseNickname } from './nickname';

describe('nicknameProblem', () => {
  it('takes a name once written one way', () => {
    expect(normaliseNickname('  Ａｄａ ')).toBe('Ada');
    expect(nicknameProblem(normaliseNickname('  Ａｄａ '))).toBeNull();
  });

  it('asks for a name, and one short enough for the scoreboard', () => {
    expect(nicknameProblem('')).toBe('Give a nickname');
    expect(nicknameProblem('a'.repeat(nicknameMaxLength))).toBeNull();
    expect(nicknameProblem('a'.repeat(nicknameMaxLength + 1))).toBe('A nickname has at most 40 characters');
  });

  it('says the first reason a name cannot be used', () => {
    expect(nicknameProblem('\u202Eada@x.org')).toBe('A nickname cannot hold characters that change the direction of text');
    expect(nicknameProblem('Host')).toBe('“Host” is kept for the session’s host: choose another nickname');
  });
});
