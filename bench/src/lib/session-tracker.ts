/**
 * Where each learner of a Realtime session stands, followed from what their socket is sent: its phase, and whether
 * its run has ended (`view.ended`) with a ranked score. Only those fields are read from each snapshot and delta (the
 * top level's `set` and `unset`, and `view`'s), rather than every learner's whole snapshot kept and patched, so that
 * following 10,000 learners keeps the client light; a step's result never changes them. The moment each learner
 * first reaches each milestone is kept, and the text of the first message that brought one there.
 */
import type { PushMessage } from './learner-sockets';
import { spread } from './stats';

type Fields = Readonly<Record<string, unknown>>;
type Delta = { readonly set?: Fields; readonly unset?: readonly string[]; readonly patch?: Readonly<Record<string, Delta>> };

/** 'open': the session started; 'closed': it stopped; 'final': the learner's run ended with its score and rank. */
export type Milestone = 'open' | 'closed' | 'final';

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRanked = (score: unknown) => isFields(score) && typeof score.rank === 'number';

export const createSessionTracker = (count: number) => {
  const phase = new Array<unknown>(count);
  const ended = new Uint8Array(count);
  const ranked = new Uint8Array(count);
  // 0: not yet (times are ms on the sockets' clock, never 0).
  const reachedAt: Record<Milestone, Float64Array> = {
    open: new Float64Array(count),
    closed: new Float64Array(count),
    final: new Float64Array(count),
  };
  const reached: Record<Milestone, number> = { open: 0, closed: 0, final: 0 };
  const samples: Partial<Record<Milestone, string>> = {};
  const waiters = new Map<Milestone, () => void>();

  const reach = (learner: number, milestone: Milestone, at: number, text: string) => {
    if (reachedAt[milestone][learner] !== 0) return;
    reachedAt[milestone][learner] = at;
    samples[milestone] ??= text;
    reached[milestone] += 1;
    if (reached[milestone] === count) waiters.get(milestone)?.();
  };

  const follow = (learner: number, snapshot: Fields) => {
    phase[learner] = snapshot.phase;
    ended[learner] = isFields(snapshot.view) && isFields(snapshot.view.ended) ? 1 : 0;
    ranked[learner] = isRanked(snapshot.score) ? 1 : 0;
  };

  const change = (learner: number, delta: Delta) => {
    const { set = {}, unset = [] } = delta;
    if ('phase' in set) phase[learner] = set.phase;
    if ('score' in set) ranked[learner] = isRanked(set.score) ? 1 : 0;
    if (unset.includes('score')) ranked[learner] = 0;
    if ('view' in set) ended[learner] = isFields(set.view) && isFields(set.view.ended) ? 1 : 0;
    if (unset.includes('view')) ended[learner] = 0;
    const view = delta.patch?.view;
    if (view?.set && 'ended' in view.set) ended[learner] = isFields(view.set.ended) ? 1 : 0;
    if (view?.unset?.includes('ended')) ended[learner] = 0;
  };

  return {
    /** Give to the learners' sockets (`observe`). */
    observe: (learner: number, message: PushMessage, at: number, text: string) => {
      if (message.type === 'snapshot' && isFields(message.snapshot)) follow(learner, message.snapshot);
      else if (message.type === 'delta' && isFields(message.delta)) change(learner, message.delta);
      else return;
      if (phase[learner] === 'open') reach(learner, 'open', at, text);
      if (phase[learner] === 'closed') reach(learner, 'closed', at, text);
      if (ended[learner] && ranked[learner]) reach(learner, 'final', at, text);
    },

    /** How many learners stand in `phase` now. */
    inPhase: (wanted: string) => phase.filter((value) => value === wanted).length,

    /** Resolves once every learner has reached the milestone; fails, saying how many had not, after `timeoutMs`. */
    until: (milestone: Milestone, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        if (reached[milestone] === count) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(milestone);
          reject(
            new Error(`${count - reached[milestone]} of ${count} learners had not reached '${milestone}' after ${timeoutMs / 1000} s`),
          );
        }, timeoutMs);
        waiters.set(milestone, () => {
          clearTimeout(timer);
          waiters.delete(milestone);
          resolve();
        });
      }),

    /** How long after `since` the learners reached the milestone, ms (max: the last of them). */
    since: (milestone: Milestone, since: number) => spread(Array.from(reachedAt[milestone], (at) => at - since)),

    /** The first message that brought a learner to the milestone, as the server wrote it. */
    sample: (milestone: Milestone) => samples[milestone],
  };
};
export type SessionTracker = ReturnType<typeof createSessionTracker>;
