import Handlebars from 'handlebars';
import { htmlToText } from './html-to-text';
import type { EmailTemplateParts } from './template-analysis';

export type RenderedEmail = { readonly subject: string; readonly html: string; readonly text: string };
export type TemplateData = Readonly<Record<string, unknown>>;

// An environment of its own: nothing registered elsewhere reaches templates, and authors cannot log.
const handlebars = Handlebars.create();
handlebars.unregisterHelper('log');

/**
 * Compiles a template once, for as many recipients as need it. Values are HTML-escaped in the
 * HTML part only; the subject is kept to one line, so no value can add a header.
 */
export const compileEmailTemplate = (template: EmailTemplateParts): ((data: TemplateData) => RenderedEmail) => {
  const subject = handlebars.compile(template.subject, { noEscape: true });
  const html = handlebars.compile(template.content);
  const text = template.text === null ? null : handlebars.compile(template.text, { noEscape: true });
  return (data) => {
    const renderedHtml = html(data);
    return {
      subject: subject(data).replace(/\s+/g, ' ').trim(),
      html: renderedHtml,
      text: text ? text(data) : htmlToText(renderedHtml),
    };
  };
};
