import { accessTokenLifetimeSeconds } from '@resim/domain';
import { User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { oidcSettings } from './oidc-settings';

const config = {
  productName: 'Resim',
  authority: 'http://issuer.test',
  clientId: 'resim-console',
  scope: 'openid api',
  embeddedIssuer: true,
  session: { storage: 'local' as const },
};

describe('sign-in settings', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renew the session about every 50 minutes (SPEC 9): 10 minutes before the 60-minute access token expires', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12), toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    const settings = oidcSettings(config, 'http://app.test', window.localStorage);
    expect(settings).toMatchObject({ automaticSilentRenew: true, accessTokenExpiringNotificationTimeInSeconds: 600 });
    const manager = new UserManager({ ...settings, automaticSilentRenew: false });
    const expiring = vi.fn();
    manager.events.addAccessTokenExpiring(expiring);
    const user = new User({
      access_token: 'a',
      id_token: 'i',
      token_type: 'Bearer',
      profile: { sub: 'u', iss: config.authority, aud: config.clientId, exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + accessTokenLifetimeSeconds,
    });
    await manager.events.load(user);
    await vi.advanceTimersByTimeAsync(49 * 60 * 1000);
    expect(expiring).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * 60 * 1000);
    expect(expiring).toHaveBeenCalledTimes(1);
  });
});
