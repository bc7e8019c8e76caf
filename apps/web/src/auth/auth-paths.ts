/** Where the issuer sends the browser back after sign-in. */
export const callbackPath = '/auth/callback';

/**
 * Where to go after sign-in: only a path of this origin, never a full URL that could send the
 * user to another site, and never the callback itself.
 */
export const safeReturnTo = (value: unknown): string => {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === callbackPath || value.startsWith(`${callbackPath}?`) || value.startsWith(`${callbackPath}/`)) return '/';
  return value;
};

/** The issuer came back from sign-in. */
export const isSignInReturn = (url: URL): boolean => url.pathname === callbackPath;

/** The issuer came back from sign-out: the post-logout address carries only the request's state. */
export const isSignOutReturn = (url: URL): boolean =>
  url.pathname === '/' && url.searchParams.has('state') && !url.searchParams.has('code') && !url.searchParams.has('error');
