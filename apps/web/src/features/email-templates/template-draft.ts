import { createEmailTemplateBody, type EmailTemplate } from '@resim/contracts';
import {
  analyseEmailTemplate,
  describeTemplateProblem,
  sampleData,
  unknownPlaceholders,
  type EmailTemplateParts,
} from '@resim/domain/email';
import { capitalise } from '../../ui/format';

/** What the editor holds while the user types; an empty text part is derived from the HTML. */
export type TemplateDraft = { readonly name: string; readonly subject: string; readonly content: string; readonly text: string };
export type DraftField = keyof TemplateDraft;

export const newTemplateDraft: TemplateDraft = { name: '', subject: '', content: '<p>Hello,</p>\n<p></p>', text: '' };

export const draftOf = (template: EmailTemplate): TemplateDraft => ({
  name: template.templateName,
  subject: template.subject,
  content: template.content,
  text: template.text ?? '',
});

export const sameDraft = (a: TemplateDraft, b: TemplateDraft): boolean =>
  a.name === b.name && a.subject === b.subject && a.content === b.content && a.text === b.text;

export const partsOf = (draft: TemplateDraft): EmailTemplateParts => ({
  subject: draft.subject,
  content: draft.content,
  text: draft.text.trim() ? draft.text : null,
});

export type DraftCheck = {
  /** a field the server would refuse, with why */
  readonly fieldErrors: Partial<Record<DraftField, string>>;
  /** a part that does not compile, as the server says it */
  readonly problem: string | null;
  readonly unknownPlaceholders: readonly string[];
};

/** What saving would meet: the same schema and analysis as the server's, run as the user types. */
export const checkDraft = (draft: TemplateDraft): DraftCheck => {
  const parsed = createEmailTemplateBody.safeParse({ templateName: draft.name, ...partsOf(draft) });
  const fieldErrors: Partial<Record<DraftField, string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] === 'templateName' ? 'name' : (issue.path[0] as DraftField | undefined);
    if (field && !fieldErrors[field]) fieldErrors[field] = capitalise(issue.message);
  }
  const analysis = analyseEmailTemplate(partsOf(draft));
  return {
    fieldErrors,
    problem: analysis.problem ? describeTemplateProblem(analysis.problem) : null,
    unknownPlaceholders: unknownPlaceholders(draft.name, analysis.placeholders),
  };
};

/** The sample data of a template as JSON the user may edit. */
export const sampleJson = (name: string): string => JSON.stringify(sampleData(name), null, 2);

/** The data typed as JSON: an object, or what is wrong with it. */
export const parseData = (json: string): { data: Record<string, unknown> } | { error: string } => {
  if (json.trim() === '') return { data: {} };
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { data: value as Record<string, unknown> };
    return { error: 'Sample data must be a JSON object, such as { "spaceName": "Cardiology" }' };
  } catch (error) {
    return { error: `Sample data is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
};
