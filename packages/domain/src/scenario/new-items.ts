import { nextItemId } from './ids';
import type { ReadonlyContent } from './readonly-content';
import {
  action,
  baseline,
  conclusion,
  info,
  measure,
  page,
  stage,
  stageGroup,
  type Action,
  type Baseline,
  type Conclusion,
  type Info,
  type Measure,
  type Page,
  type Stage,
  type StageGroup,
} from './schema';

type Fields<T> = Partial<Omit<T, 'id'>>;

// Defaults come from the schema so that a new item is exactly what reading `{id, name}` gives.
const create = <T>(schema: { parse: (value: unknown) => T }, id: string, name: string, fields: Fields<T>): T => ({
  ...schema.parse({ id, name }),
  ...fields,
  id,
});

/** SPEC 3 and 9: a new action (test) with the next free act id, named 'New test'; pass `{ stage }` to place it. */
export const newAction = (content: ReadonlyContent, fields: Fields<Action> = {}): Action =>
  create(action, nextItemId(content, 'actions'), 'New test', fields);

/** SPEC 3 and 9: a new conclusion (diagnosis) with the next free conc id, named 'New diagnosis'. */
export const newConclusion = (content: ReadonlyContent, fields: Fields<Conclusion> = {}): Conclusion =>
  create(conclusion, nextItemId(content, 'conclusions'), 'New diagnosis', fields);

/** SPEC 3 and 9: a new stage with the next free stg id, named 'New task', not yet the default (addStage decides). */
export const newStage = (content: ReadonlyContent, fields: Fields<Stage> = {}): Stage =>
  create(stage, nextItemId(content, 'stages'), 'New task', fields);

/** SPEC 3 and 9: a new stage group with the next free group id. */
export const newStageGroup = (content: ReadonlyContent, fields: Fields<StageGroup> = {}): StageGroup =>
  create(stageGroup, nextItemId(content, 'stageGroups'), 'New group', fields);

/** SPEC 3 and 9: a new measure with the next free measure id: an integer starting at 0, unlimited and not scored. */
export const newMeasure = (content: ReadonlyContent, fields: Fields<Measure> = {}): Measure =>
  create(measure, nextItemId(content, 'measures'), 'New measure', fields);

/** SPEC 3 and 9: a new info with the next free info id. */
export const newInfo = (content: ReadonlyContent, fields: Fields<Info> = {}): Info =>
  create(info, nextItemId(content, 'infos'), 'New info', fields);

/** SPEC 3 and 9: a new baseline with the next free baseline id. */
export const newBaseline = (content: ReadonlyContent, fields: Fields<Baseline> = {}): Baseline =>
  create(baseline, nextItemId(content, 'baseline'), 'New baseline', fields);

/** SPEC 3 and 9: a new page with the next free page id. */
export const newPage = (content: ReadonlyContent, fields: Fields<Page> = {}): Page =>
  create(page, nextItemId(content, 'pages'), 'New page', fields);
