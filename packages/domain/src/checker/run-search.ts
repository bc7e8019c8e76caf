import { isAvailable } from '../engine/availability';
import { failedCondition } from '../engine/measures';
import { applyEvent, situationAt, startRun } from '../engine/run';
import type { ScenarioIndex } from '../engine/scenario-index';
import type { RunEvent, RunState } from '../engine/types';
import type { ReadonlyContent } from '../scenario/readonly-content';
import type { CheckStep } from './types';
import type { WorkSteps } from './work-steps';

/**
 * The runs of a scenario searched breadth first through the engine itself, every step at the
 * run's first moment: each state reached is one a learner can reach by ending the run there.
 * States that differ in nothing the future reads are searched once. The search stops after a
 * number of events tried (so that a large scenario is checked in good time); `complete` says
 * whether it saw every state.
 */
export type SearchedRun = { readonly state: RunState; readonly parent: SearchedRun | null; readonly event: RunEvent | null };

export type RunSearch = {
  readonly start: SearchedRun;
  /** every state reached, in order of the fewest steps */
  readonly reached: readonly SearchedRun[];
  readonly complete: boolean;
};

/** Events tried in all, spread over the scenario's size: about the same time for any scenario. */
const work = 3_000_000;
const mostEvents = 200_000;

/**
 * Whether time can change what a run reaches beyond ending it early: the engine's clocks (auto-time
 * measures) counting points, met by measure conditions, or ending the run through an impact
 * depending on when it comes. When it cannot, the runs at the first moment are all the runs.
 */
export const timeMatters = (content: ReadonlyContent): boolean => {
  const clocks = new Set(content.measures.filter((measure) => measure.type === 2 || measure.type === 3).map((measure) => measure.id));
  if (clocks.size === 0) return false;
  if (clocks.has('points')) return true;
  const conditions = [...content.actions.flatMap((action) => action.measureConditions), ...(content.hint?.measureConditions ?? [])];
  if (conditions.some((condition) => clocks.has(condition.measureId))) return true;
  const terminating = new Set(content.measures.filter((measure) => clocks.has(measure.id) && measure.limits?.kind === 1).map((m) => m.id));
  const impacts = [...content.actions, ...content.conclusions, ...(content.hint ? [content.hint] : [])].flatMap((item) => item.impact);
  return impacts.some((impact) => terminating.has(impact.measureId));
};

/** Ways of choosing from 1 to `most` of the items, made as they are asked for: they are many in a large scenario. */
function* choices(items: readonly string[], most: number, picked: readonly string[] = [], from = 0): Generator<string[]> {
  for (let at = from; at < items.length; at += 1) {
    const chosen = [...picked, items[at]!];
    yield chosen;
    if (chosen.length < most) yield* choices(items, most, chosen, at + 1);
  }
}

const stateKey = (state: RunState, measureIds: readonly string[]): string =>
  [
    [...state.ran].sort().join(','),
    [...state.confirmed].sort().join(','),
    [...state.unlocked].sort().join(','),
    state.hintTaken ? 'h' : '',
    state.ended === null ? '' : 'e',
    measureIds.map((id) => state.measures[id] ?? '').join(','),
  ].join('|');

/** The events a run may take next at the first moment, as the engine would judge them. */
function* nextEvents(index: ScenarioIndex, state: RunState): Generator<RunEvent> {
  const situation = situationAt(index, state, 0);
  for (const action of index.actions.values()) {
    if (!situation.ran.has(action.id) && isAvailable(action, situation)) yield { type: 'runAction', actionId: action.id, at: 0 };
  }
  const room = index.content.maxConclusions - state.confirmed.length;
  if (room > 0) {
    const open = [...index.conclusions.values()]
      .filter((conclusion) => !situation.confirmed.has(conclusion.id) && isAvailable(conclusion, situation))
      .map((conclusion) => conclusion.id);
    for (const ids of choices(open, room)) yield { type: 'confirmConclusions', conclusionIds: ids, at: 0 };
  }
  const { hint, mode } = index.content;
  if (
    mode !== 4 &&
    hint &&
    hint.text.trim() !== '' &&
    !state.hintTaken &&
    failedCondition(hint.measureConditions, situation.values) === undefined
  ) {
    yield { type: 'takeHint', at: 0 };
  }
}

/** Events tried between two pauses of the search: well under a millisecond of work on a scenario of thousands of items. */
const eventsBetweenPauses = 64;

