/** SPEC 9: sort orders of the scenario list on Home. */
export const SortOrder = {
  AlphaAsc: 0,
  AlphaDesc: 1,
  CreationAsc: 2,
  CreationDesc: 3,
} as const;
export type SortOrder = (typeof SortOrder)[keyof typeof SortOrder];
export const sortOrders: readonly SortOrder[] = [0, 1, 2, 3];

/**
 * SPEC 9: priorities of a scenario. A scenario may have none (every scenario made before
 * priorities existed): it ranks between High and Low.
 */
export const Priority = {
  High: 1,
  Low: 2,
} as const;
export type Priority = (typeof Priority)[keyof typeof Priority];
export const priorities: readonly Priority[] = [1, 2];

/** SPEC 6: licence types. */
export const LicenceType = {
  Unlicensed: 0,
  FreePersonalSlot: 1,
  Engage: 2,
  Assess: 3,
  Embed: 4,
} as const;
export type LicenceType = (typeof LicenceType)[keyof typeof LicenceType];

/** SPEC 1: the product name shown in the loading message and the shell. */
export const defaultProductName = 'Resim';

/** SPEC 1: 'Loading {product}, please wait...'. */
export const loadingMessage = (product: string): string => `Loading ${product}, please wait...`;

/** SPEC 9: request retry, exponential from 100 ms with jitter, ceiling 300000 ms. */
export const retryBaseMs = 100;
export const retryCeilingMs = 300_000;

/** SPEC 9: a code chunk that does not load within 120 s has failed. */
export const chunkLoadTimeoutMs = 120_000;

/** How long an access token of the embedded issuer lives. */
export const accessTokenLifetimeSeconds = 60 * 60;
/**
 * SPEC 9: credentials refresh about every 50 minutes (the sign-in library's value). The web client
 * renews this long before its access token expires: 60 minutes less 10.
 */
export const renewBeforeExpirySeconds = 10 * 60;

/** SPEC 9: session cookies: path '/', 365 days expiry, secure. */
export const sessionCookiePath = '/';
export const sessionCookieDays = 365;
