import { isEmailAddress, normaliseEmail } from '@resim/contracts';
import { badRequest } from '../../errors/app-error';

const shownAtMost = 10;

/**
 * The emails of a request, normalised, each once, in the order first given; a request naming
 * anything that is not an email address is refused whole, naming each such entry and where it is.
 */
export const readEmails = (raw: readonly string[], field: string): string[] => {
  const bad: string[] = [];
  const seen = new Set<string>();
  raw.forEach((entry, index) => {
    const email = normaliseEmail(entry);
    if (!isEmailAddress(email)) bad.push(`"${entry}" (${field}[${index}])`);
    else seen.add(email);
  });
  if (bad.length === 1) throw badRequest(`${bad[0]} is not an email address; nothing was saved`);
  if (bad.length > 1) {
    const more = bad.length > shownAtMost ? ` and ${bad.length - shownAtMost} more` : '';
    throw badRequest(`${bad.length} entries are not email addresses: ${bad.slice(0, shownAtMost).join(', ')}${more}; nothing was saved`);
  }
  return [...seen];
};

/** Tags as stored: trimmed, each once, in the order given. */
export const readTags = (raw: readonly string[]): string[] => [...new Set(raw.map((tag) => tag.trim()))];
