import type { WebConfig } from '@resim/contracts';
import { ErrorResponse, type User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { createAuthSession, type SessionUserManager } from './auth-session';
import { identityErrorCode, identityMessages } from './identity-errors';

const config: WebConfig = {
  productName: 'Resim',
  authority: 'http://issuer',
  clientId: 'c',
  scope: 'openid api',
  embeddedIssuer: true,
  signOutUrl: null,
  identityProvider: null,
  session: { storage: 'local' },
  uploads: { chunkSize: 100_000_000, maxBytes: 5_000_000_000, imageMaxBytes: 5_000_000, types: ['image/png'] },
  emailSends: false,
};

type StoredUser = { access_token: string; id_token?: string; refresh_token?: string; expired: boolean; profile: { sub: string } };

const fakeManager = (stored: StoredUser | null, renew: () => Promise<StoredUser>) => {
  let user = stored;
  const manager = {
    getUser: vi.fn(async () => user as User | null),
    removeUser: vi.fn(async () => {
      user = null;
    }),
    signinSilent: vi.fn(async () => {
      user = await renew();
      return user as User;
    }),
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => ({ state: { returnTo: '/profile' } }) as unknown as User),
    signoutRedirect: vi.fn(async () => undefined),
    signoutRedirectCallback: vi.fn(async () => undefined),
    events: { addSilentRenewError: vi.fn() },
  };
  return manager;
};

const setup = (stored: StoredUser | null, renew: () => Promise<StoredUser> = () => Promise.reject(new Error('no renew'))) => {
  const manager = fakeManager(stored, renew);
  const createUserManager = vi.fn(async () => manager as unknown as SessionUserManager);
  // What the client stored, as the page reads it before loading the client.
  const readStoredSession = async () => {
    const user = (await manager.getUser()) as unknown as StoredUser | null;
    return user ? { accessToken: user.access_token, idToken: user.id_token ?? null, expired: user.expired } : ('none' as const);
  };
  let storedNow: Awaited<ReturnType<typeof readStoredSession>> | null = null;
  const session = createAuthSession({ createUserManager, readStoredSession: () => storedNow });
  session.configure(config);
  const lost = vi.fn();
  session.onSessionLost(lost);
  const ready = readStoredSession().then((read) => {
    storedNow = read;
    manager.getUser.mockClear();
  });
  return { manager, session, lost, createUserManager, ready };
};

const valid: StoredUser = { access_token: 'a1', id_token: 'i1', refresh_token: 'r1', expired: false, profile: { sub: 'u1' } };
const expired: StoredUser = { ...valid, expired: true };
const refused = () => Promise.reject(new ErrorResponse({ error: 'invalid_grant', error_description: 'grant request is invalid' }));

