import type { MeasureCondition } from '../scenario/schema';
import { inSentence, type TextSet } from '../scenario/text-set';
import { failedCondition } from './measures';
import { requirementHolds, type DoneIds, type Requirements } from './requirements';
import type { IndexedAction, IndexedConclusion, ScenarioIndex } from './scenario-index';
import type { Done } from './stage-opening';

const operatorSigns: Readonly<Record<MeasureCondition['operator'], string>> = { '<': '<', '<=': '≤', '=': '=', '>=': '≥', '>': '>' };

const joined = (names: readonly string[], conjunction: 'and' | 'or'): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1) ?? ''}`;

/** Why a requirement set that does not hold fails, naming the items by the names the learner sees. */
const requirementReason = (set: Requirements, done: DoneIds, nameOf: (id: string) => string): string => {
  const missing = set.all.filter((id) => !done.has(id));
  if (missing.length > 0) return `Needs ${joined(missing.map(nameOf), 'and')} first`;
  if (set.any.length > 0 && !set.any.some((id) => done.has(id))) return `Needs ${joined(set.any.map(nameOf), 'or')} first`;
  return `Not available after ${joined(set.none.filter((id) => done.has(id)).map(nameOf), 'and')}`;
};

export type Situation = Done & {
  /** measure values at the moment judged */
  readonly values: Readonly<Record<string, number>>;
  /** the wording of the current stage */
  readonly text: TextSet;
};

const named = (items: ReadonlyMap<string, { readonly name: string }>) => (id: string) => items.get(id)?.name || id;

// Worded once per text set and stage: a view gives this reason for every always-shown item of every closed stage.
// Text sets are made per scenario index (ScenarioIndex.textSet), so the text set also fixes the scenario.
const closedStageReasons = new WeakMap<TextSet, Map<string, string>>();

/** Why an item of a closed stage is not available: "Opens in task Examination", in the text set's word for a stage. */
export const closedStageReason = (index: ScenarioIndex, text: TextSet, stageId: string): string => {
  let reasons = closedStageReasons.get(text);
  if (!reasons) {
    reasons = new Map();
    closedStageReasons.set(text, reasons);
  }
  let reason = reasons.get(stageId);
  if (reason === undefined) {
    reason = `Opens in ${inSentence(text.stage)} ${named(index.stages)(stageId)}`;
    reasons.set(stageId, reason);
  }
  return reason;
};

/**
 * DESIGN 4 availability of an action or a conclusion that has not been done: its stage is none or
 * unlocked, its required sets hold (actions run, conclusions confirmed) and, for an action, its
 * measure conditions hold.
 */
export const isAvailable = (item: IndexedAction | IndexedConclusion, situation: Situation): boolean =>
  (item.stage === null || situation.unlocked.has(item.stage)) &&
  requirementHolds(item.requiredActions, situation.ran) &&
  requirementHolds(item.requiredConclusions, situation.confirmed) &&
  (!('measureConditions' in item) || failedCondition(item.measureConditions, situation.values) === undefined);

/** Why an item is not available (see isAvailable), the first rule to fail in that order; null when it is available. */
export const blockedBecause = (index: ScenarioIndex, item: IndexedAction | IndexedConclusion, situation: Situation): string | null => {
  if (isAvailable(item, situation)) return null;
  if (item.stage !== null && !situation.unlocked.has(item.stage)) return closedStageReason(index, situation.text, item.stage);
  if (!requirementHolds(item.requiredActions, situation.ran)) {
    return requirementReason(item.requiredActions, situation.ran, named(index.actions));
  }
  if (!requirementHolds(item.requiredConclusions, situation.confirmed)) {
    return requirementReason(item.requiredConclusions, situation.confirmed, named(index.conclusions));
  }
  return 'measureConditions' in item ? conditionReason(index, item.measureConditions, situation.values) : null;
};

/** Why measure conditions do not hold ("Needs points ≥ 10"), or null when they all do. */
export const conditionReason = (
  index: ScenarioIndex,
  conditions: readonly MeasureCondition[],
  values: Readonly<Record<string, number>>,
): string | null => {
  const failed = failedCondition(conditions, values);
  return failed ? `Needs ${named(index.measures)(failed.measureId)} ${operatorSigns[failed.operator]} ${failed.value}` : null;
};
