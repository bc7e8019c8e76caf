/** Rows per page: the table and the matrix stay quick with thousands of learners. */
export const pageSize = 50;

export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / pageSize));

/** The rows of a page, the page brought within range when the list has shrunk. */
export const pageOf = <T>(rows: readonly T[], page: number): { rows: readonly T[]; page: number } => {
  const within = Math.min(Math.max(1, page), pageCount(rows.length));
  return { rows: rows.slice((within - 1) * pageSize, within * pageSize), page: within };
};
