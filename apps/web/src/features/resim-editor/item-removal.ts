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
  answers: {
    ...content.answers,
    actions: content.answers.actions.filter((id) => id !== actionId),
    unnecessaryActions: content.answers.unnecessaryActions.filter((id) => id !== actionId),
    harmfulActions: content.answers.harmfulActions.filter((id) => id !== actionId),
  },
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

/** Removes an info; a run that opened on it opens on the default stage instead. */
export const removeInfo = (content: ScenarioContent, infoId: string): ScenarioContent => ({
  ...content,
  infos: content.infos.filter((item) => item.id !== infoId),
  initial: content.initial?.type === 'info' && content.initial.id === infoId ? null : content.initial,
});

/** Removes a page; a run that opened on it opens on the default stage instead. */
export const removePage = (content: ScenarioContent, pageId: string): ScenarioContent => ({
  ...content,
  pages: content.pages.filter((item) => item.id !== pageId),
  initial: content.initial?.type === 'page' && content.initial.id === pageId ? null : content.initial,
});

/** Removes a stage group; its stages stay, in no group. */
export const removeStageGroup = (content: ScenarioContent, groupId: string): ScenarioContent => ({
  ...content,
  stageGroups: content.stageGroups.filter((item) => item.id !== groupId),
  stages: content.stages.map((stage) => (stage.stageGroup === groupId ? { ...stage, stageGroup: null } : stage)),
});
