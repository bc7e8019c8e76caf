/** Stable error codes; the one place that maps them to HTTP status. */
export const errorStatus = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** more for the client to act on, sent beside code and message (a conflict's current version) */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

export const badRequest = (message: string): AppError => new AppError('bad_request', message);
export const unauthenticated = (message = 'Sign in to continue'): AppError => new AppError('unauthenticated', message);
export const forbidden = (message: string): AppError => new AppError('forbidden', message);
export const notFound = (what: string): AppError => new AppError('not_found', `${what} not found`);
export const conflict = (message: string, details?: Record<string, unknown>): AppError => new AppError('conflict', message, details);
