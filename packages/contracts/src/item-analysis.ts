import { z } from 'zod';
import { fileNamePart } from './space-scoreboard';

/** A figure, or why it cannot be given ("not enough data: …"). */
const statistic = z.object({ value: z.number().nullable(), reason: z.string().nullable() }).meta({ id: 'Statistic' });

export const itemAnalysisItem = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['required test', 'unnecessary test', 'harmful test', 'diagnosis']),
    facility: statistic.describe(
      'the share of learners right on it: a required test run, a needless or harmful one left alone, the diagnosis confirmed',
    ),
    pointBiserial: statistic.describe('corrected point-biserial: the correlation of the item with the rest of the score'),
    upperLower: statistic.describe('the share right in the top 27 % by score less the share right in the bottom 27 %'),
    flags: z.array(z.enum(['too easy', 'too hard', 'does not discriminate'])),
  })
  .meta({ id: 'ItemAnalysisItem' });

export const itemAnalysis = z
  .object({
    resimId: z.string(),
    /** the opening analysed; null when the runs of every opening of one version are pooled */
    instanceId: z.string().nullable(),
    /** the scenario's revision whose answer key scored the runs; null for an opening made before openings recorded it */
    revision: z.number().int().nullable(),
    /** how many openings the runs come from */
    openings: z.number().int(),
    /** the finished runs the figures rest on */
    learners: z.number().int(),
    kr20: statistic,
    standardError: statistic,
    items: z.array(itemAnalysisItem),
  })
  .meta({ id: 'ItemAnalysis' });
export type ItemAnalysisResponse = z.infer<typeof itemAnalysis>;

/** `?output=csv` or `?output=xlsx` answers the item analysis as a file; JSON by default. */
export const itemAnalysisQuery = z.strictObject({ output: z.enum(['json', 'csv', 'xlsx']).default('json') });

/** GET /admin/resim/{id}/version/{revision}/item-analysis */
export const versionAnalysisParams = z.strictObject({
  id: z.string().min(1).max(100),
  revision: z.coerce.number({ error: 'revision: give a whole number' }).int('revision: give a whole number').min(0),
});

/** The file an item analysis downloads as, named for the scenario and for the opening or version analysed. */
export const itemAnalysisFileName = (
  resimName: string,
  analysis: Pick<ItemAnalysisResponse, 'instanceId' | 'revision'>,
  output: 'csv' | 'xlsx',
): string => {
  const name = fileNamePart(resimName, 'scenario');
  const scope = analysis.instanceId === null ? `revision-${analysis.revision}` : `opening-${analysis.instanceId}`;
  return `${name}-item-analysis-${scope}.${output}`;
};
