import { describe, expect, it } from 'vitest';
import { createSmtpTransport, redactSmtpUrl } from './smtp-transport';

describe('the SMTP transport', () => {
  it('names its server without the password', () => {
    expect(redactSmtpUrl('smtp://mailer:hunter2@mail.example.test:587')).toBe('smtp://mailer:***@mail.example.test:587');
    expect(redactSmtpUrl('smtps://mail.example.test')).toBe('smtps://mail.example.test');
    const transport = createSmtpTransport({ url: 'smtps://mailer:hunter2@mail.example.test', from: 'x@example.test' });
    expect(transport.description).toBe('SMTP at smtps://mailer:***@mail.example.test');
    transport.close();
  });
});
