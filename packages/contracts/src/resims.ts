import { z } from 'zod';
import { action, conclusion, Priority, scenario, scenarioContent, scenarioDetailsPatch, scenarioParts, stage } from '@resim/domain';

/** The scenario as listed on Home. */
export const resimSummary = z
  .object({
    id: z.string(),
    resimName: z.string(),
    description: z.string(),
    group: z.string().describe('Id of the space holding the scenario'),
    resimStatus: z.number().int(),
    templateId: z.string().nullable(),
    created: z.string(),
    priority: z.literal([Priority.High, Priority.Low]).nullable().describe('SPEC 9: High 1, Low 2; null for none'),
  })
  .meta({ id: 'ResimSummary' });
export type ResimSummary = z.infer<typeof resimSummary>;

export const scenarioTemplate = z.object({ id: z.string(), name: z.string(), description: z.string() }).meta({ id: 'ScenarioTemplate' });
export type ScenarioTemplate = z.infer<typeof scenarioTemplate>;

/** POST /admin/resim/new */
export const newResimBody = z.strictObject({
  groupId: z.string().min(1).max(100),
  templateId: z.string().max(64).optional(),
  /** the new scenario's name; blank or absent: SPEC 3's 'New Simulation (Unfinished)', or the template's */
  resimName: z.string().trim().max(200, 'resimName: at most 200 characters').optional(),
});

/** PUT /admin/resim/{id}/space: the space to move the scenario to. */
export const moveResimBody = z.strictObject({ spaceId: z.string().trim().min(1, 'spaceId must name a space').max(100) });

/**
 * PATCH /admin/resim/{id}: only the changed parts, each replacing that part whole. `revision`
 * (or the If-Match header) names the revision the editor started from; a stale one gets 409.
 */
export const patchResimBody = z.strictObject({
  revision: z.number().int().min(0).optional(),
  details: scenarioDetailsPatch.optional(),
  actions: scenarioParts.actions.optional(),
  conclusions: scenarioParts.conclusions.optional(),
  measures: scenarioParts.measures.optional(),
  infos: scenarioParts.infos.optional(),
  stages: scenarioParts.stages.optional(),
  stageGroups: scenarioParts.stageGroups.optional(),
  baseline: scenarioParts.baseline.optional(),
  pages: scenarioParts.pages.optional(),
});
export type PatchResimBody = z.input<typeof patchResimBody>;

/** 409 to a stale save: the scenario as it now is, so the editor can keep, take or merge. */
export const resimConflict = z
  .object({ code: z.literal('conflict'), message: z.string(), current: scenario })
  .meta({ id: 'ResimConflict' });

/** POST /admin/export: scenarios as a file that POST /admin/import reads back; `history: true` adds their version histories. */
export const exportBody = z.strictObject({ ids: z.array(z.string().min(1).max(100)).min(1).max(100), history: z.boolean().optional() });
const exportedVersion = z.object({
  revision: z.number().int(),
  savedAt: z.string(),
  author: z.string(),
  name: z.string().nullable(),
  restoredFrom: z.number().int().nullable(),
  /** the version whole: the first of a history, and every snapshot */
  content: scenarioContent.optional(),
  /** the change from the version before, by item id */
  patch: z.unknown().optional(),
});
export const exportFile = z
  .object({
    format: z.literal('resim-export'),
    version: z.literal(1),
    exported: z.string(),
    scenarios: z.array(scenarioContent),
    /** each scenario's versions oldest first (null: none kept), when the export asked for them */
    histories: z.array(z.array(exportedVersion).nullable()).optional(),
  })
  .meta({ id: 'ResimExport' });
export type ExportFile = z.infer<typeof exportFile>;
export const importBody = z.strictObject({ groupId: z.string().min(1).max(100), file: z.unknown() });

/** POST /admin/import/zip?groupId=: the space a scenario zip is imported into. */
export const importZipQuery = z.strictObject({ groupId: z.string().min(1).max(100) });

