import { z } from 'zod';
import { scenarioContent, scenarioPartNames } from '@resim/domain';

/** Version history of a scenario: every save kept, read back, compared and restored. */

const revision = z.coerce
  .number({ error: 'revision must be a number' })
  .int('revision must be a whole number')
  .min(0, 'revision must be 0 or more');

/** /admin/resim/{id}/history/{revision} */
export const versionParams = z.strictObject({ id: z.string().min(1).max(100), revision });

/** GET /admin/resim/{id}/history: newest first, a page at a time; `before` is the `next` of the page before. */
export const historyQuery = z.strictObject({
  before: revision.optional(),
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 200').max(200, 'limit must be 1 to 200').default(50),
});

/** GET /admin/resim/{id}/history/diff?from=&to=: what changed from one version to another, either way round. */
export const versionDiffQuery = z.strictObject({ from: revision, to: revision });

const changedItem = z.object({
  part: z.enum(scenarioPartNames),
  id: z.string(),
  name: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
});

export const scenarioVersion = z
  .object({
    revision: z.number().int(),
    savedAt: z.string(),
    /** the author's name or email when saved; empty for the version kept from before history began */
    author: z.string(),
    authorId: z.string().nullable(),
    name: z.string().nullable(),
    /** the revision this save brought back */
    restoredFrom: z.number().int().nullable(),
    /** how many items the save added, removed or changed */
    itemsChanged: z.number().int(),
    /** those items, the first 50 of them */
    items: z.array(changedItem),
    /** the other fields the save changed (details, answer key) */
    fields: z.array(z.string()),
  })
  .meta({ id: 'ScenarioVersion' });
export type ScenarioVersion = z.infer<typeof scenarioVersion>;

export const historyPage = z
  .object({
    versions: z.array(scenarioVersion),
    /** the `before` of the next page; null on the last */
    next: z.number().int().nullable(),
  })
  .meta({ id: 'ScenarioHistoryPage' });
export type HistoryPage = z.infer<typeof historyPage>;

export const versionContent = z.object({ version: scenarioVersion, content: scenarioContent }).meta({ id: 'ScenarioVersionContent' });
export type VersionContent = z.infer<typeof versionContent>;

const fieldChange = z.object({ label: z.string(), before: z.string(), after: z.string(), words: z.string() });
const section = z.enum([...scenarioPartNames, 'answers', 'details']);

export const versionDiff = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    changes: z.array(
      z.object({
        section,
        id: z.string(),
        name: z.string(),
        change: z.enum(['added', 'removed', 'changed']),
        words: z.string(),
        fields: z.array(fieldChange),
      }),
    ),
    reordered: z.array(z.enum(scenarioPartNames)),
  })
  .meta({ id: 'ScenarioVersionDiff' });
export type VersionDiffBody = z.infer<typeof versionDiff>;

/** POST /admin/resim/{id}/history/{revision}/restore: `revision` is the one the editor has open, as a PATCH names it. */
export const restoreVersionBody = z.strictObject({ revision: z.number().int().min(0).optional() });

/** PUT /admin/resim/{id}/history/{revision}/name: a name such as "used for the March exam"; null or blank removes it. */
export const nameVersionBody = z.strictObject({
  name: z.string().trim().max(100, 'name: at most 100 characters').nullable(),
});
