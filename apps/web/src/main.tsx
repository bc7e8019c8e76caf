import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { UserManager } from 'oidc-client-ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { App } from './app/app';
import { showDanger } from './app/notify';
import { createAuthSession } from './auth/auth-session';
import { oidcSettings } from './auth/oidc-settings';

const auth = createAuthSession({
  createUserManager: (config) => new UserManager(oidcSettings(config, window.location.origin, window.localStorage)),
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
