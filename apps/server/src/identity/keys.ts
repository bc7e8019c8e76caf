import { createLocalJWKSet, createRemoteJWKSet, errors, type JWK, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../errors/app-error';
import { publicJwks } from './issuer/keys';

export const localKeys = (signingKeys: readonly JWK[]): JWTVerifyGetKey => createLocalJWKSet(publicJwks(signingKeys));

/**
 * Whether the key set could not be had (the issuer unreachable, slow, answering other than 200 or
 * with no valid set): a 503 to try again. A token whose header names an algorithm the set cannot
 * hold (`none`, HS256) or a key it does not have is the token's fault, a 401.
 */
const isIssuersFailure = (error: unknown): boolean => {
  if (
    error instanceof errors.JOSENotSupported ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid
  )
    return false;
  return true;
};

/**
 * An external issuer's keys from its JWKS address, cached by jose. A token signed with a key not
 * in the cache makes jose fetch the set again at once (no cooldown), so a key the issuer has just
 * rotated in is accepted on its first use; jose runs one fetch at a time, so a stream of tokens
 * with unknown keys costs the issuer at most one request in flight.
 */
export const remoteKeys = (jwksUrl: string): JWTVerifyGetKey => {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 0 });
  return async (header, token) => {
    try {
      return await keys(header, token);
    } catch (error) {
      if (isIssuersFailure(error))
        throw new AppError('unavailable', 'The sign-in service cannot be reached to verify the access token; try again shortly');
      throw error;
    }
  };
};
