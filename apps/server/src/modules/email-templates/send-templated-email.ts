import { compileEmailTemplate, type RenderedEmail, type TemplateData } from '@resim/domain/email';
import type { EmailAttachment } from '../../adapters/email/email';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import { badRequest } from '../../errors/app-error';
import type { EmailSender } from '../outbox/email-queue';
import { sanitizeEmailHtml } from './email-html';
import { findTemplateSource } from './template-source';

/** What sending templated email needs; db may be a transaction, in which the email is queued. */
export type TemplatedEmailContext = {
  readonly db: Database;
  readonly email: EmailSender;
  readonly config: Pick<Config, 'productName'>;
};

export type TemplatedEmails = {
  /** a built-in template (learner-invitation, learner-reminder, space-invitation, space-owner, run-report) or one of the sender's */
  readonly templateName: string;
  /** whose version of the template is used, and who the outbox says sent it; null: the system, with the default */
  readonly senderId: string | null;
  /** the space the email concerns: its members see it in the outbox */
  readonly spaceId: string | null;
  /** each with the files sent to them alone, such as their own report */
  readonly recipients: readonly { readonly to: string; readonly data: TemplateData; readonly attachments?: readonly EmailAttachment[] }[];
};

/**
 * Renders one recipient's email; productName and recipientEmail are always the server's. Its HTML
 * is made email-safe once more as sent: a template saved before templates were, or a value a
 * template writes unescaped ({{{…}}}), reaches nobody with a script in it.
 */
export const renderFor = (
  render: (data: TemplateData) => RenderedEmail,
  context: TemplatedEmailContext,
  to: string,
  data: TemplateData,
): RenderedEmail => {
  try {
    const rendered = render({ ...data, productName: context.config.productName, recipientEmail: to });
    return { ...rendered, html: sanitizeEmailHtml(rendered.html) };
  } catch (error) {
    throw badRequest(`The email template could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
  }
};

/**
 * Renders the sender's version of a template, or the built-in default, for every recipient and
 * queues the messages in batches; returns their ids in the recipients' order. The template is
 * compiled once, however many recipients there are.
 */
export const sendTemplatedEmails = async (ctx: TemplatedEmailContext, emails: TemplatedEmails): Promise<string[]> => {
  const source = await findTemplateSource(ctx.db, emails.senderId, emails.templateName);
  const render = compileEmailTemplate(source.parts);
  return ctx.email.sendMany(
    emails.recipients.map(({ to, data, attachments }) => ({
      ...renderFor(render, ctx, to, data),
      ...(attachments ? { attachments } : {}),
      to,
      senderId: emails.senderId,
      spaceId: emails.spaceId,
      templateName: emails.templateName,
    })),
    ctx.db,
  );
};

/** sendTemplatedEmails for one recipient; returns the queued message's id. */
export const sendTemplatedEmail = async (
  ctx: TemplatedEmailContext,
  email: Omit<TemplatedEmails, 'recipients'> & { readonly to: string; readonly data: TemplateData },
): Promise<string> => {
  const { to, data, ...rest } = email;
  return (await sendTemplatedEmails(ctx, { ...rest, recipients: [{ to, data }] }))[0]!;
};
