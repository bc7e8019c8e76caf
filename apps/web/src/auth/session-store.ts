import type { SessionStore } from '@resim/contracts';
import { createCookieStorage } from './cookie-storage';

/**
 * Where the session lives, as the server's configuration says (SESSION_STORAGE): localStorage, or
 * cookies. The OpenID Connect client writes it there and the page reads it there.
 */
export const sessionStorageFor = (
  session: SessionStore,
  browser: { readonly localStorage: Storage; readonly document: Pick<Document, 'cookie'> },
  now: () => number = Date.now,
): Storage =>
  session.storage === 'cookie'
    ? createCookieStorage({ domain: session.domain, sameSite: session.sameSite, secure: session.secure, document: browser.document, now })
    : browser.localStorage;
