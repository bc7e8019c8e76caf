import type { CookieSameSite } from '@resim/contracts';
import { sessionCookieDays, sessionCookiePath } from '@resim/domain';

export type CookieStorageOptions = {
  readonly domain: string;
  readonly sameSite: CookieSameSite;
  readonly secure: boolean;
  /** where cookies are read and written: the page's document */
  readonly document: Pick<Document, 'cookie'>;
  /** the time, for the expiry date */
  readonly now: () => number;
};

/**
 * The longest value one cookie holds. A browser keeps about 4096 bytes of name, value and
 * attributes per cookie; tokens are larger, so a longer value is split over several cookies.
 */
export const cookieChunkLength = 3800;

// A value held in several cookies is marked in its own cookie by this and the count of parts. A
// stored value is URI-encoded, which turns every ":" into "%3A", so no value can look like a marker.
const chunkMarker = 'chunks:';
// Parts are named after the value's cookie, then "|" and their number: a name is URI-encoded too,
// which turns every "|" into "%7C", so no item's name can be a part's.
const partName = (name: string, index: number) => `${name}|${index}`;
const isPartName = (name: string) => name.includes('|');

// Every cookie of the store starts with this: other cookies of the domain are not its items, and
// clearing it leaves them alone.
const namePrefix = 'resim-session.';
const encodeName = (key: string) =>
  namePrefix + encodeURIComponent(key).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const decode = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/**
 * A Storage kept in cookies (SPEC 5 and 9: path '/', 365 days expiry, secure; a domain, and
 * sameSite strict, lax or none), for oidc-client-ts's WebStorageStateStore and for reading the
 * session it stored without loading the client. Every host under the domain shares the session.
 */
export const createCookieStorage = (options: CookieStorageOptions): Storage => {
  const attributes = (expires: Date) =>
    [
      `Path=${sessionCookiePath}`,
      `Domain=${options.domain}`,
      `Expires=${expires.toUTCString()}`,
      `SameSite=${options.sameSite[0]!.toUpperCase()}${options.sameSite.slice(1)}`,
      ...(options.secure ? ['Secure'] : []),
    ].join('; ');

  const write = (name: string, value: string) => {
    options.document.cookie = `${name}=${value}; ${attributes(new Date(options.now() + sessionCookieDays * 24 * 60 * 60 * 1000))}`;
  };
  const erase = (name: string) => {
    options.document.cookie = `${name}=; ${attributes(new Date(0))}`;
  };

  const cookies = (): Map<string, string> => {
    const found = new Map<string, string>();
    for (const pair of options.document.cookie.split(';')) {
      const index = pair.indexOf('=');
      if (index > 0) found.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return found;
  };

  const partCount = (value: string | undefined): number =>
    value?.startsWith(chunkMarker) ? Number.parseInt(value.slice(chunkMarker.length), 10) || 0 : 0;

  const read = (jar: Map<string, string>, name: string): string | null => {
    const value = jar.get(name);
    if (value === undefined) return null;
    const parts = partCount(value);
    if (parts === 0) return decode(value);
    let whole = '';
    for (let index = 0; index < parts; index++) {
      const part = jar.get(partName(name, index));
      // A part lost (cleared by the user, or over the browser's cookie limit): the value is gone.
      if (part === undefined) return null;
      whole += part;
    }
    return decode(whole);
  };

  const erasePartsFrom = (name: string, first: number, parts: number) => {
    for (let index = first; index < parts; index++) erase(partName(name, index));
  };

  /** The items' names, decoded; parts and other cookies are left out. */
  const keys = (): string[] =>
    [...cookies().keys()]
      .filter((name) => name.startsWith(namePrefix) && !isPartName(name))
      .flatMap((name) => decode(name.slice(namePrefix.length)) ?? []);

  return {
    get length() {
      return keys().length;
    },
    key: (index: number) => keys()[index] ?? null,
    getItem: (key: string) => read(cookies(), encodeName(key)),
    setItem: (key: string, value: string) => {
      const name = encodeName(key);
      const before = partCount(cookies().get(name));
      const encoded = encodeURIComponent(String(value));
      if (encoded.length <= cookieChunkLength) {
        write(name, encoded);
        erasePartsFrom(name, 0, before);
        return;
      }
      const parts = Math.ceil(encoded.length / cookieChunkLength);
      for (let index = 0; index < parts; index++) {
        write(partName(name, index), encoded.slice(index * cookieChunkLength, (index + 1) * cookieChunkLength));
      }
      write(name, `${chunkMarker}${parts}`);
      erasePartsFrom(name, parts, before);
    },
    removeItem: (key: string) => {
      const name = encodeName(key);
      const parts = partCount(cookies().get(name));
      erase(name);
      erasePartsFrom(name, 0, parts);
    },
    clear: () => {
      for (const key of keys()) {
        const name = encodeName(key);
        const parts = partCount(cookies().get(name));
        erase(name);
        erasePartsFrom(name, 0, parts);
      }
    },
  };
};
