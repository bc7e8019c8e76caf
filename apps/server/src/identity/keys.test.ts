import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { remoteKeys } from './keys';

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
