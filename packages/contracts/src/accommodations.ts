import { z } from 'zod';

/**
 * Accommodations of a space's learners: extra time on every limit of time of a run, untimed play,
 * and a schedule window that closes later for them. Kept per learner, or per tag for a group; a
 * learner's own accommodation wins over their tags', and among tags the most generous of each.
 */

export const maxExtraPercent = 300;
export const maxExtraMinutes = 600;
/** a week */
export const maxWindowMinutes = 7 * 24 * 60;

const whole = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a whole number from 0 to ${max.toLocaleString('en')}` })
    .int(`${what} must be a whole number from 0 to ${max.toLocaleString('en')}`)
    .min(0, `${what} must be a whole number from 0 to ${max.toLocaleString('en')}`)
    .max(max, `${what} must be a whole number from 0 to ${max.toLocaleString('en')}`);

/** What an accommodation gives. At least one part is set: an accommodation of nothing is removed instead. */
export const accommodationSettings = z
  .strictObject({
    /** added to every limit of time, as a share of the time the scenario gives */
    extraPercent: whole('extraPercent', maxExtraPercent).default(0),
    /** added to every limit of time, in minutes */
    extraMinutes: whole('extraMinutes', maxExtraMinutes).default(0),
    /** no limit of time ends or holds the run; the time is still measured and shown */
    untimed: z.boolean({ error: 'untimed must be true or false' }).default(false),
    /** minutes the schedule window stays open for them after it closes for others */
    windowMinutes: whole('windowMinutes', maxWindowMinutes).default(0),
  })
  .refine((it) => it.extraPercent > 0 || it.extraMinutes > 0 || it.untimed || it.windowMinutes > 0, {
    message: 'an accommodation gives extra time, untimed play or a later close; to give none, remove it',
  })
  .meta({ id: 'AccommodationSettings' });
export type AccommodationSettings = z.infer<typeof accommodationSettings>;

/** One learner's or one tag's accommodation in a space. */
export const accommodation = z
  .object({
    kind: z.enum(['learner', 'tag']),
    /** the learner's email, or the tag */
    name: z.string(),
    extraPercent: z.number().int(),
    extraMinutes: z.number().int(),
    untimed: z.boolean(),
    windowMinutes: z.number().int(),
    updated: z.string(),
  })
  .meta({ id: 'Accommodation' });
export type Accommodation = z.infer<typeof accommodation>;

/** What a learner has in effect, and where it comes from: their own, or a tag's. */
export const effectiveAccommodation = z
  .object({
    extraPercent: z.number().int(),
    extraMinutes: z.number().int(),
    untimed: z.boolean(),
    windowMinutes: z.number().int(),
    /** 'learner' for their own; else the tags it comes from */
    from: z.union([z.literal('learner'), z.array(z.string())]),
  })
  .meta({ id: 'EffectiveAccommodation' });
export type EffectiveAccommodation = z.infer<typeof effectiveAccommodation>;

/** GET /admin/space/{id}/accommodation */
export const accommodationList = z
  .object({ learners: z.array(accommodation), tags: z.array(accommodation) })
  .meta({ id: 'AccommodationList' });
export type AccommodationList = z.infer<typeof accommodationList>;

const names = (what: string) => z.array(z.string().min(1).max(320)).max(10_000, `at most 10,000 ${what} per request`);

const subjects = {
  /** learners of the space, by email */
  learners: names('learners').default([]),
  tags: names('tags').default([]),
};
const someSubject = (body: { learners: string[]; tags: string[] }) => body.learners.length + body.tags.length > 0;

/** PUT /admin/space/{id}/accommodation: the learners and tags named get this accommodation, replacing theirs. */
export const setAccommodationBody = z
  .strictObject({ ...subjects, accommodation: accommodationSettings })
  .refine(someSubject, { message: 'name at least one learner or tag' });
export type SetAccommodationBody = z.input<typeof setAccommodationBody>;

/** DELETE /admin/space/{id}/accommodation: the learners and tags named lose theirs. */
export const removeAccommodationBody = z.strictObject(subjects).refine(someSubject, { message: 'name at least one learner or tag' });
export type RemoveAccommodationBody = z.input<typeof removeAccommodationBody>;

/**
 * A learner's or a tag's accommodation, for people: 'untimed', '+50 % time', '+25 min',
 * '+50 % time and 10 min', each with ', closes 2 h later' when the window is extended.
 */
export const describeAccommodation = (
  it: Pick<AccommodationSettings, 'extraPercent' | 'extraMinutes' | 'untimed' | 'windowMinutes'>,
): string => {
  const time = it.untimed
    ? 'untimed'
    : it.extraPercent > 0 && it.extraMinutes > 0
      ? `+${it.extraPercent} % time and ${it.extraMinutes} min`
      : it.extraPercent > 0
        ? `+${it.extraPercent} % time`
        : it.extraMinutes > 0
          ? `+${it.extraMinutes} min`
          : '';
  const later = it.windowMinutes > 0 ? `closes ${minutesText(it.windowMinutes)} later` : '';
  return [time, later].filter(Boolean).join(', ');
};

const minutesText = (minutes: number): string =>
  minutes % 1440 === 0 ? `${minutes / 1440} d` : minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;

/**
 * A CSV cell of the optional accommodation column, read: '50%', '+50 %', '25 min', '25m',
 * 'untimed', empty for none; several joined by ';' ('50%; window 2h' closes two hours later).
 * Answers the settings, null for an empty cell, or the problem in words.
 */
export const readAccommodationCell = (cell: string): AccommodationSettings | null | { problem: string } => {
  const parts = cell
    .split(';')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const settings = { extraPercent: 0, extraMinutes: 0, untimed: false, windowMinutes: 0 };
  for (const part of parts) {
    const window = /^window\s*\+?\s*(\d+)\s*(m|min|mins|minutes|h|hours?|d|days?)$/.exec(part);
    const percent = /^\+?\s*(\d+)\s*%$/.exec(part);
    const minutes = /^\+?\s*(\d+)\s*(m|min|mins|minutes)$/.exec(part);
    if (part === 'untimed') settings.untimed = true;
    else if (percent) settings.extraPercent = Number(percent[1]);
    else if (minutes) settings.extraMinutes = Number(minutes[1]);
    else if (window) settings.windowMinutes = Number(window[1]) * (window[2]!.startsWith('h') ? 60 : window[2]!.startsWith('d') ? 1440 : 1);
    else return { problem: `“${part}” is not an accommodation: write 50%, 25 min, untimed or window 2h, joined by ;` };
  }
  const checked = accommodationSettings.safeParse(settings);
  return checked.success ? checked.data : { problem: checked.error.issues[0]!.message };
};
