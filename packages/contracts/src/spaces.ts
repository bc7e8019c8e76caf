import { z } from 'zod';

export const spaceSecurity = z
  .object({ canMove: z.boolean(), canClone: z.boolean(), canEdit: z.boolean(), canDelete: z.boolean() })
  .meta({ id: 'SpaceSecurity' });

export const space = z
  .object({
    id: z.string(),
    description: z.string(),
    owner: z.string().describe('Email of the space owner'),
    isOwner: z.boolean().describe('Whether the caller owns the space'),
    security: spaceSecurity,
    created: z.string(),
  })
  .meta({ id: 'Space' });
export type Space = z.infer<typeof space>;

const description = z.string().trim().min(1, 'description must not be empty').max(200);
const email = z
  .email()
  .max(254)
  .transform((value) => value.toLowerCase());

export const createSpaceBody = z.strictObject({ description });
export const patchSpaceBody = z.strictObject({ description });
/** SPEC 6: absent flags mean true. */
export const putSecurityBody = z.strictObject({
  canMove: z.boolean().optional(),
  canClone: z.boolean().optional(),
  canEdit: z.boolean().optional(),
  canDelete: z.boolean().optional(),
});
export const putOwnerBody = z.strictObject({ email });
export const addSpaceUserBody = z.strictObject({ email });

export const spaceUser = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable().describe('The name their sign-in gives; null while they are pending, or when it gives none'),
    isOwner: z.boolean(),
    fromGroup: z
      .boolean()
      .describe(
        'Whether a group of their sign-in token names the space (SPEC 6): that access is managed at the identity provider, not here',
      ),
    pending: z
      .boolean()
      .describe(
        'Added by email and not yet signed in to see the space (listing their spaces does it). Until then they are shown by that email ' +
          'alone, with no name, whether or not the address had an account; the owner and those a sign-in group gives the space never are',
      ),
  })
  .meta({ id: 'SpaceUser' });
export type SpaceUser = z.infer<typeof spaceUser>;

export const spaceUserParams = z.strictObject({ id: z.string().min(1).max(100), userId: z.string().min(1).max(100) });
