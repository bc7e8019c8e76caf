import type { WebConfig } from '@resim/contracts';
import { accessTokenLifetimeSeconds } from '@resim/domain';
import { OidcClient, User, UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oidcSettings } from './oidc-settings';

const origin = 'https://sims.example.test';
const hostedUi = 'https://resim.auth.eu-west-2.amazoncognito.com';
const cognito: WebConfig = {
  productName: 'Resim',
  authority: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123',
  clientId: 'client1',
  scope: 'openid',
  embeddedIssuer: false,
  signOutUrl: `${hostedUi}/logout?client_id=client1&logout_uri=${encodeURIComponent(`${origin}/`)}`,
  identityProvider: 'Hospital-SAML',
  session: { storage: 'local' },
  uploads: { chunkSize: 100_000_000, maxBytes: 5_000_000_000, imageMaxBytes: 5_000_000, types: ['image/png'] },
  emailSends: false,
};
// Cognito's discovery document: no end_session_endpoint.
const discovery = {
  issuer: cognito.authority,
  authorization_endpoint: `${hostedUi}/oauth2/authorize`,
  token_endpoint: `${hostedUi}/oauth2/token`,
  userinfo_endpoint: `${hostedUi}/oauth2/userInfo`,
  jwks_uri: `${cognito.authority}/.well-known/jwks.json`,
};

/** The addresses oidc-client-ts itself builds from the settings, as the browser would be sent to them. */
const requests = async (config: WebConfig) => {
  const settings = oidcSettings(config, origin, window.localStorage);
  const client = new OidcClient({ ...settings, metadata: { ...discovery, ...settings.metadataSeed } });
  const signIn = await client.createSigninRequest({ state: {} });
  const signOut = await client.createSignoutRequest({ id_token_hint: 'id-token' });
  return { signIn: new URL(signIn.url), signOut: new URL(signOut.url) };
};

describe('OpenID Connect settings', () => {
  beforeEach(() => window.localStorage.clear());

  it("signs out at Cognito's hosted-UI /logout when discovery names no end-session endpoint", async () => {
    const { signOut } = await requests(cognito);
    expect(`${signOut.origin}${signOut.pathname}`).toBe(`${hostedUi}/logout`);
    expect(signOut.searchParams.get('client_id')).toBe('client1');
    expect(signOut.searchParams.get('logout_uri')).toBe(`${origin}/`);
  });

  it('sends a sign-in with scope "openid" alone to the identity provider (SPEC 6)', async () => {
    const { signIn } = await requests(cognito);
    expect(signIn.href.startsWith(`${hostedUi}/oauth2/authorize?`)).toBe(true);
    expect(signIn.searchParams.get('scope')).toBe('openid');
    expect(signIn.searchParams.get('identity_provider')).toBe('Hospital-SAML');
    expect(signIn.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('asks for no identity provider when more than "openid" is asked for, or none is configured', async () => {
    for (const config of [
      { ...cognito, scope: 'openid profile email' },
      { ...cognito, identityProvider: null },
    ]) {
      const { signIn } = await requests(config);
      expect(signIn.searchParams.has('identity_provider')).toBe(false);
    }
  });

  it("keeps the issuer's own end-session endpoint when the server names none", () => {
    const settings = oidcSettings({ ...cognito, signOutUrl: null, identityProvider: null }, origin, window.localStorage);
    expect(settings.metadataSeed).toBeUndefined();
    expect(settings.extraQueryParams).toBeUndefined();
  });
});

const embedded: WebConfig = {
  productName: 'Resim',
  authority: 'http://issuer.test',
  clientId: 'resim-console',
  scope: 'openid api',
  embeddedIssuer: true,
  signOutUrl: null,
  identityProvider: null,
  session: { storage: 'local' },
  uploads: { chunkSize: 100_000_000, maxBytes: 5_000_000_000, imageMaxBytes: 5_000_000, types: ['image/png'] },
  emailSends: false,
};

describe('sign-in settings', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renew the session about every 50 minutes (SPEC 9): 10 minutes before the 60-minute access token expires', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12), toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    const settings = oidcSettings(embedded, 'http://app.test', window.localStorage);
    expect(settings).toMatchObject({ automaticSilentRenew: true, accessTokenExpiringNotificationTimeInSeconds: 600 });
    const manager = new UserManager({ ...settings, automaticSilentRenew: false });
    const expiring = vi.fn();
    manager.events.addAccessTokenExpiring(expiring);
    const user = new User({
      access_token: 'a',
      id_token: 'i',
      token_type: 'Bearer',
      profile: { sub: 'u', iss: embedded.authority, aud: embedded.clientId, exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + accessTokenLifetimeSeconds,
    });
    await manager.events.load(user);
    await vi.advanceTimersByTimeAsync(49 * 60 * 1000);
    expect(expiring).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * 60 * 1000);
    expect(expiring).toHaveBeenCalledTimes(1);
  });
});
