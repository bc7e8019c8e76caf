import type { WebConfig } from '@resim/contracts';
import { renewBeforeExpirySeconds } from '@resim/domain';
import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { callbackPath } from './auth-paths';

/**
 * Authorization code with PKCE against the configured issuer, back to this origin after sign-in
 * and sign-out (SPEC 7). The session lives in the storage given (localStorage or cookies, as
 * configured) so a reload keeps it, and is renewed with the refresh token, so no hidden frame is
 * needed, 10 minutes before its access token expires: about every 50 minutes (SPEC 9).
 */
export const oidcSettings = (config: WebConfig, origin: string, storage: Storage): UserManagerSettings => ({
  authority: config.authority,
  client_id: config.clientId,
  scope: config.scope,
  response_type: 'code',
  redirect_uri: `${origin}${callbackPath}`,
  post_logout_redirect_uri: `${origin}/`,
  userStore: new WebStorageStateStore({ store: storage }),
  stateStore: new WebStorageStateStore({ store: storage }),
  automaticSilentRenew: true,
  accessTokenExpiringNotificationTimeInSeconds: renewBeforeExpirySeconds,
  // Who the user is comes from the API (GET /admin/user/auth), not the userinfo endpoint.
  loadUserInfo: false,
  monitorSession: false,
  // Cognito's discovery has no end_session_endpoint: the server names its hosted-UI /logout.
  ...(config.signOutUrl ? { metadataSeed: { end_session_endpoint: config.signOutUrl } } : {}),
  // A sign-in asking for scope "openid" alone is federated (SPEC 6): straight to the provider.
  ...(config.identityProvider && config.scope.trim() === 'openid'
    ? { extraQueryParams: { identity_provider: config.identityProvider } }
    : {}),
});
