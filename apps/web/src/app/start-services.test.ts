import type { WebConfig } from '@resim/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClientOptions } from '../api/requester';
import { startServices } from './start-services';

afterEach(() => vi.restoreAllMocks());

describe('the services a page starts', () => {
  it('find no session, without failing, where the browser denies the page storage, as in a learning platform’s third-party frame', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException(
        "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
        'SecurityError',
      );
    });
    let options: ApiClientOptions | undefined;
    const config = { authority: 'http://issuer', clientId: 'resim-console', session: { storage: 'local' } } as WebConfig;
    const { auth } = startServices(
      (given) => {
        options = given;
        return { config: async () => config };
      },
      () => undefined,
    );
    auth.configure(config);
    // Signed out for certain: the sign-in library is never loaded to look further.
    await expect(options!.getToken()).rejects.toMatchObject({ code: 'NotAuthenticated' });
  });
});
