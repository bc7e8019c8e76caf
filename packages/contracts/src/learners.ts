import { z } from 'zod';
import { accommodationSettings, effectiveAccommodation } from './accommodations';

/**
 * Learners of a space and their allocations (SPEC 7). A learner is named by email everywhere;
 * emails are checked and normalised by the server, which names any it cannot read.
 */

/** The most learners one request may name: a cohort pasted or uploaded at once. */
export const maxLearnersPerRequest = 10_000;
export const maxTagsPerRequest = 20;
export const maxTagLength = 40;
export const maxResimsPerRequest = 100;

const emailAddress = z.email();

/** An address as stored: trimmed and in lower case, so that one person is one learner. */
export const normaliseEmail = (raw: string): string => raw.trim().toLowerCase();

/** Whether an address, once normalised, is one the server stores; the console checks pasted lists by the same rule. */
export const isEmailAddress = (normalised: string): boolean => emailAddress.safeParse(normalised).success;

// Emails are read leniently here and checked one by one by the server, so that a bad one is
// reported by name and position rather than as a schema error.
const rawEmail = z.string().max(320, 'an email address has at most 320 characters');
const learnerList = (what: string) =>
  z
    .array(rawEmail)
    .min(1, `name at least one learner to ${what}`)
    .max(maxLearnersPerRequest, `at most ${maxLearnersPerRequest.toLocaleString('en')} learners per request`);
const tag = z.string().trim().min(1, 'a tag must not be empty').max(maxTagLength, `a tag has at most ${maxTagLength} characters`);
/** Why a tag cannot be stored ('a tag has at most 40 characters'), or null when it can. */
export const tagProblem = (raw: string): string | null => tag.safeParse(raw).error?.issues[0]?.message ?? null;

const tags = z.array(tag).max(maxTagsPerRequest, `at most ${maxTagsPerRequest} tags`);

export const learner = z
  .object({
    email: z.string(),
    tags: z.array(z.string()),
    created: z.string(),
    /** when the last invitation was sent, if one was */
    invited: z.string().nullable(),
    reminded: z.string().nullable(),
    /** ids of the scenarios allocated to this learner */
    resims: z.array(z.string()),
    /** the accommodation in effect: their own, else the most generous of their tags' */
    accommodation: effectiveAccommodation.nullable().default(null),
  })
  .meta({ id: 'Learner' });
export type Learner = z.infer<typeof learner>;

/**
 * POST /admin/space/{id}/learner: every learner gets `tags`, and each its own `tags` beside them
 * (a CSV line's tags).
 */
export const addLearnersBody = z.strictObject({
  tags: tags.default([]),
  notify: z.boolean().default(false),
  learners: z
    .array(
      z.strictObject({
        email: rawEmail,
        tags: tags.optional(),
        /** stored as the learner's own accommodation (a CSV line's accommodation column) */
        accommodation: accommodationSettings.optional(),
      }),
    )
    .min(1, 'name at least one learner to add')
    .max(maxLearnersPerRequest, `at most ${maxLearnersPerRequest.toLocaleString('en')} learners per request`),
});
export type AddLearnersBody = z.input<typeof addLearnersBody>;

export const addLearnersResult = z
  .object({
    /** learners new to the space */
    added: z.number().int(),
    /** learners already in the space (given twice, or there before), whose tags were merged */
    merged: z.number().int(),
    /** invitations queued */
    notified: z.number().int(),
  })
  .meta({ id: 'AddLearnersResult' });
export type AddLearnersResult = z.infer<typeof addLearnersResult>;

/**
 * PATCH /admin/space/{id}/learner: sets the tags of the learners named (`set`, the default), or
 * adds them to or removes them from the tags they have.
 */
export const patchLearnersBody = z.strictObject({
  learners: learnerList('tag'),
  tags,
  mode: z.enum(['set', 'add', 'remove']).default('set'),
});
export type PatchLearnersBody = z.input<typeof patchLearnersBody>;

export const deleteLearnersBody = z.strictObject({ learners: learnerList('remove') });
export const remindLearnersBody = z.strictObject({ learners: learnerList('remind') });

export const learnersChanged = z.object({ count: z.number().int() }).meta({ id: 'LearnersChanged' });
export type LearnersChanged = z.infer<typeof learnersChanged>;

/** GET /admin/space/{id}/allocation: one line per learner and scenario. */
export const allocation = z.object({ email: z.string(), resimId: z.string(), created: z.string() }).meta({ id: 'Allocation' });
export type Allocation = z.infer<typeof allocation>;

/** POST and DELETE /admin/space/{id}/allocation: every learner named, to or from every scenario named. */
export const allocationBody = z.strictObject({
  learners: learnerList('allocate'),
  resims: z
    .array(z.string().min(1).max(100))
    .min(1, 'name at least one scenario')
    .max(maxResimsPerRequest, `at most ${maxResimsPerRequest} scenarios per request`),
});
export type AllocationBody = z.infer<typeof allocationBody>;
