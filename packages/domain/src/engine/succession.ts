import type { RunState } from './types';

/**
 * Which state a run's state follows, one step back: applyEvent notes it, and the next view of the
 * new state starts from what was worked out for the view of the old one (see listing.ts). Only
 * the last step is kept, and it is forgotten once taken, so a run's old states are not held.
 */
const preceding = new WeakMap<RunState, RunState>();

/**
 * Notes that `after` follows `before` in one run. Whoever reads a run's new state elsewhere (a
 * Stop's, from the database) notes it too, so that its view is worked out from the last one's.
 */
export const noteSuccession = (before: RunState, after: RunState): void => {
  preceding.delete(before);
  preceding.set(after, before);
};

/** The state `state` follows, if noted and not taken yet; taking it lets the older state go. */
export const takePrecedingState = (state: RunState): RunState | undefined => {
  const before = preceding.get(state);
  preceding.delete(state);
  return before;
};
