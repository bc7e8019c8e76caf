import { User, WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { readStoredSession, storedUserKey } from './stored-session';

const config = { authority: 'http://issuer', clientId: 'resim-console' };
const now = Date.UTC(2026, 0, 1, 12);

/** Stores a user as oidc-client-ts itself does, so that a change of its format fails here. */
const storeAsTheClientDoes = async (storage: Storage, expiresAt: number) => {
  const user = new User({
    access_token: 'access',
    id_token: 'id',
    refresh_token: 'refresh',
    token_type: 'Bearer',
    profile: { sub: 'u1', iss: config.authority, aud: config.clientId, exp: expiresAt, iat: expiresAt - 600 },
    expires_at: expiresAt,
  });
  const store = new WebStorageStateStore({ store: storage });
  await store.set(`user:${config.authority}:${config.clientId}`, user.toStorageString());
};

describe('stored session', () => {
  it('reads the session oidc-client-ts stored, expired once its time has come', async () => {
    window.localStorage.clear();
    await storeAsTheClientDoes(window.localStorage, now / 1000 + 60);
    expect(readStoredSession(window.localStorage, config, now)).toEqual({ accessToken: 'access', idToken: 'id', expired: false });
    expect(readStoredSession(window.localStorage, config, now + 60_000)).toMatchObject({ expired: true });
  });

  it('finds nothing where there is no session or it cannot be read', () => {
    window.localStorage.clear();
    expect(readStoredSession(window.localStorage, config, now)).toBeNull();
    window.localStorage.setItem(storedUserKey(config), '{not json');
    expect(readStoredSession(window.localStorage, config, now)).toBeNull();
  });
});
