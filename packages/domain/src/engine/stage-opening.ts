import { hasRequirementIds, requirementHolds, type DoneIds } from './requirements';
import type { ReadonlyContent } from '../scenario/readonly-content';
import { indexScenario, type IndexedStage, type ScenarioIndex } from './scenario-index';

/** What the run has done so far, for the rules that ask whether something was done. */
export type Done = {
  readonly ran: DoneIds;
  readonly confirmed: DoneIds;
  readonly unlocked: DoneIds;
};

const asksForSomething = (stage: IndexedStage): boolean =>
  hasRequirementIds(stage.requiredStages) || hasRequirementIds(stage.requiredActions) || hasRequirementIds(stage.requiredConclusions);

/**
 * DESIGN 4 stage opening: the default stage; a stage that asks for something (a requirement id in
 * any of its three sets) once all three sets hold (stages against those unlocked, actions against
 * those run, conclusions against those confirmed); a stage one of whose activators was run (an
 * action) or unlocked (a stage); a stage named by the activators of an action run; and a stage
 * that asks for nothing and that nothing opens, from the start.
 */
const opens = (index: ScenarioIndex, stage: IndexedStage, done: Done): boolean =>
  stage.id === index.defaultStageId ||
  index.openFromStart.has(stage.id) ||
  (asksForSomething(stage) &&
    requirementHolds(stage.requiredStages, done.unlocked) &&
    requirementHolds(stage.requiredActions, done.ran) &&
    requirementHolds(stage.requiredConclusions, done.confirmed)) ||
  stage.activators.some((activator) => done.ran.has(activator.id) || done.unlocked.has(activator.id)) ||
  (index.openedByActions.get(stage.id)?.some((actionId) => done.ran.has(actionId)) ?? false);

/**
 * The stages unlocked after what the run has done: those already unlocked stay so, and stages open
 * by the rules above, in passes over the scenario's stages until none opens (a stage opening can
 * open another through its requiredStages or activators). The unlocked list is returned as it was
 * when nothing opened.
 */
export const openStages = (index: ScenarioIndex, unlocked: readonly string[], ran: DoneIds, confirmed: DoneIds) => {
  const open = new Set(unlocked);
  const done: Done = { ran, confirmed, unlocked: open };
  let next: string[] | null = null;
  for (let opened = true; opened;) {
    opened = false;
    for (const stage of index.stages.values()) {
      if (open.has(stage.id) || !opens(index, stage, done)) continue;
      open.add(stage.id);
      (next ??= [...unlocked]).push(stage.id);
      opened = true;
    }
  }
  return next ?? unlocked;
};

/**
 * The stage the learner is on: the last stage to open that is not an antibody panel. Stages open
 * from the start open beside the default stage, not after it: until another opens, the run is on
 * the default stage, where the author set it to begin.
 */
export const currentStage = (index: ScenarioIndex, unlocked: readonly string[]): IndexedStage | null => {
  let beside: IndexedStage | null = null;
  for (let position = unlocked.length - 1; position >= 0; position -= 1) {
    const stage = index.stages.get(unlocked[position] ?? '');
    if (!stage || stage.isAntibodyPanel) continue;
    if (!index.openFromStart.has(stage.id) || stage.id === index.defaultStageId) return stage;
    beside = stage;
  }
  return beside;
};

/**
 * DESIGN 4: the stages open when a run starts, in the scenario's order: the default stage and
 * every stage that asks for nothing and that nothing opens.
 */
export const startingStages = (content: ReadonlyContent): ReadonlyContent['stages'][number][] => {
  const index = indexScenario(content);
  return content.stages.filter((stage) => stage.id === index.defaultStageId || index.openFromStart.has(stage.id));
};
