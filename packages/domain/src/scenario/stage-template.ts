import { idPrefixes, idSearchLimit, IdSpaceExhaustedError } from './ids';
import type { DeepReadonly, ReadonlyContent } from './readonly-content';
import type { Action, Activator, Conclusion, Impact, MeasureCondition, RequirementSet, Stage } from './schema';
import { addStage } from './stages';

/** SPEC 3 stage template: a stage with its actions and conclusions, kept to be inserted into any scenario. */
export type StageTemplateContent = {
  readonly stage: Stage;
  readonly actions: Action[];
  readonly conclusions: Conclusion[];
};

// Scenario content is plain JSON, so a JSON round trip is a faithful deep copy.
const copy = <T>(value: DeepReadonly<T>): T => JSON.parse(JSON.stringify(value)) as T;

const keepIn = (set: DeepReadonly<RequirementSet>, map: (id: string) => string | undefined): RequirementSet => {
  const mapped = (ids: readonly string[]) => ids.flatMap((id) => map(id) ?? []);
  return { all: mapped(set.all), any: mapped(set.any), none: mapped(set.none) };
};

const keepActivators = (activators: readonly DeepReadonly<Activator>[], map: (id: string) => string | undefined): Activator[] =>
  activators.flatMap((activator) => {
    const id = map(activator.id);
    if (id === undefined) return [];
    return [{ ...activator, id, stage: activator.stage === null ? null : (map(activator.stage) ?? null) }];
  });

/**
 * A stage of a scenario as a template: the stage with the actions and conclusions placed in it.
 * A template travels alone, so references to anything outside it (other stages, their items)
 * are left out; it never arrives as a default stage, since the scenario receiving it decides.
 */
export const stageTemplateOf = (content: ReadonlyContent, stageId: string): StageTemplateContent | undefined => {
  const stage = content.stages.find((candidate) => candidate.id === stageId);
  if (!stage) return undefined;
  const actions = content.actions.filter((action) => action.stage === stageId);
  const conclusions = content.conclusions.filter((conclusion) => conclusion.stage === stageId);
  const inside = new Set([stageId, ...actions.map((item) => item.id), ...conclusions.map((item) => item.id)]);
  const same = (id: string) => (inside.has(id) ? id : undefined);
  return {
    stage: {
      ...copy<Stage>(stage),
      default: false,
      stageGroup: null,
      requiredStages: { all: [], any: [], none: [] },
      requiredActions: keepIn(stage.requiredActions, same),
      requiredConclusions: keepIn(stage.requiredConclusions, same),
      activators: keepActivators(stage.activators, same),
    },
    actions: actions.map((action) => ({
      ...copy<Action>(action),
      requiredActions: keepIn(action.requiredActions, same),
      requiredConclusions: keepIn(action.requiredConclusions, same),
      activators: keepActivators(action.activators, same),
    })),
    conclusions: conclusions.map((conclusion) => ({
      ...copy<Conclusion>(conclusion),
      requiredActions: keepIn(conclusion.requiredActions, same),
      requiredConclusions: keepIn(conclusion.requiredConclusions, same),
    })),
  };
};

/** Ids for several new items of one part at once: each the lowest number still free. */
const freshIds = (prefix: string, taken: Iterable<string>, count: number): string[] => {
  const used = new Set(taken);
  const ids: string[] = [];
  for (let number = 1; number < idSearchLimit && ids.length < count; number += 1) {
    const id = `${prefix}${number}`;
    if (!used.has(id)) ids.push(id);
  }
  if (ids.length < count) throw new IdSpaceExhaustedError(prefix);
  return ids;
};

/**
 * Inserting a stage template into a scenario: the stage, its actions and its conclusions arrive
 * with new ids (SPEC 3: the lowest free numbers), their references to one another follow the new
 * ids, and references the scenario cannot satisfy (measures it lacks, items outside the
 * template) are dropped so that the result saves. The stage becomes the default by the rule of
 * SPEC 5. Throws IdSpaceExhaustedError when the ids run out.
 */
export const insertStageTemplate = <C extends ReadonlyContent>(
  content: C,
  template: DeepReadonly<StageTemplateContent>,
): { readonly content: C; readonly stageId: string } => {
  const [stageId] = freshIds(
    idPrefixes.stages,
    content.stages.map((item) => item.id),
    1,
  ) as [string];
  const actionIds = freshIds(
    idPrefixes.actions,
    content.actions.map((item) => item.id),
    template.actions.length,
  );
  const conclusionIds = freshIds(
    idPrefixes.conclusions,
    content.conclusions.map((item) => item.id),
    template.conclusions.length,
  );
  const renamed = new Map<string, string>([
    [template.stage.id, stageId],
    ...template.actions.map((item, index): [string, string] => [item.id, actionIds[index]!]),
    ...template.conclusions.map((item, index): [string, string] => [item.id, conclusionIds[index]!]),
  ]);
  const map = (id: string) => renamed.get(id);
  const measures = new Set(content.measures.map((measure) => measure.id));
  const impacts = (list: readonly DeepReadonly<Impact>[]): Impact[] =>
    list.filter((entry) => measures.has(entry.measureId)).map((entry) => ({ ...entry }));
  const conditions = (list: readonly DeepReadonly<MeasureCondition>[]): MeasureCondition[] =>
    list.filter((entry) => measures.has(entry.measureId)).map((entry) => ({ ...entry }));

  const stage: Stage = {
    ...copy<Stage>(template.stage),
    id: stageId,
    default: false,
    stageGroup: null,
    requiredStages: { all: [], any: [], none: [] },
    requiredActions: keepIn(template.stage.requiredActions, map),
    requiredConclusions: keepIn(template.stage.requiredConclusions, map),
    activators: keepActivators(template.stage.activators, map),
  };
  const actions: Action[] = template.actions.map((action) => ({
    ...copy<Action>(action),
    id: map(action.id)!,
    stage: stageId,
    requiredActions: keepIn(action.requiredActions, map),
    requiredConclusions: keepIn(action.requiredConclusions, map),
    activators: keepActivators(action.activators, map),
    impact: impacts(action.impact),
    measureConditions: conditions(action.measureConditions),
  }));
  const conclusions: Conclusion[] = template.conclusions.map((conclusion) => ({
    ...copy<Conclusion>(conclusion),
    id: map(conclusion.id)!,
    stage: stageId,
    requiredActions: keepIn(conclusion.requiredActions, map),
    requiredConclusions: keepIn(conclusion.requiredConclusions, map),
    impact: impacts(conclusion.impact),
  }));

  const withStage = addStage(content, stage);
  return {
    stageId,
    content: { ...withStage, actions: [...content.actions, ...actions], conclusions: [...content.conclusions, ...conclusions] },
  };
};
