/**
 * The scenario's fixed words and numbers (SPEC 3 and 9), apart from its schema: a page that needs
 * a mode, a measure type or a text field's name need not carry the schema's validation library.
 */

/** SPEC 9: measure types. */
export const MeasureType = {
  money: 1,
  autoTimeIncrement: 2,
  autoTimeDecrement: 3,
  time: 4,
  percentage: 5,
  decimal: 6,
  integer: 7,
} as const;
/** SPEC 9: limit kinds and their labels. */
export const LimitKind = { finiteWithTermination: 1, finite: 2, infinite: 3 } as const;
export const limitKindLabels = { 1: 'Terminate', 2: 'Limited', 3: 'Warning' } as const;
/** SPEC 9: simulation modes. */
export const SimulationMode = { Realtime: 1, Training: 2, Offline: 3, Assessed: 4 } as const;

export const comparisonOperators = ['<', '<=', '=', '>=', '>'] as const;

export const textFields = [
  'facts',
  'actions',
  'addActions',
  'addMoreActions',
  'conclusion',
  'maxConclusionsMessage',
  'conclusionCTA',
  'conclusionChange',
  'allActionsUsedMessage',
  'actionsNotAvailableMessage',
  'cannotRunActionsMessage',
  'searchActions',
  'noActionsFound',
  'actionChoiceCTA',
  'hintCTA',
  'searchConclusions',
  'noConclusionsFound',
  'conclusionChoiceCTA',
  'descriptionOpen',
  'descriptionClose',
  'simulationEndCTA',
  'simulationWaitText',
  'stage',
] as const;
export type TextField = (typeof textFields)[number];

export const timeUnits = ['seconds', 'minutes', 'hours', 'days'] as const;
export type TimeUnit = (typeof timeUnits)[number];

/** The lists of the answer key that mark actions; an action carries at most one mark. */
export const actionMarks = ['actions', 'unnecessaryActions', 'harmfulActions'] as const;
export type ActionMark = (typeof actionMarks)[number];
