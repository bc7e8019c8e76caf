import type { DeepReadonly, ReadonlyContent } from '../scenario/readonly-content';
import type { Action, Conclusion, Impact, Measure, Stage } from '../scenario/schema';
import { isCostMeasure } from './measure-format';
import { defaultStage } from '../scenario/stages';
import { resolveTextSet, type TextSet } from '../scenario/text-set';
import { hasRequirementIds, type DoneIds } from './requirements';

export type IndexedAction = DeepReadonly<Action>;
export type IndexedConclusion = DeepReadonly<Conclusion>;
export type IndexedStage = DeepReadonly<Stage>;
export type IndexedMeasure = DeepReadonly<Measure>;

/**
 * What the engine looks up on every event, built once per scenario content: items by id, the
 * default stage, which actions open which stage. Content is read as immutable (the editor and the
 * server replace it rather than change it), so the index is kept per content object.
 */
export type ScenarioIndex = {
  readonly content: ReadonlyContent;
  readonly actions: ReadonlyMap<string, IndexedAction>;
  readonly conclusions: ReadonlyMap<string, IndexedConclusion>;
  readonly stages: ReadonlyMap<string, IndexedStage>;
  readonly measures: ReadonlyMap<string, IndexedMeasure>;
  readonly defaultStageId: string | null;
  /** stage id → actions whose own activators name that stage (by activator id or stage) */
  readonly openedByActions: ReadonlyMap<string, readonly string[]>;
  /** non-default stages that ask for nothing and that nothing opens: they are open from the start */
  readonly openFromStart: ReadonlySet<string>;
  /** Terminate measures that time moves towards their limit */
  readonly timedTerminations: readonly IndexedMeasure[];
  /** the text set of a stage (null: the scenario's own), resolved once */
  readonly textSet: (stageId: string | null) => TextSet;
  /** action id → what the player's costs show of its impact (see `shownCost`); only actions with something to show */
  readonly costs: ReadonlyMap<string, readonly Impact[]>;
};

const byId = <T extends { readonly id: string }>(items: readonly T[]): Map<string, T> => {
  const map = new Map<string, T>();
  // A saved scenario has no duplicate ids (scenarioProblems); should one slip through, the first item is used.
  for (const item of items) if (!map.has(item.id)) map.set(item.id, item);
  return map;
};

/**
 * DESIGN 4: the stage a run opens on: the stage flagged default, or else the first stage that is
 * not an antibody panel (a panel never is the default stage).
 */
const defaultStageIdOf = (stages: readonly IndexedStage[]): string | null =>
  (defaultStage(stages) ?? stages.find((stage) => !stage.isAntibodyPanel))?.id ?? null;

/**
 * What the costs show of an impact before the action is run: money and time, which a learner
 * weighs when choosing, and any other measure only where the author named it. The measure that
 * ranks learners, shown before choosing, would tell the right tests from the harmful ones.
 */
const shownCost = (
  impact: readonly DeepReadonly<Impact>[],
  measures: ReadonlyMap<string, IndexedMeasure>,
  revealed: readonly string[],
): readonly Impact[] =>
  impact.filter((entry) => {
    if (entry.value === 0) return false;
    const measure = measures.get(entry.measureId);
    return measure !== undefined && (isCostMeasure(measure.type) || revealed.includes(measure.id));
  });

const costsOf = (content: ReadonlyContent, measures: ReadonlyMap<string, IndexedMeasure>): Map<string, readonly Impact[]> => {
  const costs = new Map<string, readonly Impact[]>();
  for (const action of content.actions) {
    const shown = shownCost(action.impact, measures, content.settings.revealedMeasures);
    if (shown.length > 0 && !costs.has(action.id)) costs.set(action.id, Object.freeze(shown));
  }
  return costs;
};

const buildIndex = (content: ReadonlyContent): ScenarioIndex => {
  const openedByActions = new Map<string, string[]>();
  for (const action of content.actions) {
    for (const activator of action.activators) {
      for (const stageId of new Set([activator.id, activator.stage])) {
        if (stageId === null) continue;
        const actions = openedByActions.get(stageId) ?? [];
        if (!actions.includes(action.id)) actions.push(action.id);
        openedByActions.set(stageId, actions);
      }
    }
  }
  const defaultStageId = defaultStageIdOf(content.stages);
  const openFromStart = new Set(
    content.stages
      .filter(
        (stage) =>
          stage.id !== defaultStageId &&
          !hasRequirementIds(stage.requiredStages) &&
          !hasRequirementIds(stage.requiredActions) &&
          !hasRequirementIds(stage.requiredConclusions) &&
          stage.activators.length === 0 &&
          !openedByActions.has(stage.id),
      )
      .map((stage) => stage.id),
  );
  const measures = byId(content.measures);
  const timedTerminations = [...measures.values()].filter(
    (measure) =>
      measure.limits?.kind === 1 &&
      ((measure.type === 2 && measure.limits.max !== null) || (measure.type === 3 && measure.limits.min !== null)),
  );
  const textSets = new Map<string | null, TextSet>();
  return {
    content,
    actions: byId(content.actions),
    conclusions: byId(content.conclusions),
    stages: byId(content.stages),
    measures,
    defaultStageId,
    openedByActions,
    openFromStart,
    timedTerminations,
    costs: costsOf(content, measures),
    textSet: (stageId) => {
      let textSet = textSets.get(stageId);
      if (!textSet) {
        textSet = resolveTextSet(content, stageId);
        textSets.set(stageId, textSet);
      }
      return textSet;
    },
  };
};

const indexes = new WeakMap<ReadonlyContent, ScenarioIndex>();

/** The index of a scenario content, built on first use and kept while the content object lives. */
export const indexScenario = (content: ReadonlyContent): ScenarioIndex => {
  let index = indexes.get(content);
  if (!index) {
    index = buildIndex(content);
    indexes.set(content, index);
  }
  return index;
};

/**
 * A short list searched as it is: a set built for it every step cost more than the searches, in
 * memory above all (a step judges a run a few times, and thousands of runs step every second).
 */
class ListedIds implements DoneIds {
  constructor(private readonly ids: readonly string[]) {}

  has(id: string): boolean {
    return this.ids.includes(id);
  }
}

/** Lists up to this long are searched; longer ones get a set. */
const searchedUpTo = 16;

// The last few long lists' sets, newest first: a step asks for the same lists several times
// (judging, then viewing), and a list's set is built once for them. Not a WeakMap by list: with a
// list made at every step of thousands of live runs, its entries pile up for the collector.
const recentLists: (readonly string[])[] = [];
const recentSets: DoneIds[] = [];
const recentKept = 8;

/**
 * The ids of a run's list (actions run, conclusions confirmed, stages unlocked), to ask whether
 * one is done. A state's lists are never changed, only replaced, so the answer stays true while
 * the list is used.
 */
export const doneSet = (ids: readonly string[]): DoneIds => {
  if (ids.length <= searchedUpTo) return new ListedIds(ids);
  const at = recentLists.indexOf(ids);
  if (at >= 0) return recentSets[at]!;
  const set = new Set(ids);
  recentLists.unshift(ids);
  recentSets.unshift(set);
  if (recentLists.length > recentKept) {
    recentLists.pop();
    recentSets.pop();
  }
  return set;
};
