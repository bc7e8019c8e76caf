import './app/mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { App } from './app/app';
import { showDanger } from './app/notify';
import { createAuthSession } from './auth/auth-session';
import { sessionStorageFor } from './auth/session-store';
import { readStoredSession } from './auth/stored-session';

// The OpenID Connect client is a chunk of its own: a page opened with a valid session never loads it.
const auth = createAuthSession({
  createUserManager: async (config) => {
    const [{ UserManager }, { oidcSettings }] = await Promise.all([import('oidc-client-ts'), import('./auth/oidc-settings')]);
    return new UserManager(oidcSettings(config, window.location.origin, sessionStorageFor(config.session, window)));
  },
  readStoredSession: (config) => readStoredSession(sessionStorageFor(config.session, window), config, Date.now()),
});

// Set when the page is left (and cleared if it comes back from the back-forward cache).
let leaving = false;
window.addEventListener('pagehide', () => {
  leaving = true;
});
window.addEventListener('pageshow', () => {
  leaving = false;
});

const api = createApiClient({
  getToken: auth.getAccessToken,
  onUnauthorized: auth.handleUnauthorized,
  notify: showDanger,
  isLeaving: () => leaving,
});

// Requested before React renders anything: everything else at start waits for it.
const config = api.config();
config.catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App services={{ api, auth, queryClient: createQueryClient(), config }} />
  </StrictMode>,
);
