import type { RequirementSet, ScenarioContent } from '@resim/domain';

const without = (set: RequirementSet, id: string): RequirementSet =>
  set.all.includes(id) || set.any.includes(id) || set.none.includes(id)
    ? { all: set.all.filter((x) => x !== id), any: set.any.filter((x) => x !== id), none: set.none.filter((x) => x !== id) }
    : set;

/**
 * Removes a test and every mention of it (requirements, stage activators, the answer key), so the
 * saved scenario never names a test that is gone.
 */
export const removeAction = (content: ScenarioContent, actionId: string): ScenarioContent => ({
  ...content,
  actions: content.actions
    .filter((item) => item.id !== actionId)
    .map((item) => ({ ...item, requiredActions: without(item.requiredActions, actionId) })),
  conclusions: content.conclusions.map((item) => ({ ...item, requiredActions: without(item.requiredActions, actionId) })),
  stages: content.stages.map((item) => ({
    ...item,
    requiredActions: without(item.requiredActions, actionId),
    activators: item.activators.filter((activator) => activator.id !== actionId),
  })),
  answers: { ...content.answers, actions: content.answers.actions.filter((id) => id !== actionId) },
});

/** Removes a diagnosis and every mention of it (requirements, the answer key). */
export const removeConclusion = (content: ScenarioContent, conclusionId: string): ScenarioContent => ({
  ...content,
  actions: content.actions.map((item) => ({ ...item, requiredConclusions: without(item.requiredConclusions, conclusionId) })),
  conclusions: content.conclusions
    .filter((item) => item.id !== conclusionId)
    .map((item) => ({ ...item, requiredConclusions: without(item.requiredConclusions, conclusionId) })),
  stages: content.stages.map((item) => ({ ...item, requiredConclusions: without(item.requiredConclusions, conclusionId) })),
  answers: { ...content.answers, conclusions: content.answers.conclusions.filter((id) => id !== conclusionId) },
});
