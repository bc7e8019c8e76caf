import { z } from 'zod';

/** Every error the API sends: a stable code and a message for people. */
export const errorBody = z
  .object({
    code: z.string(),
    message: z.string(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

export const idParams = z.strictObject({ id: z.string().min(1).max(100) });
export const emptyBody = z.strictObject({});
export const ok = z.object({ ok: z.literal(true) });
