import type { ReadonlyContent } from './readonly-content';
import { pluralLabel, resolveTextSet } from './text-set';

const overviewMediaKinds = [
  ['descriptionImages', 'Image'],
  ['descriptionVideos', 'Video'],
  ['descriptionFiles', 'File'],
] as const;

const requirementKinds = ['any', 'all', 'none'] as const;

// An overview medium without a description is still named, by its file name, so the author can find it.
const mediaName = (media: { readonly description: string; readonly url: string; readonly id: string }): string =>
  media.description.trim() || media.url.split(/[?#]/)[0]?.split('/').pop() || media.id;

// An item not yet named is still named, by its id, rather than leaving a gap in the sentence.
const nameOf = (item: { readonly name: string; readonly id: string }): string => item.name.trim() || item.id;

const referencesInActivator = (activators: readonly { readonly id: string; readonly stage: string | null }[], stageId: string): boolean =>
  activators.some((activator) => activator.id === stageId || activator.stage === stageId);

/**
 * SPEC 5 stage deletion: the danger messages that block deleting a stage, word for word; none
 * means it may be deleted. The labels are the scenario's text set as that stage shows it.
 */
export const stageDeletionProblems = (content: ReadonlyContent, stageId: string): string[] => {
  const target = content.stages.find((stage) => stage.id === stageId);
  if (!target) return [];
  const labels = resolveTextSet(content, stageId);
  const problems: string[] = [];

  for (const [list, kind] of overviewMediaKinds) {
    for (const media of content[list]) {
      if (media.availableStages.includes(stageId)) {
        problems.push(`Overview ${kind} ${mediaName(media)} references this ${labels.stage}. Cannot delete.`);
      }
    }
  }

  if (content.actions.some((action) => action.stage === stageId)) {
    problems.push(`Cannot delete ${nameOf(target)} as it still contains ${labels.actions}`);
  }
  if (content.conclusions.some((conclusion) => conclusion.stage === stageId)) {
    problems.push(`Cannot delete ${nameOf(target)} as it still contains ${pluralLabel(labels.conclusion)}`);
  }

  for (const action of content.actions) {
    if (referencesInActivator(action.activators, stageId)) {
      problems.push(`${nameOf(action)} references ${nameOf(target)} in an activator. Cannot delete.`);
    }
  }

  for (const stage of content.stages) {
    if (stage.id === stageId) continue;
    for (const kind of requirementKinds) {
      if (stage.requiredStages[kind].includes(stageId)) {
        problems.push(`${nameOf(stage)} references ${nameOf(target)} in ${kind} required. Cannot delete.`);
      }
    }
    if (referencesInActivator(stage.activators, stageId)) {
      problems.push(`${nameOf(stage)} references ${nameOf(target)} in an activator. Cannot delete.`);
    }
  }

  return problems;
};

export type StageDeletion<C> = { readonly ok: true; readonly content: C } | { readonly ok: false; readonly problems: string[] };

/**
 * SPEC 5 stage deletion: removes the stage unless a danger message blocks it. What merely pointed
 * at the stage is let go: infos in it are left without a stage and an initial item naming it is
 * cleared. When the default stage goes, the first remaining stage that may be default takes its
 * place, so that a run still opens somewhere (SPEC 5: the first non-antibody stage is the default).
 */
export const deleteStage = <C extends ReadonlyContent>(content: C, stageId: string): StageDeletion<C> => {
  const problems = stageDeletionProblems(content, stageId);
  if (problems.length > 0) return { ok: false, problems };

  const deleted = content.stages.find((stage) => stage.id === stageId);
  if (!deleted) return { ok: true, content };
  const remaining = content.stages.filter((stage) => stage.id !== stageId);
  const needsDefault = deleted.default && !remaining.some((stage) => stage.default && !stage.isAntibodyPanel);
  const successor = needsDefault ? remaining.find((stage) => !stage.isAntibodyPanel) : undefined;
  return {
    ok: true,
    content: {
      ...content,
      stages: remaining.map((stage) => (stage === successor ? { ...stage, default: true } : stage)),
      infos: content.infos.map((info) => (info.stage === stageId ? { ...info, stage: null } : info)),
      initial: content.initial?.type === 'stage' && content.initial.id === stageId ? null : content.initial,
    },
  };
};
