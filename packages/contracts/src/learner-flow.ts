import { z } from 'zod';

/**
 * GET /admin/resim/{id}/flow?instance=: how learners moved through a scenario, or one opening of
 * it (SPEC 7: the console polls it every 10 s). Test Mode runs and previews are not counted.
 */
export const learnerFlowQuery = z.strictObject({
  instance: z.string().trim().min(1).max(100).optional(),
});

const itemCount = z.object({ id: z.string(), learners: z.number().int() });

export const learnerFlow = z
  .object({
    resimId: z.string(),
    /** the opening counted, or null for every opening */
    instanceId: z.string().nullable(),
    /** learners' runs counted */
    runs: z.number().int(),
    finished: z.number().int(),
    /** learners who reached each stage */
    stages: z.array(itemCount),
    /** learners who ran each action */
    actions: z.array(itemCount),
    /** learners who confirmed each conclusion; `correct` by the answer key, null when the key names no conclusion */
    conclusions: z.array(itemCount.extend({ correct: z.boolean().nullable() })),
    /** what learners did next: from an action or conclusion (null: the run's start) to the next, counted */
    transitions: z.array(z.object({ from: z.string().nullable(), to: z.string(), count: z.number().int() })),
    /** the last step of unfinished runs, per item (null: no step taken yet) */
    stalls: z.array(z.object({ id: z.string().nullable(), learners: z.number().int() })),
    /** conclusions the answer key marks wrong that learners confirmed, most picked first */
    wrongDiagnoses: z.array(itemCount),
  })
  .meta({ id: 'LearnerFlow' });
export type LearnerFlow = z.infer<typeof learnerFlow>;
