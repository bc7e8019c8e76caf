import { compileEmailTemplate, type EmailTemplateParts } from '@resim/domain/email';

/** What the outbox names the message by. */
export const confirmationTemplateName = 'email-confirmation';

/**
 * The system's email with a sign-in's confirmation code, in the look of the built-in templates. It
 * is not one of the templates users edit: it comes from the product, not from a person. The
 * outbox hides the code after its wording (mask-secrets.ts): keep "confirmation code is" before it.
 */
const parts: EmailTemplateParts = {
  subject: 'Confirm your email for {{productName}}',
  content: [
    '<p>Hello,</p>',
    '<p>Someone is signing in to {{productName}} as {{recipientEmail}}. To confirm this address is yours, enter the code on the sign-in page.</p>',
    '<p>Your confirmation code is <strong>{{code}}</strong></p>',
    '<p>It works for {{minutes}} minutes. If it was not you, ignore this email; nobody can sign in without the code.</p>',
  ].join('\n'),
  text: null,
};

export const renderConfirmationEmail = compileEmailTemplate(parts);
