import sanitizeHtml from 'sanitize-html';

/**
 * What an email may hold: the text and layout mail clients render, links and images by http(s) or
 * mailto, inline styles of layout and type. No script, event handler, form, frame, object, base
 * or style sheet: an author's template reaches learners' inboxes as the sender's words only.
 */
const allowlist: sanitizeHtml.IOptions = {
  allowedTags: [
    'a',
    'abbr',
    'b',
    'blockquote',
    'br',
    'caption',
    'center',
    'code',
    'col',
    'colgroup',
    'div',
    'em',
    'font',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'li',
    'ol',
    'p',
    'pre',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  allowedAttributes: {
    '*': ['style', 'title', 'align', 'dir', 'lang'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    font: ['color', 'face', 'size'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'bgcolor', 'role'],
    td: ['width', 'height', 'colspan', 'rowspan', 'valign', 'bgcolor'],
    th: ['width', 'height', 'colspan', 'rowspan', 'valign', 'bgcolor', 'scope'],
    tr: ['valign', 'bgcolor'],
    col: ['width', 'span'],
    colgroup: ['width', 'span'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // A style may set how text and boxes look, never load anything (no url(), no expression()).
  allowedStyles: {
    '*': Object.fromEntries(
      [
        'color',
        'background-color',
        'font-family',
        'font-size',
        'font-style',
        'font-weight',
        'line-height',
        'letter-spacing',
        'text-align',
        'text-decoration',
        'text-transform',
        'vertical-align',
        'white-space',
        'width',
        'max-width',
        'height',
        'display',
        'border',
        'border-collapse',
        'border-radius',
        'border-top',
        'border-bottom',
        'border-left',
        'border-right',
        'padding',
        'padding-top',
        'padding-bottom',
        'padding-left',
        'padding-right',
        'margin',
        'margin-top',
        'margin-bottom',
        'margin-left',
        'margin-right',
      ].map((property) => [property, [/^(?!.*(?:url|expression)\s*\()[^<>]*$/i]]),
    ),
  },
  // Whole elements whose text means nothing in an email, taken out with what they hold.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'iframe', 'object', 'template'],
};

/**
 * The elements and attributes of some HTML, each once per occurrence: `<a>`, `onclick on <a>`,
 * `href="javascript:…" on <a>`; read by the sanitiser's own parser, letting everything through.
 */
const partsOf = (html: string): string[] => {
  const parts: string[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      '*': (tagName, attribs) => {
        parts.push(`<${tagName}>`);
        for (const [attribute, value] of Object.entries(attribs)) {
          const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
          // A style's declarations are counted one by one: one that loads something may go while the rest stay.
          if (attribute === 'style')
            for (const declaration of value.split(';')) {
              const property = declaration.split(':')[0]?.trim().toLowerCase();
              if (property) parts.push(`${property} in the style of <${tagName}>`);
            }
          parts.push(
            (attribute === 'href' || attribute === 'src') && scheme && !['http', 'https', 'mailto'].includes(scheme)
              ? `${attribute}="${scheme}:…" on <${tagName}>`
              : `${attribute} on <${tagName}>`,
          );
        }
        return { tagName, attribs };
      },
    },
  });
  return parts;
};

/** What `before` holds that `after` does not, occurrence by occurrence, each named once in the order first met. */
const missing = (before: readonly string[], after: readonly string[]): string[] => {
  const left = new Map<string, number>();
  for (const part of after) left.set(part, (left.get(part) ?? 0) + 1);
  const gone: string[] = [];
  for (const part of before) {
    const count = left.get(part) ?? 0;
    if (count > 0) left.set(part, count - 1);
    else if (!gone.includes(part)) gone.push(part);
  }
  return gone;
};

/** An email's HTML reduced to what mail may safely hold: for each email as sent, where nobody reads what was taken out. */
export const sanitizeEmailHtml = (html: string): string => sanitizeHtml(html, allowlist);

export type SafeHtml = {
  readonly html: string;
  /** what the allowlist took out, in the author's terms, for the editor to show; empty when nothing */
  readonly removed: readonly string[];
};

/**
 * An email's HTML (a template as saved, or an email as rendered for its recipient) reduced to what
 * mail may safely hold, with what was taken out. The result is the sanitiser's own writing of it
 * (attributes quoted, styles compacted) even when nothing was taken out.
 */
export const emailSafeHtml = (html: string): SafeHtml => {
  const safe = sanitizeEmailHtml(html);
  return { html: safe, removed: safe === html ? [] : missing(partsOf(html), partsOf(safe)) };
};
