const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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

/** First letter up, for schema messages shown under a field. */
export const capitalise = (text: string): string => (text ? `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}` : text);
