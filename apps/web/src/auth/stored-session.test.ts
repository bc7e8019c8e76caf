import { User, WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { createCookieStorage } from './cookie-storage';
import { sessionStorageFor } from './session-store';
import { readStoredSession, storedUserKey } from './stored-session';

const config = { authority: 'http://issuer', clientId: 'resim-console' };
const now = Date.UTC(2026, 0, 1, 12);

/** Stores a user as oidc-client-ts itself does, so that a change of its format fails here. */
const storeAsTheClientDoes = async (storage: Storage, expiresAt: number, tokens = { access: 'access', id: 'id' }) => {
  const user = new User({
    access_token: tokens.access,
    id_token: tokens.id,
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
    expect(readStoredSession(window.localStorage, config, now)).toBe('none');
    window.localStorage.setItem(storedUserKey(config), '{not json');
    expect(readStoredSession(window.localStorage, config, now)).toBeNull();
  });

  it('reads the session from cookies when it is kept there, tokens too big for one cookie included', async () => {
    window.localStorage.clear();
    const storage = createCookieStorage({
      domain: 'localhost',
      sameSite: 'strict',
      secure: false,
      document: window.document,
      // real time: the cookies' expiry must be ahead of the document's clock
      now: Date.now,
    });
    const tokens = { access: `eyJ.${'a'.repeat(6000)}.sig`, id: `eyJ.${'i'.repeat(3000)}.sig` };
    await storeAsTheClientDoes(storage, now / 1000 + 60, tokens);
    expect(window.localStorage.getItem(storedUserKey(config))).toBeNull();
    expect(readStoredSession(storage, config, now)).toEqual({ accessToken: tokens.access, idToken: tokens.id, expired: false });
    storage.clear();
  });

  it('is looked for where the configuration says', () => {
    const browser = { localStorage: window.localStorage, document: window.document };
    expect(sessionStorageFor({ storage: 'local' }, browser)).toBe(window.localStorage);
    const cookies = sessionStorageFor({ storage: 'cookie', domain: 'localhost', sameSite: 'lax', secure: false }, browser);
    cookies.setItem('oidc.x', '1');
    expect(window.document.cookie).toContain('resim-session.oidc.x=1');
    expect(window.localStorage.getItem('oidc.x')).toBeNull();
    cookies.removeItem('oidc.x');
  });
});
