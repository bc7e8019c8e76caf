/** SPEC 8: the identity messages, worded as the specification gives them. */
export const identityMessages = {
  notAuthenticated: 'User is not authenticated',
  usernameMissing: 'Username is null. Cannot retrieve a new session',
  cannotRefresh: 'Cannot retrieve a new session. Please authenticate.',
  idTokenMissing: 'Local storage is missing an ID Token, Please authenticate',
} as const;

/** SPEC 8: network failures have code NetworkError; other provider errors their type name. */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError ||
  (error instanceof Error && (error.name === 'ErrorTimeout' || /network|failed to fetch/i.test(error.message)));

/** The code of a failure reported by the identity provider or the browser on its way there. */
export const identityErrorCode = (error: unknown): string => {
  if (error instanceof IdentityError) return error.code;
  if (isNetworkFailure(error)) return 'NetworkError';
  // The OAuth error (invalid_grant, access_denied...) names the type better than the class does.
  if (error instanceof Error && 'error' in error && typeof error.error === 'string' && error.error) return error.error;
  if (error instanceof Error) return error.name;
  return 'Error';
};

export const toIdentityError = (error: unknown, message?: string): IdentityError => {
  if (error instanceof IdentityError && message === undefined) return error;
  const text = message ?? (error instanceof Error && error.message ? error.message : 'The sign-in service did not answer as expected.');
  return new IdentityError(identityErrorCode(error), text);
};
