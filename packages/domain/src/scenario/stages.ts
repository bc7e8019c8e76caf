import type { DeepReadonly, ReadonlyContent } from './readonly-content';
import type { Stage } from './schema';

/**
 * SPEC 5: the first non-antibody stage added becomes the default stage. The added stage is the
 * default exactly when no non-antibody stage is default yet; an antibody panel never is, and a
 * stage arriving already marked default does not take the place of the existing one (use
 * setDefaultStage to move it).
 */
export const addStage = <C extends ReadonlyContent>(content: C, stage: DeepReadonly<Stage>): C => {
  const hasDefault = content.stages.some((existing) => existing.default && !existing.isAntibodyPanel);
  return { ...content, stages: [...content.stages, { ...stage, default: !stage.isAntibodyPanel && !hasDefault }] };
};

/**
 * SPEC 5 default stage: makes the stage the only default. An antibody panel never becomes the
 * default stage, so naming one (or an unknown stage) leaves the content unchanged.
 */
export const setDefaultStage = <C extends ReadonlyContent>(content: C, stageId: string): C => {
  const target = content.stages.find((stage) => stage.id === stageId);
  if (!target || target.isAntibodyPanel) return content;
  return {
    ...content,
    stages: content.stages.map((stage) => (stage.default === (stage.id === stageId) ? stage : { ...stage, default: stage.id === stageId })),
  };
};

/** The stage a run opens on: the default stage that is not an antibody panel. */
export const defaultStage = <S extends { readonly default: boolean; readonly isAntibodyPanel: boolean }>(
  stages: readonly S[],
): S | undefined => stages.find((stage) => stage.default && !stage.isAntibodyPanel);

/**
 * Moves a stage to another place in the scenario's order, which is the order the player lists
 * stages in. `to` is the stage's index once moved, kept within the list; an unknown stage or no
 * move leaves the content unchanged.
 */
export const moveStage = <C extends ReadonlyContent>(content: C, stageId: string, to: number): C => {
  const from = content.stages.findIndex((stage) => stage.id === stageId);
  const target = Math.min(Math.max(Math.trunc(to), 0), content.stages.length - 1);
  if (from < 0 || from === target) return content;
  const stages = [...content.stages];
  const [moved] = stages.splice(from, 1);
  stages.splice(target, 0, moved!);
  return { ...content, stages };
};
