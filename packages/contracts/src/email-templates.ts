import { z } from 'zod';

/** A template's name, as it appears in addresses. */
export const emailTemplateNamePattern = /^[a-z0-9][a-z0-9-]{0,63}$/;
const templateName = z
  .string()
  .regex(emailTemplateNamePattern, 'must be 1 to 64 lower-case letters, digits and hyphens, starting with a letter or digit');

/** Bounds of each part, in bytes of UTF-8 as the email will carry them. */
export const emailTemplateLimits = { subject: 1000, content: 100 * 1024, text: 100 * 1024 } as const;

const utf8Length = (text: string): number => {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
};
const sizeLabel = (bytes: number): string => (bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`);
const part = (field: keyof typeof emailTemplateLimits) =>
  z
    .string()
    .refine(
      (value) => utf8Length(value) <= emailTemplateLimits[field],
      `${field} must be at most ${sizeLabel(emailTemplateLimits[field])}`,
    );

const templateFields = {
  /** SPEC 3: templateName, or TemplateName; either is accepted */
  templateName: templateName.optional(),
  TemplateName: templateName.optional(),
  subject: part('subject').refine((value) => value.trim() !== '', 'subject must not be empty'),
  content: part('content'),
  /** the text part; absent, null or empty: derived from the HTML */
  text: part('text').nullable().optional(),
  Type: z.literal('EXISTING').optional(),
};

type TemplateFields = { templateName?: string | undefined; TemplateName?: string | undefined; text?: string | null | undefined };

const sameName = (body: TemplateFields) => !body.templateName || !body.TemplateName || body.templateName === body.TemplateName;
const normalised = <T extends TemplateFields>({ templateName, TemplateName, text, ...rest }: T) => ({
  ...rest,
  name: templateName ?? TemplateName,
  text: text?.trim() ? text : null,
});

export const createEmailTemplateBody = z
  .strictObject(templateFields)
  .refine(sameName, { message: 'templateName and TemplateName differ', path: ['TemplateName'] })
  .refine((body) => Boolean(body.templateName ?? body.TemplateName), { message: 'required', path: ['templateName'] })
  .transform((body) => ({ ...normalised(body), name: (body.templateName ?? body.TemplateName)! }));

/** The name is the address's; a name in the body must be the same. */
export const putEmailTemplateBody = z
  .strictObject(templateFields)
  .refine(sameName, { message: 'templateName and TemplateName differ', path: ['TemplateName'] })
  .transform(normalised);

export const emailTemplateParams = z.strictObject({ name: templateName });

export const sendTestEmailBody = z.strictObject({
  to: z.email().max(254),
  /** merged over the template's sample data */
  data: z.record(z.string(), z.unknown()).default({}),
});

export const templateVariable = z
  .object({ name: z.string(), description: z.string(), sample: z.unknown() })
  .meta({ id: 'TemplateVariable' });

const templateMetadata = z.object({
  templateName: z.string(),
  TemplateName: z.string(),
  Type: z.literal('EXISTING'),
  subject: z.string(),
  builtIn: z.boolean().describe('One of the product’s templates, which every user has'),
  customised: z.boolean().describe('A built-in template the caller has saved a version of'),
  purpose: z.string().nullable().describe('What a built-in template is sent for'),
  updated: z.string().nullable(),
});

/** SPEC 7: GET /templates reads TemplatesMetadata. */
export const templatesMetadata = z.array(templateMetadata.meta({ id: 'TemplateMetadata' })).meta({ id: 'TemplatesMetadata' });
export type TemplateMetadata = z.infer<typeof templateMetadata>;

/** SPEC 7: GET /templates/{name} reads Template. */
export const emailTemplate = templateMetadata
  .extend({
    content: z.string(),
    text: z.string().nullable(),
    variables: z.array(templateVariable).describe('The variables this template may use'),
    unknownPlaceholders: z.array(z.string()).describe('Variables the template uses that are not among them; they render empty'),
    removed: z
      .array(z.string())
      .describe('What saving took out of the HTML as unsafe in an email (scripts, event handlers, javascript: links…); empty otherwise'),
  })
  .meta({ id: 'Template' });
export type EmailTemplate = z.infer<typeof emailTemplate>;
