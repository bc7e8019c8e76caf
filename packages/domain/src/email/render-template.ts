import { htmlToText } from './html-to-text';
import { interpretTemplate } from './interpret-template';
import type { EmailTemplateParts } from './template-analysis';

export type RenderedEmail = { readonly subject: string; readonly html: string; readonly text: string };
export type TemplateData = Readonly<Record<string, unknown>>;

/**
 * Prepares a template once, for as many recipients as need it, on the server and in the
 * console's preview alike. Values are HTML-escaped in the HTML part only; the subject is kept to
 * one line, so no value can add a header; a template without a text part gets one derived from
 * its HTML.
 */
export const compileEmailTemplate = (template: EmailTemplateParts): ((data: TemplateData) => RenderedEmail) => {
  const subject = interpretTemplate(template.subject, { noEscape: true });
  const html = interpretTemplate(template.content);
  const text = template.text === null ? null : interpretTemplate(template.text, { noEscape: true });
  return (data) => {
    const renderedHtml = html(data);
    return {
      subject: subject(data).replace(/\s+/g, ' ').trim(),
      html: renderedHtml,
      text: text ? text(data) : htmlToText(renderedHtml),
    };
  };
};
