import { z } from 'zod';

export const apiToken = z
  .object({ id: z.string(), name: z.string(), created: z.string(), lastUsed: z.string().nullable() })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiToken>;

export const createTokenBody = z.strictObject({ name: z.string().trim().min(1, 'name must not be empty').max(100) });

/** The secret is shown once, at creation. */
export const createdToken = apiToken.extend({ token: z.string() }).meta({ id: 'CreatedApiToken' });
export type CreatedToken = z.infer<typeof createdToken>;
