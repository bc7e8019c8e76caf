import { z } from 'zod';

/** An LRS's xAPI endpoint: an absolute http(s) address without credentials in it. */
const lrsEndpoint = z
  .string()
  .trim()
  .max(2000)
  .pipe(
    z.url({
      protocol: /^https?$/,
      error: 'must be a web address starting with https:// or http://, such as https://lrs.example.org/xapi/',
    }),
  )
  .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'must not carry a user name or password: give them as the key and secret');

/** Where a space's xAPI statements go. The secret is written, never read back. */
export const putLrsBody = z.strictObject({
  endpoint: lrsEndpoint,
  key: z.string().trim().min(1, 'is required').max(500),
  /** left out to keep the secret already stored */
  secret: z.string().min(1, 'is required').max(500).optional(),
});
export type PutLrsBody = z.infer<typeof putLrsBody>;

export const xapiStatementStatus = z.enum(['queued', 'sending', 'sent', 'failed']);
export type XapiStatementStatus = z.infer<typeof xapiStatementStatus>;

export const lrsSettings = z
  .object({
    endpoint: z.string().nullable().describe('null when the space sends no statements'),
    key: z.string().nullable(),
    secretSet: z.boolean(),
    updated: z.string().nullable(),
    counts: z.record(xapiStatementStatus, z.number()).describe("The space's statements by status"),
    lastError: z.string().nullable().describe('What went wrong with the latest statement that failed or waits for a retry'),
  })
  .meta({ id: 'LrsSettings' });
export type LrsSettings = z.infer<typeof lrsSettings>;

export const lrsCheck = z
  .object({
    ok: z.boolean(),
    message: z.string().describe('What the LRS answered, in plain words'),
    versions: z.array(z.string()),
  })
  .meta({ id: 'LrsCheck' });
export type LrsCheck = z.infer<typeof lrsCheck>;

export const runStatement = z
  .object({
    id: z.string(),
    seq: z.number(),
    verb: z.string(),
    status: xapiStatementStatus,
    attempts: z.number(),
    lastError: z.string().nullable(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'RunStatement' });
export type RunStatement = z.infer<typeof runStatement>;
