import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { AppError, unauthenticated } from '../errors/app-error';

export type VerifiedClaims = {
  readonly subject: string;
  readonly email: string | undefined;
  /** false when the issuer says the email is not verified; undefined when it does not say */
  readonly emailVerified: boolean | undefined;
  readonly name: string | undefined;
  readonly groups: readonly string[];
  readonly expiresAt: number;
};

export type TokenVerifier = (token: string) => Promise<VerifiedClaims>;

export type VerifierOptions = {
  readonly issuer: string;
  /** When absent (Cognito access tokens carry no aud), client_id must match instead. */
  readonly audience: string | undefined;
  readonly clientId: string;
  readonly groupsClaim: string;
  readonly keys: JWTVerifyGetKey;
  /** Cognito marks every token with token_use; only an access token may call the API. */
  readonly requireTokenUse: boolean;
};

const stringClaim = (payload: JWTPayload, name: string): string | undefined =>
  typeof payload[name] === 'string' ? payload[name] : undefined;

/** email_verified as a boolean; Cognito sends it as the string "true" or "false" from userinfo. */
export const readEmailVerified = (value: unknown): boolean | undefined => {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
};

/**
 * Verifies an access token by the issuer's keys, issuer, audience and expiry, and reads the
 * groups claim. The embedded and external issuers go through this same function.
 */
export const createTokenVerifier = (options: VerifierOptions): TokenVerifier => {
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        ...(options.audience ? { audience: options.audience } : {}),
        requiredClaims: ['sub', 'exp'],
        clockTolerance: 5,
      }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw unauthenticated('Access token has expired; sign in again');
      if (error instanceof errors.JWKSTimeout || error instanceof errors.JOSENotSupported) {
        throw unauthenticated('Access token could not be verified');
      }
      throw unauthenticated('Access token is not valid');
    }
    // An ID token is signed by the same keys, but says who signed in, not what may be called.
    const tokenUse = payload['token_use'];
    if ((options.requireTokenUse || tokenUse !== undefined) && tokenUse !== 'access') {
      throw unauthenticated('The bearer token must be an access token; an ID token is not accepted');
    }
    if (!options.audience && stringClaim(payload, 'client_id') !== options.clientId) {
      throw unauthenticated('Access token was issued to another client');
    }
    const rawGroups = payload[options.groupsClaim];
    const groups = Array.isArray(rawGroups) ? rawGroups.filter((g): g is string => typeof g === 'string') : [];
    return {
      subject: payload.sub!,
      email: stringClaim(payload, 'email'),
      emailVerified: readEmailVerified(payload['email_verified']),
      name: stringClaim(payload, 'name'),
      groups,
      expiresAt: payload.exp!,
    };
  };
};
