import { z } from 'zod';

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
    instanceId: z.string(),
    /** the finished runs the figures rest on */
    learners: z.number().int(),
    kr20: statistic,
    standardError: statistic,
    items: z.array(itemAnalysisItem),
  })
  .meta({ id: 'ItemAnalysis' });
export type ItemAnalysisResponse = z.infer<typeof itemAnalysis>;
