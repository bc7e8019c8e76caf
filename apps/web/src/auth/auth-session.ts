import type { WebConfig } from '@resim/contracts';
import type { User, UserManager } from 'oidc-client-ts';
import { safeReturnTo } from './auth-paths';
import { IdentityError, identityMessages, toIdentityError } from './identity-errors';
import type { StoredSession } from './stored-session';

/** The part of oidc-client-ts's UserManager the session uses. */
export type SessionUserManager = Pick<
  UserManager,
  'getUser' | 'removeUser' | 'signinRedirect' | 'signinRedirectCallback' | 'signinSilent' | 'signoutRedirect' | 'signoutRedirectCallback'
> & {
  readonly events: Pick<UserManager['events'], 'addSilentRenewError'>;
};

export type RestoreResult = { readonly signedIn: true } | { readonly signedIn: false; readonly reason: string | null };

export type AuthSession = ReturnType<typeof createAuthSession>;

const isNetwork = (error: IdentityError): boolean => error.code === 'NetworkError';

/**
 * The user's session with the issuer: sign-in and sign-out redirects, the access token for the
 * API, and renewal through the refresh token. When the issuer refuses to renew, the cached
 * session is cleared and listeners hear why (SPEC 8); a network failure keeps the session, since
 * it may still be good once the network is back.
 */
export const createAuthSession = (options: {
  /** the OpenID Connect client, loaded only to sign in or out, or to renew the session */
  createUserManager: (config: WebConfig) => Promise<SessionUserManager>;
  /** the session as the client stored it, read without loading the client ('none': nothing stored) */
  readStoredSession: (config: WebConfig) => StoredSession | 'none' | null;
}) => {
  let config: WebConfig | null = null;
  let manager: Promise<SessionUserManager> | null = null;
  let renewing: Promise<User> | null = null;
  const lostListeners = new Set<(reason: string) => void>();

  const userManager = (): Promise<SessionUserManager> => {
    if (!config) return Promise.reject(new IdentityError('NotAuthenticated', identityMessages.notAuthenticated));
    manager ??= options.createUserManager(config).then((created) => {
      created.events.addSilentRenewError((error) => {
        const failure = toIdentityError(error, identityMessages.cannotRefresh);
        if (!isNetwork(failure)) void lose(failure.message);
      });
      return created;
    });
    return manager;
  };

  /** The stored session while its token is good; otherwise the client must look. */
  const validStored = (): StoredSession | null => {
    const stored = config ? options.readStoredSession(config) : null;
    return stored && stored !== 'none' && !stored.expired && stored.idToken ? stored : null;
  };

  /** Signed out for certain: nothing stored, so the client would find nothing either. */
  const nothingStored = (): boolean => config !== null && options.readStoredSession(config) === 'none';

  const lose = async (reason: string): Promise<void> => {
    await userManager()
      .then((users) => users.removeUser())
      .catch(() => undefined);
    for (const listener of lostListeners) listener(reason);
  };

  const renew = (): Promise<User> => {
    renewing ??= (async () => {
      const users = await userManager();
      const user = await users.getUser();
      if (!user) throw new IdentityError('NotAuthenticated', identityMessages.notAuthenticated);
      if (!user.profile.sub) throw new IdentityError('UsernameMissing', identityMessages.usernameMissing);
      if (!user.refresh_token) throw new IdentityError('NoRefreshToken', identityMessages.cannotRefresh);
      try {
        const renewed = await users.signinSilent();
        if (!renewed) throw new IdentityError('NoSession', identityMessages.cannotRefresh);
        return renewed;
      } catch (error) {
        throw toIdentityError(error, identityMessages.cannotRefresh);
      }
    })().finally(() => {
      renewing = null;
    });
    return renewing;
  };

  /** Renews; a refusal ends the session, a network failure leaves it for a later try. */
  const renewOrLose = async (): Promise<User> => {
    try {
      return await renew();
    } catch (error) {
      const failure = toIdentityError(error);
      if (!isNetwork(failure)) await lose(failure.message);
      throw failure;
    }
  };

  return {
    configure: (webConfig: WebConfig): void => {
      config = webConfig;
    },

    /** Finds the session a previous visit left, renewing it when it has expired. */
    restore: async (): Promise<RestoreResult> => {
      if (validStored()) return { signedIn: true };
      // A learner who never signed in plays without the client ever downloading.
      if (nothingStored()) return { signedIn: false, reason: null };
      const users = await userManager();
      const user = await users.getUser();
      if (!user) return { signedIn: false, reason: null };
      if (!user.id_token) {
        await users.removeUser();
        return { signedIn: false, reason: identityMessages.idTokenMissing };
      }
      if (!user.expired) return { signedIn: true };
      try {
        await renew();
        return { signedIn: true };
      } catch (error) {
        const failure = toIdentityError(error);
        if (!isNetwork(failure)) await users.removeUser();
        return { signedIn: false, reason: failure.message };
      }
    },

    /** Sends the browser to the issuer; the current address comes back in the request's state. */
    beginSignIn: async (returnTo: string): Promise<void> => {
      try {
        await (await userManager()).signinRedirect({ state: { returnTo: safeReturnTo(returnTo) } });
      } catch (error) {
        throw toIdentityError(error);
      }
    },

    /** Trades the code the issuer sent back for tokens; answers where the user was going. */
    completeSignIn: async (url: string): Promise<{ returnTo: string }> => {
      try {
        const user = await (await userManager()).signinRedirectCallback(url);
        const state = user.state as { returnTo?: unknown } | undefined;
        return { returnTo: safeReturnTo(state?.returnTo) };
      } catch (error) {
        throw toIdentityError(error);
      }
    },

    /** Ends the session here and at the issuer, which asks the user to confirm. */
    signOut: async (): Promise<void> => {
      const users = await userManager();
      const user = await users.getUser().catch(() => null);
      try {
        await users.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
      } catch (error) {
        await users.removeUser().catch(() => undefined);
        throw toIdentityError(error);
      }
    },

    /** Clears what the sign-out request left behind once the issuer has sent the user back. */
    completeSignOut: async (url: string): Promise<void> => {
      await userManager()
        .then((users) => users.signoutRedirectCallback(url))
        .catch(() => undefined);
    },

    /** The token for the API; renews an expired one, and says 'User is not authenticated' when there is no session. */
    getAccessToken: async (): Promise<string> => {
      const stored = validStored();
      if (stored) return stored.accessToken;
      if (nothingStored()) throw new IdentityError('NotAuthenticated', identityMessages.notAuthenticated);
      const user = await (await userManager()).getUser();
      if (!user) throw new IdentityError('NotAuthenticated', identityMessages.notAuthenticated);
      if (!user.expired) return user.access_token;
      return (await renewOrLose()).access_token;
    },

    /** The API refused the token: try a renewal, and end the session if the issuer refuses too. */
    handleUnauthorized: (): void => {
      renewOrLose().catch(() => undefined);
    },

    onSessionLost: (listener: (reason: string) => void): (() => void) => {
      lostListeners.add(listener);
      return () => lostListeners.delete(listener);
    },
  };
};
