import { AppError, unauthenticated } from '../errors/app-error';
import { readEmailVerified } from './token-verifier';

export type UserInfoEmail = { readonly email: string | undefined; readonly emailVerified: boolean | undefined };

/** Reads the signed-in user's email from the issuer's userinfo endpoint, with their access token. */
export type UserInfoReader = (accessToken: string, subject: string) => Promise<UserInfoEmail>;

/**
 * Cognito's access tokens carry no email, so an external user's email is asked of the issuer's
 * userinfo endpoint with the very access token the server has just verified. The server asks
 * the issuer itself rather than trusting an ID token the browser would have to send: nothing the
 * client holds decides who an account is, and scripts that only have an access token work too.
 * It is asked once per subject: the first time one is seen, after which the account is known.
 */
export const createUserInfoReader = (endpoint: string, fetchImpl: typeof fetch = fetch): UserInfoReader => {
  return async (accessToken, subject) => {
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      throw new AppError('unavailable', 'The sign-in service cannot be reached to read your email; try again shortly');
    }
    if (response.status === 401 || response.status === 403) {
      throw unauthenticated('The sign-in service refused this access token at its userinfo endpoint');
    }
    const body: unknown = response.ok ? await response.json().catch(() => null) : null;
    if (typeof body !== 'object' || body === null) {
      throw new AppError(
        'unavailable',
        `The sign-in service's userinfo endpoint answered ${response.status} without the account; try again shortly`,
      );
    }
    const { sub, email, email_verified: verified } = body as Record<string, unknown>;
    // OpenID Connect: the answer counts only for the subject of the token.
    if (sub !== subject) throw unauthenticated("The sign-in service's userinfo endpoint answered for another subject");
    return { email: typeof email === 'string' && email !== '' ? email : undefined, emailVerified: readEmailVerified(verified) };
  };
};
