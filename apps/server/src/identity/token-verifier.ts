import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { unauthenticated } from '../errors/app-error';

export type VerifiedClaims = {
  readonly subject: string;
  readonly email: string | undefined;
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
};

const stringClaim = (payload: JWTPayload, name: string): string | undefined =>
  typeof payload[name] === 'string' ? payload[name] : undefined;

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
      if (error instanceof errors.JWTExpired) throw unauthenticated('Access token has expired; sign in again');
      if (error instanceof errors.JWKSTimeout || error instanceof errors.JOSENotSupported) {
        throw unauthenticated('Access token could not be verified');
      }
      throw unauthenticated('Access token is not valid');
    }
    if (!options.audience && stringClaim(payload, 'client_id') !== options.clientId) {
      throw unauthenticated('Access token was issued to another client');
    }
    const rawGroups = payload[options.groupsClaim];
    const groups = Array.isArray(rawGroups) ? rawGroups.filter((g): g is string => typeof g === 'string') : [];
    return {
      subject: payload.sub!,
      email: stringClaim(payload, 'email') ?? stringClaim(payload, 'username'),
      name: stringClaim(payload, 'name'),
      groups,
      expiresAt: payload.exp!,
    };
  };
};

export const remoteKeys = (jwksUrl: string): JWTVerifyGetKey => createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 });
