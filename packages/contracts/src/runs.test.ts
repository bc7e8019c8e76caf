import { describe, expect, it } from 'vitest';
import { joinBody } from './runs';

const nicknameOf = (nickname: string) => joinBody.safeParse({ nickname });
const refusal = (nickname: string) => nicknameOf(nickname).error?.issues.map((issue) => issue.message);

describe('a nickname', () => {
  it('is kept in one way of writing it, trimmed', () => {
    expect(nicknameOf('  Ａｄａ  ').data).toEqual({ nickname: 'Ada' });
    expect(nicknameOf('ﬁona').data).toEqual({ nickname: 'fiona' });
    // Emoji joined into one (a health worker) and accented names stay as they are.
    expect(nicknameOf('👩‍⚕️ Zoë').data).toEqual({ nickname: '👩‍⚕️ Zoë' });
    expect(nicknameOf('José María').success).toBe(true);
  });

  it('refuses controls and characters that turn the text around', () => {
    expect(refusal('Ada\u0000')).toEqual(['A nickname cannot hold control characters']);
    expect(refusal('Ada\u0007Lovelace')).toEqual(['A nickname cannot hold control characters']);
    expect(refusal('\u202Eecalevol')).toEqual(['A nickname cannot hold characters that change the direction of text']);
    expect(refusal('Ada\u2067x')).toEqual(['A nickname cannot hold characters that change the direction of text']);
  });

  it('refuses one that shows nothing', () => {
    for (const unseen of ['\u200B\u200B', '\u2800', '\u3164', '\uFEFF', ' \u200D ', '\u0301'])
      // Trimmed away whole ("\uFEFF" is a space to trim), it is no nickname at all.
      expect(refusal(unseen), JSON.stringify(unseen)).toEqual([
        unseen === '\uFEFF' ? 'Give a nickname' : 'Give a nickname that can be seen',
      ]);
  });

  it("refuses an email address, and the host's words", () => {
    expect(refusal('ada@hospital.org')).toEqual(['A nickname cannot be an email address: everyone in the session sees it']);
    for (const word of ['Presenter', 'HOST', ' admin ', 'Teacher!', 'Ｐｒｅｓｅｎｔｅｒ'])
      expect(refusal(word)?.[0], word).toMatch(/is kept for the session’s host: choose another nickname$/);
    expect(nicknameOf('Presenter Ada').success).toBe(true);
  });
});
