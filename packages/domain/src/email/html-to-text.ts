const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
    return named[code.toLowerCase()] ?? entity;
  });

const stripTags = (html: string): string => html.replace(/<[^>]*>/g, '');

const blocks = 'p|div|h[1-6]|ul|ol|table|tr|blockquote|section|article|header|footer|pre';

/**
 * The plain-text part of an email when its template gives none: paragraphs and line breaks
 * kept, list items as dashes, each link followed by its address so it can still be followed.
 */
export const htmlToText = (html: string): string =>
  decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/\s+/g, ' ')
      .replace(/<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a\s*>/gi, (_link, _quote, href: string, label: string) => {
        const address = decodeEntities(href).trim();
        const text = decodeEntities(stripTags(label)).trim();
        return (text === '' || text === address ? address : `${text} (${address})`).replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);
      })
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<hr\s*\/?>/gi, '\n\n')
      .replace(/<li\b[^>]*>/gi, '\n- ')
      .replace(new RegExp(`</?(${blocks})\\b[^>]*>`, 'gi'), '\n\n')
      .replace(/<\/t[dh]\s*>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
