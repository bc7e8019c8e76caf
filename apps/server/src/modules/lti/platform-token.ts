import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import type { LtiPlatformRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { ToolKeys } from './tool-keys';

export const scoreScope = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const rosterScope = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

/** What a platform answered when it was not what was asked: its status (0: no answer) and its words. */
export class PlatformAnswer extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** how long it asked to be left alone (Retry-After), when it said */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'PlatformAnswer';
  }
}

const retryAfterOf = (response: Response): number | null => {
  const value = response.headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
};

/** A refusal in the platform's words, as much as fits in a line of the console. */
export const answerOf = async (response: Response, what: string): Promise<PlatformAnswer> => {
  const text = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 500);
  const words = text === '' ? response.statusText : text;
  return new PlatformAnswer(response.status, `${what}: the platform answered ${response.status} ${words}`.trim(), retryAfterOf(response));
};

/** fetch, with no answer at all (refused connection, time out) told as status 0. */
export const platformFetch = async (url: string, init: RequestInit, what: string): Promise<Response> => {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(15_000), redirect: 'error' });
  } catch (error) {
    throw new PlatformAnswer(0, `${what}: the platform did not answer (${error instanceof Error ? error.message : String(error)})`);
  }
};

type Cached = { readonly token: string; readonly until: number };

/**
 * Access tokens of platforms' services (LTI Advantage's client credentials grant): asked with a
 * JWT signed by the tool's key as the client's assertion, and kept until shortly before they expire.
 */
export const createPlatformTokens = (keysOf: () => Promise<ToolKeys>, clock: Clock) => {
  const cache = new Map<string, Cached>();
  const keyOf = (platform: LtiPlatformRow, scope: string) => `${platform.id}\u0000${platform.token_url}\u0000${scope}`;

  const ask = async (platform: LtiPlatformRow, scope: string): Promise<Cached> => {
    const keys = await keysOf();
    const now = clock.now().getTime();
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: keys.signing.kid, typ: 'JWT' })
      .setIssuer(platform.client_id)
      .setSubject(platform.client_id)
      .setAudience(platform.token_url)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + 300)
      .setJti(crypto.randomUUID())
      .sign(keys.signing.key);
    const what = 'Asking the platform for an access token';
    const response = await platformFetch(
      platform.token_url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          scope,
        }).toString(),
      },
      what,
    );
    if (!response.ok) throw await answerOf(response, what);
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== 'string') throw new PlatformAnswer(502, `${what}: the platform's answer held no access token`);
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000;
    // A minute early, so that a token is never sent just as it expires.
    return { token: body.access_token, until: now + Math.max(0, lifetimeMs - 60_000) };
  };

  return {
    /** A token for the scope, asked anew once the one kept has (nearly) expired. */
    tokenFor: async (platform: LtiPlatformRow, scope: string): Promise<string> => {
      const key = keyOf(platform, scope);
      const kept = cache.get(key);
      if (kept && kept.until > clock.now().getTime()) return kept.token;
      const fresh = await ask(platform, scope);
      cache.set(key, fresh);
      return fresh.token;
    },
    /** The platform refused a token: the next call asks for another. */
    forget: (platform: LtiPlatformRow, scope: string): void => {
      cache.delete(keyOf(platform, scope));
    },
  };
};
export type PlatformTokens = ReturnType<typeof createPlatformTokens>;
