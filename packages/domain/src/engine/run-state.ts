import type { RunState } from './types';

/**
 * A run state with some of its fields changed. Every state is made by this one literal (in the
 * order of startRun's) rather than by spreading the one before: states of many shapes made every
 * rule that reads them slower.
 */
export const changed = (state: RunState, change: Partial<RunState>): RunState => ({
  startedAt: state.startedAt,
  at: change.at ?? state.at,
  ran: change.ran ?? state.ran,
  ranAt: change.ranAt ?? state.ranAt,
  confirmed: change.confirmed ?? state.confirmed,
  unlocked: change.unlocked ?? state.unlocked,
  hintTaken: change.hintTaken ?? state.hintTaken,
  measures: change.measures ?? state.measures,
  ended: change.ended === undefined ? state.ended : change.ended,
  allowance: state.allowance ?? null,
});
