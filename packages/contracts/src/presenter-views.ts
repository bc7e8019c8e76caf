import { z } from 'zod';

/**
 * SPEC 3 presenter view (id, resimId): a saved layout of the presenter display, what the room
 * sees of a scenario's session. A scenario may keep several, one of them its default.
 */

/** The parts of the display a view may show. */
export const presenterPanels = ['join', 'lobby', 'leaderboard', 'measures', 'messages'] as const;
export type PresenterPanel = (typeof presenterPanels)[number];

export const presenterThemes = ['dark', 'light'] as const;
export type PresenterTheme = (typeof presenterThemes)[number];

const name = z.string().trim().min(1, 'Give the view a name').max(80, 'At most 80 characters');
const panels = z
  .array(z.enum(presenterPanels, { error: `Each is one of ${presenterPanels.join(', ')}` }), {
    error: 'A list of panels',
  })
  .min(1, 'Choose at least one panel')
  .refine((list) => new Set(list).size === list.length, 'Name each panel once');
const hideNames = z.boolean({ error: 'Say true or false' });
const theme = z.enum(presenterThemes, { error: `One of ${presenterThemes.join(', ')}` });
const isDefault = z.boolean({ error: 'Say true or false' });

export const savedPresenterView = z
  .object({
    id: z.string(),
    resimId: z.string(),
    name: z.string(),
    panels: z.array(z.enum(presenterPanels)),
    /** learners appear as "Learner 1", "Learner 2"… in the order they joined */
    hideNames: z.boolean(),
    theme: z.enum(presenterThemes),
    /** shown when the display names no view */
    isDefault: z.boolean(),
    created: z.string(),
    updated: z.string(),
  })
  .meta({ id: 'SavedPresenterView' });
export type SavedPresenterView = z.infer<typeof savedPresenterView>;

/** POST /admin/presenter */
export const createPresenterViewBody = z.strictObject({
  resimId: z.string({ error: 'Name the scenario' }).trim().min(1, 'Name the scenario').max(100),
  name,
  panels,
  hideNames: hideNames.default(false),
  theme: theme.default('dark'),
  isDefault: isDefault.default(false),
});
export type CreatePresenterViewBody = z.input<typeof createPresenterViewBody>;

/** PATCH /admin/presenter/{id}: only the fields that change. */
export const patchPresenterViewBody = z.strictObject({
  name: name.optional(),
  panels: panels.optional(),
  hideNames: hideNames.optional(),
  theme: theme.optional(),
  isDefault: isDefault.optional(),
});
export type PatchPresenterViewBody = z.infer<typeof patchPresenterViewBody>;

/** What the display shows when the scenario has no default view: everything, names and all, on dark. */
export const standardPresenterLayout = {
  panels: [...presenterPanels],
  hideNames: false,
  theme: 'dark',
} as const satisfies { panels: PresenterPanel[]; hideNames: boolean; theme: PresenterTheme };
