import { describe, expect, it } from 'vitest';
import { maskPasswordLinks } from './mask-password-links';

describe('password links in the outbox', () => {
  it('keep their address but lose their token, in text and in HTML', () => {
    const token = 'Abc_DEF-123456789012345678901234567890abcde';
    expect(maskPasswordLinks(`Choose it here: https://sim.test/account/reset/${token}\nThanks`)).toBe(
      'Choose it here: https://sim.test/account/reset/[hidden]\nThanks',
    );
    expect(maskPasswordLinks(`<a href="https://sim.test/account/reset/${token}">https://sim.test/account/reset/${token}</a>`)).toBe(
      '<a href="https://sim.test/account/reset/[hidden]">https://sim.test/account/reset/[hidden]</a>',
    );
    expect(maskPasswordLinks('Sign in here: https://sim.test/play')).toBe('Sign in here: https://sim.test/play');
  });
});