describe('auth session', () => {
  it("says 'User is not authenticated' when a call needs a session and there is none", async () => {
    const { session } = setup(null);
    await expect(session.getAccessToken()).rejects.toMatchObject({ message: identityMessages.notAuthenticated });
    expect(await session.restore()).toEqual({ signedIn: false, reason: null });
  });

  it('restores a browser that never signed in as signed out without loading the OpenID Connect client', async () => {
    const { session, createUserManager, ready } = setup(null);
    await ready;
    expect(await session.restore()).toEqual({ signedIn: false, reason: null });
    await expect(session.getAccessToken()).rejects.toMatchObject({ message: identityMessages.notAuthenticated });
    expect(createUserManager).not.toHaveBeenCalled();
  });

  it('hands out the stored token while it is valid, without loading the OpenID Connect client', async () => {
    const { session, manager, createUserManager, ready } = setup(valid);
    await ready;
    expect(await session.restore()).toEqual({ signedIn: true });
    await expect(session.getAccessToken()).resolves.toBe('a1');
    expect(manager.signinSilent).not.toHaveBeenCalled();
    expect(createUserManager).not.toHaveBeenCalled();
  });

  it('loads the OpenID Connect client once, to renew an expired token', async () => {
    const { session, createUserManager, ready } = setup(expired, async () => ({ ...valid, access_token: 'a2' }));
    await ready;
    await expect(session.getAccessToken()).resolves.toBe('a2');
    await session.restore();
    expect(createUserManager).toHaveBeenCalledTimes(1);
  });

  it('renews an expired token with the refresh token', async () => {
    const { session, manager } = setup(expired, async () => ({ ...valid, access_token: 'a2' }));
    await expect(session.getAccessToken()).resolves.toBe('a2');
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('renews once for many calls at the same time', async () => {
    const { session, manager } = setup(expired, async () => ({ ...valid, access_token: 'a2' }));
    await Promise.all([session.getAccessToken(), session.getAccessToken(), session.getAccessToken()]);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('clears the cached session and says why when the issuer refuses to renew', async () => {
    const { session, manager, lost } = setup(expired, refused);
    await expect(session.getAccessToken()).rejects.toMatchObject({ message: identityMessages.cannotRefresh, code: 'invalid_grant' });
    expect(manager.removeUser).toHaveBeenCalled();
    expect(lost).toHaveBeenCalledWith(identityMessages.cannotRefresh);
  });

  it('keeps the session when the network is down', async () => {
    const { session, manager, lost } = setup(expired, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(session.getAccessToken()).rejects.toMatchObject({ code: 'NetworkError' });
    expect(manager.removeUser).not.toHaveBeenCalled();
    expect(lost).not.toHaveBeenCalled();
  });

  it('restores to signed out with the reason when an expired session cannot be renewed', async () => {
    const { session, manager } = setup(expired, refused);
    expect(await session.restore()).toEqual({ signedIn: false, reason: identityMessages.cannotRefresh });
    expect(manager.removeUser).toHaveBeenCalled();
  });

  it('cannot renew without a refresh token', async () => {
    const { session, lost } = setup({ ...expired, refresh_token: undefined });
    await expect(session.getAccessToken()).rejects.toMatchObject({ message: identityMessages.cannotRefresh });
    expect(lost).toHaveBeenCalledWith(identityMessages.cannotRefresh);
  });

  it("says 'Username is null. Cannot retrieve a new session' when the stored session names no user", async () => {
    const { session, lost } = setup({ ...expired, profile: { sub: '' } });
    await expect(session.getAccessToken()).rejects.toMatchObject({ message: identityMessages.usernameMissing });
    expect(lost).toHaveBeenCalledWith(identityMessages.usernameMissing);
  });

  it("clears the cached session on the provider's NotAuthorizedException, coded by its type (SPEC 8)", async () => {
    class NotAuthorizedException extends Error {
      override readonly name = 'NotAuthorizedException';
    }
    const { session, manager, lost } = setup(expired, () => Promise.reject(new NotAuthorizedException('Refresh Token has been revoked')));
    await expect(session.getAccessToken()).rejects.toMatchObject({
      code: 'NotAuthorizedException',
      message: identityMessages.cannotRefresh,
    });
    expect(manager.removeUser).toHaveBeenCalled();
    expect(await manager.getUser()).toBeNull();
    expect(lost).toHaveBeenCalledWith(identityMessages.cannotRefresh);
  });

  it('refuses a stored session without an ID token', async () => {
    const { session, manager } = setup({ ...valid, id_token: undefined });
    expect(await session.restore()).toEqual({ signedIn: false, reason: identityMessages.idTokenMissing });
    expect(manager.removeUser).toHaveBeenCalled();
  });

  it('ends the session when a background renewal is refused', async () => {
    const { session, manager, lost } = setup(expired, async () => valid);
    // the client is loaded, and renews in the background from then on
    await session.getAccessToken();
    const listener = manager.events.addSilentRenewError.mock.calls[0]?.[0] as (error: Error) => void;
    listener(new ErrorResponse({ error: 'invalid_grant' }));
    return vi.waitFor(() => expect(lost).toHaveBeenCalledWith(identityMessages.cannotRefresh));
  });

  it('signs in and out through the issuer with the right parameters', async () => {
    const { session, manager } = setup(valid);
    await session.beginSignIn('/profile');
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/profile' } });
    await expect(session.completeSignIn('http://app/auth/callback?code=x&state=y')).resolves.toEqual({ returnTo: '/profile' });
    await session.signOut();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'i1' });
  });

  it('codes identity errors as the specification says', () => {
    expect(identityErrorCode(new TypeError('Failed to fetch'))).toBe('NetworkError');
    expect(identityErrorCode(new ErrorResponse({ error: 'access_denied' }))).toBe('access_denied');
    expect(identityErrorCode(new RangeError('x'))).toBe('RangeError');
  });
});
