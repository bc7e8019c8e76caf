/** A request that failed, with what the server said about it when it said anything. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly method: string;
  readonly path: string;
  /** HTTP status; null when no response arrived */
  readonly status: number | null;
  /** the server's stable error code, or NetworkError when the server was not reached */
  readonly code: string | null;
  /** the error response as sent, for callers that read more than the message (a conflict's current scenario) */
  readonly body: unknown;

  constructor(message: string, details: { method: string; path: string; status: number | null; code: string | null; body?: unknown }) {
    super(message);
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.code = details.code;
    this.body = details.body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** SPEC 7 and 8: the danger message of a failed request. */
export const requestFailedMessage = (message: string): string => `Request failed: ${message}`;
