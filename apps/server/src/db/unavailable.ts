import { AppError } from '../errors/app-error';

/** How long a client is asked to wait before trying again while the database is away. */
export const unavailableRetrySeconds = 5;

// PostgreSQL's classes and codes for "the server is not there for you now": connection
// exceptions (08…), an administrator's or a crash's shutdown, a server starting or too busy.
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300']);
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// node-postgres says these in words only.
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
];

/**
 * Whether an error says the database cannot be reached or is busy for now (PostgreSQL away or
 * restarting, SQLite's file locked past its wait), as against a mistake in the request or a bug:
 * the same request may succeed in a few seconds, and nothing of it was stored.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (unavailableSqlStates.has(code) || unavailableSocketCodes.has(code)) return true;
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED') return true;
  }
  if (unavailableMessages.some((words) => error.message.includes(words))) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
};

export const databaseUnavailable = (): AppError =>
  new AppError('unavailable', 'The database is not answering just now; nothing was changed. Try again in a few seconds.', {
    retryAfterSeconds: unavailableRetrySeconds,
  });

/** The error a caller should see: a database that is away becomes a retryable 503, anything else is left as it is. */
export const asUnavailable = (error: unknown): unknown => (isDatabaseUnavailable(error) ? databaseUnavailable() : error);
