import type { ApiClientOptions } from '../api/requester';
import { createAuthSession } from '../auth/auth-session';
import { sessionStorageFor } from '../auth/session-store';
import { readStoredSession } from '../auth/stored-session';
import type { WebConfig } from '@resim/contracts';

/**
 * What every page entry starts before React renders: the session, the API client and the
 * configuration's request, which everything else at start waits for.
 */
export const startServices = <Client extends { config: () => Promise<WebConfig> }>(
  createClient: (options: ApiClientOptions) => Client,
  notify: (message: string) => void,
) => {
  // The OpenID Connect client is a chunk of its own: a page opened with a valid session, or by a learner never signed in, never loads it.
  const auth = createAuthSession({
    createUserManager: async (config) => {
      const [{ UserManager }, { oidcSettings }] = await Promise.all([import('oidc-client-ts'), import('../auth/oidc-settings')]);
      return new UserManager(oidcSettings(config, window.location.origin, sessionStorageFor(config.session, window)));
    },
    readStoredSession: (config) => {
      try {
        return readStoredSession(sessionStorageFor(config.session, window), config, Date.now());
      } catch {
        // The browser denies the page storage (a learning platform's third-party frame): nothing is stored.
        return 'none';
      }
    },
  });

  // Set when the page is left (and cleared if it comes back from the back-forward cache).
  let leaving = false;
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });

  const api = createClient({
    getToken: auth.getAccessToken,
    onUnauthorized: auth.handleUnauthorized,
    notify,
    isLeaving: () => leaving,
  });

  const config = api.config();
  config.catch(() => undefined);
  return { api, auth, config };
};

/** The element React renders into. */
export const rootElement = (): HTMLElement => {
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element in the page');
  return root;
};
