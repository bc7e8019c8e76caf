import type { WebConfig } from '@resim/contracts';

/** What a page needs of the session a previous visit left: enough to call the API without loading the OpenID Connect client. */
export type StoredSession = {
  readonly accessToken: string;
  readonly idToken: string | null;
  readonly expired: boolean;
};

/** Where oidc-client-ts keeps the user: its store's "oidc." prefix, then "user:<authority>:<client id>". */
export const storedUserKey = (config: Pick<WebConfig, 'authority' | 'clientId'>): string =>
  `oidc.user:${config.authority}:${config.clientId}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Reads the session oidc-client-ts stored, as it would (expired when its expiry time, in seconds,
 * has come); 'none' when nothing is stored (signed out: the client need not load), null when what
 * is stored cannot be read, in which case the client itself decides.
 */
export const readStoredSession = (
  storage: Storage,
  config: Pick<WebConfig, 'authority' | 'clientId'>,
  nowMs: number,
): StoredSession | 'none' | null => {
  let stored: unknown;
  try {
    const item = storage.getItem(storedUserKey(config));
    if (item === null) return 'none';
    stored = JSON.parse(item);
  } catch {
    return null;
  }
  if (!isRecord(stored) || typeof stored['access_token'] !== 'string') return null;
  const expiresAt = stored['expires_at'];
  return {
    accessToken: stored['access_token'],
    idToken: typeof stored['id_token'] === 'string' ? stored['id_token'] : null,
    expired: typeof expiresAt === 'number' && expiresAt <= Math.floor(nowMs / 1000),
  };
};
