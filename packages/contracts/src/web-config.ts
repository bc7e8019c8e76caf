import { z } from 'zod';

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
  })
  .meta({ id: 'WebConfig' });
export type WebConfig = z.infer<typeof webConfig>;
