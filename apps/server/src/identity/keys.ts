import { createLocalJWKSet, createRemoteJWKSet, type JWK, type JWTVerifyGetKey } from 'jose';
import { unauthenticated } from '../errors/app-error';
import { publicJwks } from './issuer/keys';

export const localKeys = (signingKeys: readonly JWK[]): JWTVerifyGetKey => createLocalJWKSet(publicJwks(signingKeys));

/**
 * An external issuer's keys, found through its discovery document on first use (or at the
 * configured JWKS URL) and cached and refreshed by jose.
 */
export const discoveredKeys = (issuer: string, jwksUrl: string | undefined): JWTVerifyGetKey => {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async (): Promise<JWTVerifyGetKey> => {
    let url = jwksUrl;
    if (!url) {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const discovery = (await response.json()) as { jwks_uri?: unknown };
      if (typeof discovery.jwks_uri !== 'string') throw new Error('discovery has no jwks_uri');
      url = discovery.jwks_uri;
    }
    return createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
  };
  return async (header, token) => {
    keys ??= load().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    let getKey: JWTVerifyGetKey;
    try {
      getKey = await keys;
    } catch {
      throw unauthenticated('The sign-in service cannot be reached to verify the access token');
    }
    return getKey(header, token);
  };
};