/**
 * `media.json` of a scenario zip (POST /admin/export/zip): each uploaded file the scenarios refer
 * to, at `media/<key>` in the zip, and the address they were served from (`${artifactsUrl}/${key}`).
 */
export const mediaManifest = z
  .strictObject({
    format: z.literal('resim-media', { error: 'format must be "resim-media"' }),
    version: z.literal(1, { error: 'version must be 1' }),
    artifactsUrl: z.string().min(1).max(2000),
    files: z
      .array(
        z.strictObject({
          key: z.string().min(1).max(300),
          fileType: z.string().min(1).max(100),
          size: z.number().int().min(0),
          sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hexadecimal digits'),
        }),
      )
      .max(10_000),
  })
  .meta({ id: 'ResimMediaManifest' });
export type MediaManifest = z.infer<typeof mediaManifest>;

/** The name a scenario zip is saved as: the scenario's, made safe for a file, or "scenarios" for several. */
export const scenarioZipFileName = (names: readonly string[]): string => {
  const slug =
    names.length === 1
      ? (names[0] ?? '')
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 60)
      : '';
  return `${slug || 'scenarios'}.resim.zip`;
};

/** POST /admin/control/{id}/{status} */
export const controlParams = z.strictObject({ id: z.string().min(1).max(100), status: z.coerce.number().int() });
/**
 * POST /admin/control/{id}/{status} query. A Stop while learners with extra time (or untimed) are
 * still within their time is refused (409, naming them) unless it says what to do with their runs:
 * `spare` ends every other run and leaves theirs to finish, `end` ends them all now.
 */
export const controlQuery = z.strictObject({
  accommodated: z.enum(['spare', 'end'], { error: 'accommodated must be spare or end' }).optional(),
});
export type ControlQuery = z.infer<typeof controlQuery>;

export const stageTemplate = z
  .object({ id: z.string(), name: z.string(), stage, actions: z.array(action), conclusions: z.array(conclusion), created: z.string() })
  .meta({ id: 'StageTemplate' });
export type StageTemplate = z.infer<typeof stageTemplate>;
export const createStageTemplateBody = z.strictObject({
  name: z.string().trim().min(1, 'name must not be empty').max(200),
  stage,
  actions: z.array(action).max(5000),
  conclusions: z.array(conclusion).max(5000),
});

const checkIssue = z.object({
  code: z.string(),
  message: z.string(),
  target: z.object({
    part: z.enum(['actions', 'conclusions', 'stages', 'measures', 'infos', 'baseline', 'pages', 'details']),
    id: z.string().nullable(),
  }),
});
const checkStep = z.discriminatedUnion('type', [
  z.object({ type: z.literal('runAction'), id: z.string(), name: z.string() }),
  z.object({ type: z.literal('confirmConclusions'), ids: z.array(z.string()).readonly(), names: z.array(z.string()).readonly() }),
  z.object({ type: z.literal('takeHint') }),
]);
const pointsExtreme = z.object({
  found: z.object({ value: z.number(), steps: z.array(checkStep).readonly() }),
  exact: z.boolean(),
  bound: z.number().nullable().describe('what no run passes; null: unbounded'),
});

/** GET /admin/resim/{id}/check: the scenario checker's findings (the domain's checkScenario). */
export const scenarioCheck = z
  .object({
    errors: z.array(checkIssue).readonly().describe('what keeps the scenario from opening to learners'),
    warnings: z.array(checkIssue).readonly(),
    figures: z.object({
      points: z.object({ max: pointsExtreme, min: pointsExtreme }).nullable(),
      shortestDiagnosis: z.object({ steps: z.array(checkStep).readonly().nullable(), exact: z.boolean() }).nullable(),
      keyPath: z
        .object({
          steps: z.array(checkStep).readonly(),
          playable: z.boolean(),
          costs: z
            .array(z.object({ measureId: z.string(), name: z.string(), type: z.number(), from: z.number(), to: z.number() }))
            .readonly(),
        })
        .nullable(),
    }),
  })
  .meta({ id: 'ScenarioCheck' });
