import type { EmailTemplate, TemplateMetadata } from '@resim/contracts';
import {
  analyseEmailTemplate,
  builtInTemplates,
  compileEmailTemplate,
  describeTemplateProblem,
  testSendData,
  unknownPlaceholders,
  variablesOfTemplate,
  type EmailTemplateParts,
  type TemplateData,
} from '@resim/domain/email';
import type { Config } from '../../config/config';
import type { EmailTemplateRow } from '../../db/schema';
import { badRequest, conflict } from '../../errors/app-error';
import { iso, type Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { emailSafeHtml } from './email-html';
import * as repo from './email-templates.repository';
import { renderFor, type TemplatedEmailContext } from './send-templated-email';
import { findTemplateSource, type TemplateSource } from './template-source';

/** Templates are their owner's own: a user never sees another's. */
export type TemplateContext = TemplatedEmailContext & {
  readonly clock: Clock;
  readonly userId: string;
  readonly config: Pick<Config, 'publicUrl'>;
};

type TemplateChanges = EmailTemplateParts & { readonly name?: string | undefined };

const metadata = (source: TemplateSource): TemplateMetadata => ({
  templateName: source.name,
  TemplateName: source.name,
  Type: 'EXISTING',
  subject: source.parts.subject,
  builtIn: source.builtIn !== undefined,
  customised: source.builtIn !== undefined && source.own !== undefined,
  purpose: source.builtIn?.purpose ?? null,
  updated: source.own?.updated_at ?? null,
});

const toTemplate = (source: TemplateSource, removed: readonly string[] = []): EmailTemplate => ({
  ...metadata(source),
  content: source.parts.content,
  text: source.parts.text,
  variables: [...variablesOfTemplate(source.name)],
  unknownPlaceholders: unknownPlaceholders(source.name, analyseEmailTemplate(source.parts).placeholders),
  removed: [...removed],
});

/** Refuses a template that does not compile, naming the part and where. */
const requireCompiles = (parts: EmailTemplateParts): void => {
  const { problem } = analyseEmailTemplate(parts);
  if (problem) throw badRequest(describeTemplateProblem(problem));
};

/** The built-in templates, as the user has them, then the user's own, by name. */
export const listTemplates = async (ctx: TemplateContext): Promise<TemplateMetadata[]> => {
  const own = await repo.findOwnTemplates(ctx.db, ctx.userId);
  const ownByName = new Map(own.map((row) => [row.name, row]));
  const builtIn = builtInTemplates.map((template) => {
    const row = ownByName.get(template.name);
    return metadata({ name: template.name, parts: row ?? template, own: row, builtIn: template });
  });
  const custom = own
    .filter((row) => !builtInTemplates.some((template) => template.name === row.name))
    .map((row) => metadata({ name: row.name, parts: row, own: row, builtIn: undefined }));
  return [...builtIn, ...custom];
};

export const getTemplate = async (ctx: TemplateContext, name: string): Promise<EmailTemplate> =>
  toTemplate(await findTemplateSource(ctx.db, ctx.userId, name));

const alreadyYours = (name: string) => conflict(`You already have a template named ${name}; change it with PUT /templates/${name}`);

const insertOwn = async (
  ctx: TemplateContext,
  name: string,
  parts: EmailTemplateParts,
  removed: readonly string[],
): Promise<EmailTemplate> => {
  const now = iso(ctx.clock);
  const row: EmailTemplateRow = { id: newId(), owner_id: ctx.userId, name, ...parts, created_at: now, updated_at: now };
  if (!(await repo.insertTemplate(ctx.db, row))) throw alreadyYours(name);
  return toTemplate(await findTemplateSource(ctx.db, ctx.userId, name), removed);
};

/**
 * The parts to save, once they compile as written (the author's mistakes are named in their own
 * words): the HTML reduced to what an email may safely hold, and what that took out.
 */
const partsOf = (changes: TemplateChanges): { parts: EmailTemplateParts; removed: readonly string[] } => {
  requireCompiles({ subject: changes.subject, content: changes.content, text: changes.text });
  const safe = emailSafeHtml(changes.content);
  const parts = { subject: changes.subject, content: safe.html, text: changes.text };
  requireCompiles(parts);
  return { parts, removed: safe.removed };
};

/** A new template of the user's own, or their first version of a built-in one. */
export const createTemplate = async (
  ctx: TemplateContext,
  changes: TemplateChanges & { readonly name: string },
): Promise<EmailTemplate> => {
  const { parts, removed } = partsOf(changes);
  return insertOwn(ctx, changes.name, parts, removed);
};

/** Saves the user's version: of their own template, or of a built-in one, which leaves the default as it is. */
export const updateTemplate = async (ctx: TemplateContext, name: string, changes: TemplateChanges): Promise<EmailTemplate> => {
  if (changes.name !== undefined && changes.name !== name) {
    throw badRequest(`templateName: ${changes.name} is not the name in the address (${name}); templates cannot be renamed`);
  }
  const source = await findTemplateSource(ctx.db, ctx.userId, name);
  const { parts, removed } = partsOf(changes);
  if (!source.own) return insertOwn(ctx, name, parts, removed);
  await repo.updateTemplate(ctx.db, source.own.id, { ...parts, updated_at: iso(ctx.clock) });
  return toTemplate(await findTemplateSource(ctx.db, ctx.userId, name), removed);
};

/** Removes the user's own template, or their version of a built-in one, which returns to its default. */
export const deleteTemplate = async (ctx: TemplateContext, name: string): Promise<void> => {
  const source = await findTemplateSource(ctx.db, ctx.userId, name);
  if (!source.own) throw conflict(`${name} is a built-in template you have not changed; there is nothing to delete or reset`);
  await repo.deleteTemplate(ctx.db, source.own.id);
};

/** Renders the template with the data over its sample data, links at PUBLIC_URL, and queues it to one address. */
export const sendTestEmail = async (ctx: TemplateContext, name: string, test: { to: string; data: TemplateData }): Promise<string> => {
  const source = await findTemplateSource(ctx.db, ctx.userId, name);
  const rendered = renderFor(compileEmailTemplate(source.parts), ctx, test.to, testSendData(name, test.data, ctx.config.publicUrl));
  return ctx.email.send({ ...rendered, to: test.to, senderId: ctx.userId, spaceId: null, templateName: name });
};
