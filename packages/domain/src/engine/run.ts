import type { ReadonlyContent } from '../scenario/readonly-content';
import type { Impact } from '../scenario/schema';
import { blockedBecause, conditionReason, type Situation } from './availability';
import { applyImpacts, initialValue, settle, valuesAt } from './measures';
import { refusals } from './refusals';
import { changed } from './run-state';
import { doneSet, indexScenario, type ScenarioIndex } from './scenario-index';
import { currentStage, openStages } from './stage-opening';
import { noteSuccession } from './succession';
import { indexForAllowance, runIndex, startingAllowance } from './time-allowance';
import type { ApplyResult, RunEvent, RunState, TimeAllowance } from './types';

const noIds: readonly string[] = [];

/**
 * DESIGN 4: a run at its start: every measure at its initial value (within its limits), the
 * default stage unlocked first, then every stage that opens with nothing done yet.
 */
export const startRun = (content: ReadonlyContent, at: number, accommodation?: TimeAllowance | null): RunState => {
  const allowance = startingAllowance(content, accommodation);
  const index = indexForAllowance(indexScenario(content), allowance);
  const measures: Record<string, number> = {};
  for (const measure of index.measures.values()) measures[measure.id] = initialValue(measure);
  const first = index.defaultStageId === null ? noIds : [index.defaultStageId];
  return {
    startedAt: at,
    at,
    ran: [],
    ranAt: [],
    confirmed: [],
    unlocked: openStages(index, first, doneSet(noIds), doneSet(noIds)),
    hintTaken: false,
    measures,
    ended: null,
    allowance,
  };
};

/** What the run has done and how things stand at `at`, in the wording of the current stage. */
export const situationAt = (index: ScenarioIndex, state: RunState, at: number): Situation => ({
  ran: doneSet(state.ran),
  confirmed: doneSet(state.confirmed),
  unlocked: doneSet(state.unlocked),
  values: valuesAt(index, state, at),
  text: index.textSet(currentStage(index, state.unlocked)?.id ?? null),
});

const accepted = (state: RunState): ApplyResult => ({ ok: true, state });

/** Applies impacts at `at`; reaching a Terminate limit ends the run there. */
const withImpacts = (index: ScenarioIndex, state: RunState, impacts: readonly Impact[], at: number): RunState => {
  const { measures, terminatedBy } = applyImpacts(index, state, impacts, at);
  return changed(state, {
    at,
    measures,
    ended: terminatedBy === null ? state.ended : { at, reason: 'terminated', measureId: terminatedBy },
  });
};

const runAction = (index: ScenarioIndex, state: RunState, actionId: string, at: number): ApplyResult => {
  const action = index.actions.get(actionId);
  if (!action) return refusals.unknownItem(actionId);
  const situation = situationAt(index, state, at);
  if (situation.ran.has(actionId)) return refusals.alreadyRun(action);
  const blocked = blockedBecause(index, action, situation);
  if (blocked !== null) return refusals.cannotRun(action, blocked);
  // concat makes arrays of the exact length, where a spread leaves room to grow: a live run keeps
  // its state until its learner's next step, and what it keeps is copied by every young collection.
  const ran = state.ran.concat(actionId);
  const recorded = changed(state, {
    ran,
    ranAt: state.ranAt.concat(at),
    unlocked: openStages(index, state.unlocked, doneSet(ran), situation.confirmed),
  });
  return accepted(withImpacts(index, recorded, action.impact, at));
};

const confirmConclusions = (index: ScenarioIndex, state: RunState, conclusionIds: readonly string[], at: number): ApplyResult => {
  const situation = situationAt(index, state, at);
  if (conclusionIds.length === 0) return refusals.noneSelected(situation.text);
  // The maximum holds for the whole run, so a learner cannot confirm one diagnosis after another.
  if (state.confirmed.length + conclusionIds.length > index.content.maxConclusions) {
    return refusals.tooMany(situation.text, index.content.maxConclusions);
  }
  const impacts: Impact[] = [];
  for (const [position, id] of conclusionIds.entries()) {
    const conclusion = index.conclusions.get(id);
    if (!conclusion) return refusals.unknownItem(id);
    if (conclusionIds.indexOf(id) !== position) return refusals.selectedTwice(conclusion);
    if (situation.confirmed.has(id)) return refusals.alreadyConfirmed(conclusion);
    // Judged together on the run before this confirmation: one chosen conclusion does not make another available.
    const blocked = blockedBecause(index, conclusion, situation);
    if (blocked !== null) return refusals.cannotConfirm(conclusion, blocked);
    impacts.push(...conclusion.impact);
  }
  const confirmed = state.confirmed.concat(conclusionIds);
  const recorded = changed(state, { confirmed, unlocked: openStages(index, state.unlocked, situation.ran, doneSet(confirmed)) });
  return accepted(withImpacts(index, recorded, impacts, at));
};

const takeHint = (index: ScenarioIndex, state: RunState, at: number): ApplyResult => {
  const { hint, mode } = index.content;
  if (mode === 4) return refusals.hintsNotOffered();
  if (!hint || hint.text.trim() === '') return refusals.noHint();
  if (state.hintTaken) return refusals.hintTaken();
  const unmet = conditionReason(index, hint.measureConditions, valuesAt(index, state, at));
  if (unmet !== null) return refusals.hintNotYet(unmet);
  return accepted(withImpacts(index, changed(state, { hintTaken: true }), hint.impact, at));
};

const judgeEvent = (index: ScenarioIndex, state: RunState, event: RunEvent): ApplyResult => {
  if (state.ended !== null) return refusals.ended();
  if (event.at < state.at) return refusals.outOfOrder();
  if (settle(index, state, event.at).ended !== null) return refusals.ended();
  switch (event.type) {
    case 'runAction':
      return runAction(index, state, event.actionId, event.at);
    case 'confirmConclusions':
      return confirmConclusions(index, state, event.conclusionIds, event.at);
    case 'takeHint':
      return takeHint(index, state, event.at);
    case 'end':
      return accepted(changed(state, { at: event.at, ended: { at: event.at, reason: 'learner' } }));
    case 'stop':
      return accepted(changed(state, { at: event.at, ended: { at: event.at, reason: 'stopped' } }));
    default:
      // Events come from storage and the network: one the engine does not know is refused, not thrown on.
      return refusals.unknownEvent();
  }
};

/**
 * DESIGN 4: judges one event against the run and returns the run after it, or why it was refused.
 * Time is settled first: a run whose auto-time Terminate limit was reached by the event's moment
 * ended then, and the event is refused. Running an action records it (and when), applies its
 * impact and unlocks the stages it opens; confirming conclusions (one or more, judged together, never
 * more than `maxConclusions` over the whole run) does the same for them; taking the hint applies its cost; `end` (the learner) and
 * `stop` (the presenter) end the run. The state given is never changed.
 */
export const applyEvent = (content: ReadonlyContent, state: RunState, event: RunEvent): ApplyResult => {
  const result = judgeEvent(runIndex(content, state), state, event);
  if (result.ok) noteSuccession(state, result.state);
  return result;
};

/** A run as the fold of its events from its start; the first event refused makes the replay fail with its error. */
export const replayRun = (
  content: ReadonlyContent,
  startedAt: number,
  events: readonly RunEvent[],
  allowance?: TimeAllowance | null,
): ApplyResult => {
  let state = startRun(content, startedAt, allowance);
  for (const event of events) {
    const result = applyEvent(content, state, event);
    if (!result.ok) return result;
    state = result.state;
  }
  return accepted(state);
};
