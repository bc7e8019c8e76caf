const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const secondsFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const parse = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A date as the user's browser writes dates; the raw text when it is not a date. */
export const formatDate = (iso: string): string => {
  const date = parse(iso);
  return date ? dateFormat.format(date) : iso;
};

export const formatDateTime = (iso: string): string => {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : iso;
};

/** A moment as formatDateTime writes it, with its seconds: for steps that come seconds apart (the audit trail). */
export const formatDateTimeSeconds = (iso: string): string => {
  const date = parse(iso);
  return date ? secondsFormat.format(date) : iso;
};

/** First letter up, for schema messages shown under a field. */
export const capitalise = (text: string): string => (text ? `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}` : text);

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const relativeUnits: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** How long ago a date is ('yesterday', '3 weeks ago'), in the largest whole unit; 'just now' within a minute. */
export const formatRelative = (iso: string, now: number): string => {
  const date = parse(iso);
  if (!date) return iso;
  const seconds = (date.getTime() - now) / 1000;
  for (const [unit, size] of relativeUnits) if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  return 'just now';
};
