import { z } from 'zod';

/** What the web app needs before it can sign anyone in; served without authentication. */
export const webConfig = z
  .object({
    productName: z.string(),
    authority: z.string(),
    clientId: z.string(),
    scope: z.string(),
    embeddedIssuer: z.boolean(),
  })
  .meta({ id: 'WebConfig' });
export type WebConfig = z.infer<typeof webConfig>;
