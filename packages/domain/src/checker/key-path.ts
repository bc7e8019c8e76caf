import { valuesAt } from '../engine/measures';
import { applyEvent, startRun } from '../engine/run';
import type { ScenarioIndex } from '../engine/scenario-index';
import type { RunState } from '../engine/types';
import type { CheckStep, KeyPath, MeasureChange } from './types';

export type PlayedKeyPath = KeyPath & {
  /** the measure whose Terminate limit ended the run on the way, before the diagnosis */
  readonly endedBy: string | null;
};

/**
 * The answer key's path played through the engine at the run's first moment: the key's actions,
 * each as soon as it is available (in passes over those left, so an order the requirements ask
 * for is found), then its conclusions confirmed together. Its cost and time are the money and
 * time measures at the end, beside their start.
 */
export const playKeyPath = (index: ScenarioIndex): PlayedKeyPath | null => {
  const { content } = index;
  const { answers } = content;
  if (answers.actions.length === 0 && answers.conclusions.length === 0) return null;
  const start = startRun(content, 0);
  let state: RunState = start;
  const steps: CheckStep[] = [];
  let left = answers.actions.filter((id) => index.actions.has(id));
  let playable = left.length === answers.actions.length;
  for (let progress = true; progress && left.length > 0 && state.ended === null;) {
    progress = false;
    const waiting: string[] = [];
    for (const id of left) {
      const result = state.ended === null ? applyEvent(content, state, { type: 'runAction', actionId: id, at: 0 }) : null;
      if (result?.ok) {
        state = result.state;
        steps.push({ type: 'runAction', id, name: index.actions.get(id)!.name });
        progress = true;
      } else waiting.push(id);
    }
    left = waiting;
  }
  if (left.length > 0) playable = false;
  if (answers.conclusions.length > 0 && state.ended === null) {
    const result = applyEvent(content, state, { type: 'confirmConclusions', conclusionIds: [...answers.conclusions], at: 0 });
    if (result.ok) {
      state = result.state;
      steps.push({
        type: 'confirmConclusions',
        ids: answers.conclusions,
        names: answers.conclusions.map((id) => index.conclusions.get(id)?.name ?? id),
      });
    } else playable = false;
  }
  const endedBy = state.ended?.measureId ?? null;
  const diagnosed = answers.conclusions.length === 0 || state.confirmed.length > 0;
  const before = valuesAt(index, start, 0);
  const after = valuesAt(index, state, 0);
  const costs: MeasureChange[] = [...index.measures.values()]
    .filter((measure) => measure.type === 1 || measure.type === 4)
    .map((measure) => ({
      measureId: measure.id,
      name: measure.name,
      type: measure.type,
      from: before[measure.id] ?? 0,
      to: after[measure.id] ?? 0,
    }));
  return {
    steps,
    playable: playable && !(endedBy !== null && !diagnosed),
    costs,
    endedBy: diagnosed ? null : endedBy,
  };
};
