import http from 'node:http';
import net from 'node:net';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { remoteKeys } from './keys';
import { createTokenVerifier } from './token-verifier';

const closedPort = async (): Promise<number> => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe("an external issuer's keys", () => {
  it('say the sign-in service is unavailable (503), not that the token is bad, when the key set cannot be fetched', async () => {
    const keys = remoteKeys(`http://127.0.0.1:${await closedPort()}/jwks.json`);
    const failure = await Promise.resolve()
      .then(() => keys({ alg: 'RS256', kid: 'k1' }, { payload: '', signature: '' }))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      status: 503,
      message: 'The sign-in service cannot be reached to verify the access token; try again shortly',
    });
  });
});

describe('a token whose header the key set cannot answer', () => {
  it('is the token’s fault (401), not the sign-in service’s, for alg none and HS256', async () => {
    const issuer = http.createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [{ kty: 'RSA', kid: 'k1', alg: 'RS256', use: 'sig', n: 'sXch', e: 'AQAB' }] }));
    });
    await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = issuer.address() as net.AddressInfo;
      const verify = createTokenVerifier({
        keys: remoteKeys(`http://127.0.0.1:${port}/jwks.json`),
        issuer: 'https://issuer.test',
        audience: undefined,
        clientId: 'console',
        groupsClaim: 'groups',
        requireTokenUse: false,
      });
      const payload = { sub: 'u1', exp: Math.floor(Date.now() / 1000) + 600, iss: 'https://issuer.test' };
      const unsigned = new UnsecuredJWT(payload).encode();
      const hmac = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
        .sign(new TextEncoder().encode('x'.repeat(32)));
      for (const token of [unsigned, hmac]) {
        const failure = await verify(token).catch((error: unknown) => error);
        expect(failure).toMatchObject({ status: 401 });
      }
    } finally {
      await new Promise<void>((resolve) => issuer.close(() => resolve()));
    }
  });
});
