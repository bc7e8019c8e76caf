import { z } from 'zod';

/** The SCORM versions a scenario exports as: 1.2 and 2004 (4th edition). */
export const scormVersion = z.enum(['1.2', '2004']);
export type ScormVersion = z.infer<typeof scormVersion>;

export const scormExportBody = z.strictObject({ version: scormVersion });

export const scormPackageParams = z.object({ id: z.string().min(1).max(100), packageId: z.string().min(1).max(100) });

/** A SCORM package exported from a scenario; its key is in the zip only, never shown again. */
export const scormPackage = z
  .object({
    id: z.string(),
    version: scormVersion,
    createdAt: z.string(),
    createdBy: z.string().describe("the exporter's email or name"),
    revokedAt: z.string().nullable(),
    /** runs its learners started */
    launches: z.number().int(),
  })
  .meta({ id: 'ScormPackage' });
export type ScormPackage = z.infer<typeof scormPackage>;

/** What a package's page sends when an LMS opens it: its key and the LMS's learner. */
export const scormLaunchBody = z.strictObject({
  key: z.string().min(16).max(200),
  learnerId: z.string().trim().min(1, 'is required: the LMS gave no learner id').max(255),
  learnerName: z.string().max(255).default(''),
});

export const scormLaunch = z
  .object({
    gameId: z.string(),
    runToken: z.string(),
    resimName: z.string(),
    /** where the package's page frames the run */
    playUrl: z.string(),
    resumed: z.boolean(),
  })
  .meta({ id: 'ScormLaunch' });

/** A launched run's result as the LMS is told it (cmi completion, success and score). */
export const scormResult = z
  .object({
    ended: z.boolean(),
    /** the answer key's verdict; null when it names no diagnosis */
    passed: z.boolean().nullable(),
    /** points over the most a run can reach, within 0 and 1; null without points */
    scaled: z.number().nullable(),
    points: z.number().nullable(),
    maximum: z.number().nullable(),
    durationMs: z.number().nullable(),
  })
  .meta({ id: 'ScormResult' });
export type ScormResult = z.infer<typeof scormResult>;

export const scormResultParams = z.object({ gameId: z.string().min(1).max(100) });

/** The file a scenario's SCORM package is saved as: its name made safe for a file, and the version. */
export const scormFileName = (scenarioName: string, version: ScormVersion): string => {
  const base =
    scenarioName
      .normalize('NFKD')
      .replace(/[^\w\- ]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'scenario';
  return `${base}-scorm-${version === '1.2' ? '12' : '2004'}.zip`;
};
