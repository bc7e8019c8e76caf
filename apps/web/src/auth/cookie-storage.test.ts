import { describe, expect, it } from 'vitest';
import { cookieChunkLength, createCookieStorage } from './cookie-storage';

const now = Date.UTC(2026, 0, 1, 12);
const day = 24 * 60 * 60 * 1000;

type Written = { name: string; value: string; attributes: Record<string, string | true> };

/**
 * A browser's cookie jar, as document.cookie shows it: each write records its attributes, a date
 * in the past removes the cookie, and a cookie over 4096 bytes is refused as browsers refuse it.
 */
const cookieJar = (others: Record<string, string> = {}) => {
  const jar = new Map<string, string>(Object.entries(others));
  const writes: Written[] = [];
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      const [pair, ...rest] = text.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      const attributes: Record<string, string | true> = {};
      for (const attribute of rest) {
        const [key, ...valueParts] = attribute.trim().split('=');
        attributes[key!.toLowerCase()] = valueParts.length ? valueParts.join('=') : true;
      }
      writes.push({ name, value, attributes });
      if (text.length > 4096) return;
      if (Date.parse(String(attributes['expires'])) <= now) jar.delete(name);
      else jar.set(name, value);
    },
  };
  return { jar, writes, document };
};

const storageOn = (document: Pick<Document, 'cookie'>, sameSite: 'strict' | 'lax' | 'none' = 'strict') =>
  createCookieStorage({ domain: 'example.test', sameSite, secure: true, document, now: () => now });

describe('session cookies', () => {
  it('are written with path /, the domain, sameSite, secure and 365 days expiry (SPEC 9), and read back', () => {
    const { writes, document } = cookieJar();
    const storage = storageOn(document, 'lax');
    storage.setItem('oidc.user:https://id.example.test:console', '{"a":"b c;d"}');
    expect(storage.getItem('oidc.user:https://id.example.test:console')).toBe('{"a":"b c;d"}');
    expect(writes).toHaveLength(1);
    expect(writes[0]!.attributes).toEqual({
      path: '/',
      domain: 'example.test',
      samesite: 'Lax',
      secure: true,
      expires: new Date(now + 365 * day).toUTCString(),
    });
    expect(storage.getItem('oidc.missing')).toBeNull();
  });

  it('split a value too long for one cookie over several, each within a cookie’s size, and put it together again', () => {
    const { jar, writes, document } = cookieJar();
    const storage = storageOn(document);
    const token = 'x'.repeat(2 * cookieChunkLength + 100);
    const user = JSON.stringify({ access_token: token, id_token: token, refresh_token: 'r' });
    storage.setItem('oidc.user', user);
    expect(storage.getItem('oidc.user')).toBe(user);
    expect(jar.size).toBeGreaterThan(4);
    for (const write of writes) expect(`${write.name}=${write.value}; path=/; domain=example.test`.length).toBeLessThan(4096);

    // Shorter again: the parts no longer needed go.
    storage.setItem('oidc.user', 'short');
    expect(storage.getItem('oidc.user')).toBe('short');
    expect(jar.size).toBe(1);

    storage.setItem('oidc.user', user);
    storage.removeItem('oidc.user');
    expect(storage.getItem('oidc.user')).toBeNull();
    expect(jar.size).toBe(0);
  });

  it('lose a split value whose part is missing, rather than give half of it', () => {
    const { jar, document } = cookieJar();
    const storage = storageOn(document);
    storage.setItem('oidc.user', 'y'.repeat(cookieChunkLength * 2));
    jar.delete([...jar.keys()].find((name) => name.endsWith('|1'))!);
    expect(storage.getItem('oidc.user')).toBeNull();
  });

  it('list and clear their own items only, leaving the domain’s other cookies alone', () => {
    const { jar, document } = cookieJar({ theme: 'dark', 'other.app': '1' });
    const storage = storageOn(document);
    storage.setItem('oidc.a', '1');
    storage.setItem('oidc.b', 'z'.repeat(cookieChunkLength + 1));
    storage.setItem('a key (with) odd; chars=', 'v');
    expect(storage.length).toBe(3);
    expect([0, 1, 2].map((index) => storage.key(index)).sort()).toEqual(['a key (with) odd; chars=', 'oidc.a', 'oidc.b']);
    expect(storage.key(3)).toBeNull();
    expect(storage.getItem('a key (with) odd; chars=')).toBe('v');
    storage.clear();
    expect(storage.length).toBe(0);
    expect(Object.fromEntries(jar)).toEqual({ theme: 'dark', 'other.app': '1' });
  });

  it('cannot be fooled by a value that looks like the mark of a split one', () => {
    const { document } = cookieJar();
    const storage = storageOn(document);
    storage.setItem('oidc.a', 'chunks:2');
    expect(storage.getItem('oidc.a')).toBe('chunks:2');
  });

  it('are accepted by a real document.cookie', () => {
    const storage = createCookieStorage({
      domain: 'localhost',
      sameSite: 'strict',
      secure: false,
      document: window.document,
      now: Date.now,
    });
    const value = JSON.stringify({ id_token: 'i'.repeat(5000) });
    storage.setItem('oidc.user', value);
    expect(storage.getItem('oidc.user')).toBe(value);
    storage.removeItem('oidc.user');
    expect(storage.getItem('oidc.user')).toBeNull();
    expect(window.document.cookie).toBe('');
  });
});
