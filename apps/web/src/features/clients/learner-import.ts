import {
  isEmailAddress,
  maxLearnersPerRequest,
  maxTagsPerRequest,
  normaliseEmail,
  readAccommodationCell,
  tagProblem,
  type AccommodationSettings,
} from '@resim/contracts';
import Papa from 'papaparse';

/** A line that cannot be added, and why, by its number in the text pasted or the file. */
export type ImportProblem = { readonly line: number; readonly content: string; readonly reason: string };

/**
 * A learner to add, with their own tags and the accommodation of their line when the list has that
 * column; `lines` has more than one number when the email came twice.
 */
export type ImportedLearner = {
  readonly email: string;
  readonly tags: readonly string[];
  readonly lines: readonly number[];
  readonly accommodation?: AccommodationSettings;
};

export type LearnerImport = {
  /** each email once, in the order first met */
  readonly learners: readonly ImportedLearner[];
  readonly problems: readonly ImportProblem[];
  /** the first line named its columns and was not read as a learner */
  readonly headerSkipped: boolean;
  /** more learners than one request may add: nothing can be saved until the list is split */
  readonly tooMany: boolean;
};

const emailHeaders = new Set(['email', 'e-mail', 'email address', 'e-mail address', 'mail']);
const tagHeaders = new Set(['tags', 'tag', 'labels']);
const accommodationHeaders = new Set(['accommodation', 'accommodations', 'extra time']);
const tagSeparator = /[;|]/;
// "Ann Doe <ann@example.com>", as mail programs copy addresses.
const namedAddress = /^[^<>]*<([^<>]+)>$/;

/** Where each column is, -1 for none; a list without a header has only an email and its tags. */
type Columns = { readonly email: number; readonly tags: number; readonly accommodation: number; readonly fromHeader: boolean };

const headerColumns = (cells: readonly string[]): Columns | null => {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const email = names.findIndex((name) => emailHeaders.has(name));
  return email === -1
    ? null
    : {
        email,
        tags: names.findIndex((name) => tagHeaders.has(name)),
        accommodation: names.findIndex((name) => accommodationHeaders.has(name)),
        fromHeader: true,
      };
};

// A spreadsheet copies its cells with tabs between them; anything else is read as CSV.
const delimiterOf = (text: string): string => {
  const firstLine = /^\s*([^\n]*)/.exec(text)?.[1] ?? '';
  return firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
};

const splitTags = (cell: string): string[] =>
  cell
    .split(tagSeparator)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

const quoted = (text: string): string => `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;

/** Why a line's cells cannot be a learner, or the learner they are. */
const readCells = (
  cells: readonly string[],
  columns: Columns,
  tagsForAll: readonly string[],
): { reason: string } | { email: string; tags: string[]; accommodation: AccommodationSettings | null } => {
  if (!columns.fromHeader) {
    const filled = cells.filter((cell) => cell.trim() !== '').length;
    if (filled > 2) return { reason: `${filled} columns: expected an email and its tags, with tags separated by ; or |` };
  }
  const raw = (cells[columns.email] ?? '').trim();
  if (raw === '') return { reason: 'no email address (the email is empty)' };
  const email = normaliseEmail(namedAddress.exec(raw)?.[1] ?? raw);
  if (!isEmailAddress(email)) return { reason: `${quoted(raw)} is not an email address` };
  const tags = splitTags(columns.tags === -1 ? '' : (cells[columns.tags] ?? ''));
  if (tags.length === 1 && isEmailAddress(normaliseEmail(tags[0] ?? '')))
    return { reason: 'two email addresses on one line: put each on a line of its own' };
  for (const tag of tags) {
    const problem = tagProblem(tag);
    if (problem) return { reason: `tag ${quoted(tag)}: ${problem}` };
  }
  const all = new Set([...tagsForAll, ...tags]);
  if (all.size > maxTagsPerRequest)
    return { reason: `too many tags: ${all.size} with the tags for everyone, at most ${maxTagsPerRequest} per learner` };
  const accommodation = columns.accommodation === -1 ? null : readAccommodationCell(cells[columns.accommodation] ?? '');
  if (accommodation !== null && 'problem' in accommodation) return { reason: `accommodation: ${accommodation.problem}` };
  return { email, tags, accommodation };
};

const sameAccommodation = (a: AccommodationSettings, b: AccommodationSettings): boolean =>
  a.extraPercent === b.extraPercent && a.extraMinutes === b.extraMinutes && a.untimed === b.untimed && a.windowMinutes === b.windowMinutes;

/**
 * Reads learners pasted (one email per line, or "email, tag1; tag2") or from a CSV file (columns
 * email and tags, and optionally accommodation, a header row recognised and skipped), by the rules
 * the server applies, so that every bad line is named with its number before anything is sent.
 */
export const readLearnerImport = (input: string, tagsForAll: readonly string[] = []): LearnerImport => {
  // Excel starts its UTF-8 files with a byte-order mark; old Mac files end lines with CR alone.
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const learners = new Map<string, { email: string; tags: Set<string>; lines: number[]; accommodation: AccommodationSettings | null }>();
  const problems: ImportProblem[] = [];
  let columns: Columns | null = null;
  let headerSkipped = false;
  let consumed = 0;
  let linesBefore = 0;

  Papa.parse<string[]>(text, {
    delimiter: delimiterOf(text),
    skipEmptyLines: false,
    step: (row) => {
      const end = row.meta.cursor;
      const content = text.slice(consumed, end).replace(/\n$/, '');
      const line = linesBefore + 1;
      // The cursor stands after the row's line break; a quoted cell may hold more.
      for (let at = consumed; at < end; at += 1) if (text.charCodeAt(at) === 10) linesBefore += 1;
      consumed = end;

      const cells = row.data;
      if (cells.every((cell) => cell.trim() === '')) return;
      if (columns === null) {
        columns = headerColumns(cells);
        if (columns) {
          headerSkipped = true;
          return;
        }
        columns = { email: 0, tags: 1, accommodation: -1, fromHeader: false };
      }
      const read = readCells(cells, columns, tagsForAll);
      if ('reason' in read) {
        problems.push({ line, content: content.trim(), reason: read.reason });
        return;
      }
      const known = learners.get(read.email);
      if (!known) {
        learners.set(read.email, { email: read.email, tags: new Set(read.tags), lines: [line], accommodation: read.accommodation });
        return;
      }
      const merged = new Set([...known.tags, ...read.tags]);
      if (new Set([...tagsForAll, ...merged]).size > maxTagsPerRequest) {
        problems.push({ line, content: content.trim(), reason: `too many tags with line ${known.lines[0] ?? ''} of the same email` });
        return;
      }
      if (known.accommodation && read.accommodation && !sameAccommodation(known.accommodation, read.accommodation)) {
        problems.push({
          line,
          content: content.trim(),
          reason: `another accommodation than line ${known.lines[0] ?? ''} of the same email`,
        });
        return;
      }
      known.tags = merged;
      known.accommodation ??= read.accommodation;
      known.lines.push(line);
    },
  });

  return {
    learners: [...learners.values()].map((learner) => ({
      email: learner.email,
      tags: [...learner.tags],
      lines: learner.lines,
      ...(learner.accommodation ? { accommodation: learner.accommodation } : {}),
    })),
    problems,
    headerSkipped,
    tooMany: learners.size > maxLearnersPerRequest,
  };
};

/** The learners named more than once, whose lines were merged into one. */
export const duplicatesOf = (read: LearnerImport): readonly ImportedLearner[] =>
  read.learners.filter((learner) => learner.lines.length > 1);
