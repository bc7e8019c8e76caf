export type CsvCell = string | number | boolean | null;

// A spreadsheet runs a text cell that starts with one of these as a formula; learners type nicknames.
const formulaStart = /^[=+\-@\t\r]/;

const cell = (value: CsvCell): string => {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** RFC 4180 text: a header row, then one row per record, CRLF line ends. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
