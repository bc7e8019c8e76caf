import { z } from 'zod';
import { uploadLimits } from './uploads';

export const cookieSameSites = ['strict', 'lax', 'none'] as const;
export type CookieSameSite = (typeof cookieSameSites)[number];

/**
 * Where the web app keeps the signed-in session: the browser's localStorage, or cookies (SPEC 5
 * and 9) that every host of `domain` can read.
 */
export const sessionStore = z
  .discriminatedUnion('storage', [
    z.object({ storage: z.literal('local') }),
    z.object({ storage: z.literal('cookie'), domain: z.string(), sameSite: z.enum(cookieSameSites), secure: z.boolean() }),
  ])
  .meta({ id: 'SessionStore' });
export type SessionStore = z.infer<typeof sessionStore>;

/** What the web app needs before it can sign anyone in; served without authentication. */
export const webConfig = z
  .object({
    productName: z.string(),
    authority: z.string(),
    clientId: z.string(),
    scope: z.string(),
    embeddedIssuer: z.boolean(),
    /** where sign-out goes when the issuer's discovery names none (Cognito's hosted-UI /logout) */
    signOutUrl: z.string().nullable(),
    /** the identity provider a sign-in with scope "openid" alone goes to (Cognito's identity_provider) */
    identityProvider: z.string().nullable(),
    session: sessionStore,
    uploads: uploadLimits,
    /** an SMTP server sends the product's emails; without one they stay in the outbox and reach nobody */
    emailSends: z.boolean(),
  })
  .meta({ id: 'WebConfig' });
export type WebConfig = z.infer<typeof webConfig>;
