const pad = (value: number): string => String(value).padStart(2, '0');

/** An ISO time as a datetime-local field shows it, in the author's own time zone; empty for none or nonsense. */
export const toLocalInput = (iso: string | null): string => {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** What a datetime-local field holds (local time) as an ISO time in UTC; null when empty or incomplete. */
export const fromLocalInput = (value: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};