/** The search, pausing every few events tried (see WorkSteps). */
export function* searchingRuns(content: ReadonlyContent, index: ScenarioIndex): WorkSteps<RunSearch> {
  const size = 1 + index.actions.size + index.conclusions.size + index.stages.size + index.measures.size;
  let budget = Math.min(mostEvents, Math.floor(work / size));
  // Clocks matter to nothing searched here unless time matters, and would only tell states apart.
  const clocked = timeMatters(content);
  const measureIds = [...index.measures.values()]
    .filter((measure) => clocked || (measure.type !== 2 && measure.type !== 3))
    .map((measure) => measure.id);
  const start: SearchedRun = { state: startRun(content, 0), parent: null, event: null };
  const seen = new Set([stateKey(start.state, measureIds)]);
  const reached: SearchedRun[] = [start];
  for (let at = 0; at < reached.length; at += 1) {
    const run = reached[at]!;
    if (run.state.ended !== null) continue;
    for (const event of nextEvents(index, run.state)) {
      if (budget === 0) return { start, reached, complete: false };
      budget -= 1;
      if (budget % eventsBetweenPauses === 0) yield;
      const result = applyEvent(content, run.state, event);
      if (!result.ok) continue;
      const key = stateKey(result.state, measureIds);
      if (seen.has(key)) continue;
      seen.add(key);
      reached.push({ state: result.state, parent: run, event });
    }
  }
  return { start, reached, complete: true };
}

/** The steps that lead to a searched run, named as the author named the items. */
export const stepsTo = (index: ScenarioIndex, run: SearchedRun): CheckStep[] => {
  const steps: CheckStep[] = [];
  for (let at: SearchedRun | null = run; at?.event; at = at.parent) {
    const event = at.event;
    if (event.type === 'runAction')
      steps.push({ type: 'runAction', id: event.actionId, name: index.actions.get(event.actionId)?.name ?? event.actionId });
    else if (event.type === 'confirmConclusions') {
      steps.push({
        type: 'confirmConclusions',
        ids: event.conclusionIds,
        names: event.conclusionIds.map((id) => index.conclusions.get(id)?.name ?? id),
      });
    } else if (event.type === 'takeHint') steps.push({ type: 'takeHint' });
  }
  return steps.reverse();
};

/** The events of a list of steps at the first moment, for replaying a path the checker names. */
export const eventsOf = (steps: readonly CheckStep[]): RunEvent[] =>
  steps.map((step) =>
    step.type === 'runAction'
      ? { type: 'runAction', actionId: step.id, at: 0 }
      : step.type === 'confirmConclusions'
        ? { type: 'confirmConclusions', conclusionIds: [...step.ids], at: 0 }
        : { type: 'takeHint', at: 0 },
  );

/** Steps a climb takes at most: enough to show a large scenario's runs reach far beyond the search's few steps. */
const climbSteps = 100;

const pointsGain = (impacts: readonly { readonly measureId: string; readonly value: number }[]): number =>
  impacts.reduce((sum, impact) => (impact.measureId === 'points' ? sum + impact.value : sum), 0);

/**
 * From a run the search reached, the step that gains the most points (or loses the most, `side`
 * -1), again and again while one does: a run a learner can play, found when the search could not
 * see every run.
 */
export const climb = (content: ReadonlyContent, index: ScenarioIndex, from: SearchedRun, side: 1 | -1): SearchedRun => {
  // Sorted once by what each gains, so that a step looks at the best items first.
  const byGain = <T extends { readonly impact: readonly { readonly measureId: string; readonly value: number }[] }>(items: Iterable<T>) =>
    [...items]
      .map((item) => ({ item, gain: pointsGain(item.impact) * side }))
      .filter(({ gain }) => gain > 0)
      .sort((a, b) => b.gain - a.gain);
  const actions = byGain(index.actions.values());
  const conclusions = byGain(index.conclusions.values());
  let run = from;
  for (let step = 0; step < climbSteps && run.state.ended === null; step += 1) {
    const situation = situationAt(index, run.state, 0);
    const action = actions.find(({ item }) => !situation.ran.has(item.id) && isAvailable(item, situation));
    const conclusion =
      run.state.confirmed.length < content.maxConclusions
        ? conclusions.find(({ item }) => !situation.confirmed.has(item.id) && isAvailable(item, situation))
        : undefined;
    const event: RunEvent | null =
      conclusion && conclusion.gain > (action?.gain ?? 0)
        ? { type: 'confirmConclusions', conclusionIds: [conclusion.item.id], at: 0 }
        : action
          ? { type: 'runAction', actionId: action.item.id, at: 0 }
          : null;
    const result = event && applyEvent(content, run.state, event);
    if (!result?.ok) break;
    run = { state: result.state, parent: run, event };
  }
  return run;
};
