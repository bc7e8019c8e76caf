import type { UserRow } from '../db/schema';
import type { Principal } from './principal';

export type CachedAuth = { principal: Principal; user: UserRow };

export type AuthCache = {
  get: (token: string, now: number) => CachedAuth | undefined;
  set: (token: string, auth: CachedAuth, now: number, expiresAt?: number) => void;
  /** after a token is revoked or a user changes: their next request authenticates afresh */
  forgetUser: (userId: string) => void;
};

/**
 * Who a token belongs to, remembered for a few seconds so that a burst of requests does not
 * verify and look up the same token each time. Revocation applies at once in this process and
 * within `ttlMs` in others.
 */
export const createAuthCache = (options: { ttlMs: number; maxEntries: number }): AuthCache => {
  const entries = new Map<string, CachedAuth & { until: number }>();
  return {
    get: (token, now) => {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(token);
        return undefined;
      }
      return entry;
    },
    set: (token, auth, now, expiresAt) => {
      // Map keeps insertion order: the oldest entry goes first when full.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(token, { ...auth, until: Math.min(now + options.ttlMs, expiresAt ?? Infinity) });
    },
    forgetUser: (userId) => {
      for (const [token, entry] of entries) if (entry.user.id === userId) entries.delete(token);
    },
  };
};
