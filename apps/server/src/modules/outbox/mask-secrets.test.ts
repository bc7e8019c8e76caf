import { describe, expect, it } from 'vitest';
import { renderConfirmationEmail } from '../email-confirmation/confirmation-email';
import { maskSecrets } from './mask-secrets';

describe('password links in the outbox', () => {
  it('keep their address but lose their token, in text and in HTML', () => {
    const token = 'Abc_DEF-123456789012345678901234567890abcde';
    expect(maskSecrets(`Choose it here: https://sim.test/account/reset/${token}\nThanks`)).toBe(
      'Choose it here: https://sim.test/account/reset/[hidden]\nThanks',
    );
    expect(maskSecrets(`<a href="https://sim.test/account/reset/${token}">https://sim.test/account/reset/${token}</a>`)).toBe(
      '<a href="https://sim.test/account/reset/[hidden]">https://sim.test/account/reset/[hidden]</a>',
    );
    expect(maskSecrets('Sign in here: https://sim.test/play')).toBe('Sign in here: https://sim.test/play');
  });
});

describe('confirmation codes in the outbox', () => {
  it('are hidden, in text and in HTML, and other numbers are not', () => {
    const rendered = renderConfirmationEmail({ code: '042917', minutes: 15, productName: 'Resim', recipientEmail: 'ann@example.test' });
    expect(maskSecrets(rendered.text)).toContain('Your confirmation code is [hidden]');
    expect(maskSecrets(rendered.html)).toContain('Your confirmation code is <strong>[hidden]</strong>');
    expect(maskSecrets(rendered.text + rendered.html)).not.toContain('042917');
    expect(maskSecrets('Room 123456 is booked.')).toBe('Room 123456 is booked.');
  });
});
