import type { ReadonlyContent } from '../../scenario/readonly-content';
import { applyEvent, startRun } from '../run';
import type { ApplyResult, RunEvent, RunState } from '../types';

/** The state of an accepted event; fails the test, naming the refusal, otherwise. */
export const accepted = (result: ApplyResult): RunState => {
  if (!result.ok) throw new Error(`refused: ${result.error.code}: ${result.error.message}`);
  return result.state;
};

/** The error of a refused event; fails the test otherwise. */
export const refused = (result: ApplyResult) => {
  if (result.ok) throw new Error('accepted, expected a refusal');
  return result.error;
};

/** A run started at 0 with the events applied in order, each of which must be accepted. */
export const play = (content: ReadonlyContent, events: readonly RunEvent[], startedAt = 0): RunState =>
  events.reduce((state, event) => accepted(applyEvent(content, state, event)), startRun(content, startedAt));

export const runAction = (actionId: string, at: number): RunEvent => ({ type: 'runAction', actionId, at });
export const confirm = (conclusionIds: string[], at: number): RunEvent => ({ type: 'confirmConclusions', conclusionIds, at });
