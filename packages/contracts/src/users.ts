import { z } from 'zod';

export const sortOrder = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/**
 * SPEC 3: user metadata; collapsedSpaces keeps the spaces folded on Home, priorityFirst puts
 * High priority scenarios first in the sort order.
 */
export const userMetadata = z
  .object({ collapsedSpaces: z.array(z.string()), sortOrder, priorityFirst: z.boolean() })
  .meta({ id: 'UserMetadata' });
export type UserMetadata = z.infer<typeof userMetadata>;

export const postUserMetadataBody = z.strictObject({
  collapsedSpaces: z.array(z.string().min(1).max(100)).max(1000).optional(),
  sortOrder: sortOrder.optional(),
  priorityFirst: z.boolean().optional(),
});

/** SPEC 3: user auth. */
export const userAuth = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    groups: z.array(z.string()),
    isDeveloper: z.boolean(),
    /** given scenarios to play and a member of no space: a learner, whose home is the player's list */
    isLearner: z.boolean(),
  })
  .meta({ id: 'UserAuth' });
export type UserAuth = z.infer<typeof userAuth>;

/** The password rule of the embedded issuer's accounts, wherever a password is chosen. */
export const minPasswordLength = 10;
export const newPassword = z
  .string()
  .min(minPasswordLength, `Password must be at least ${minPasswordLength} characters long`)
  .max(200, 'Password must be at most 200 characters long');

/** A signed-in user changing their own password. */
export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your current password').max(1000),
  newPassword,
});
export type ChangePassword = z.infer<typeof changePasswordBody>;
