import { z } from 'zod';

/** What the web app reports about a request that failed. */
export const clientLogBody = z.strictObject({
  level: z.enum(['error', 'warn']),
  message: z.string().max(2000),
  method: z.string().max(10).optional(),
  path: z.string().max(2000).optional(),
  status: z.number().int().min(0).max(999).optional(),
  page: z.string().max(2000).optional(),
  stack: z.string().max(8000).optional(),
});
export type ClientLogBody = z.infer<typeof clientLogBody>;
