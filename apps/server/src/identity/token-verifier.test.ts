import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { createTokenVerifier, readEmailVerified } from './token-verifier';

const issuer = 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123';

const cognitoVerifier = async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  const verify = createTokenVerifier({
    issuer,
    audience: undefined,
    clientId: 'client1',
    groupsClaim: 'cognito:groups',
    keys: createLocalJWKSet({ keys: [jwk] }),
    requireTokenUse: true,
  });
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT({ client_id: 'client1', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setSubject('sub-1')
      .setExpirationTime('1h')
      .sign(privateKey);
  return { verify, sign };
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof AppError ? `${error.status} ${error.message}` : String(error)),
  );

describe('token verifier for a Cognito user pool', () => {
  it('takes an access token, its groups, and no email from it', async () => {
    const { verify, sign } = await cognitoVerifier();
    expect(await verify(await sign({ token_use: 'access', 'cognito:groups': ['developer', 'space-1'] }))).toMatchObject({
      subject: 'sub-1',
      email: undefined,
      groups: ['developer', 'space-1'],
    });
  });

  it('refuses an ID token, and a token that does not say what it is', async () => {
    const { verify, sign } = await cognitoVerifier();
    const message = '401 The bearer token must be an access token; an ID token is not accepted';
    expect(await refusal(verify(await sign({ token_use: 'id', aud: 'client1' })))).toBe(message);
    expect(await refusal(verify(await sign({})))).toBe(message);
  });

  it('reads email_verified as Cognito sends it, a boolean in tokens and a string from userinfo', () => {
    expect([true, 'true', false, 'false', undefined, 'yes'].map(readEmailVerified)).toEqual([
      true,
      true,
      false,
      false,
      undefined,
      undefined,
    ]);
  });
});
