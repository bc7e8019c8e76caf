import { z } from 'zod';
import { itemId, type Impact, type MediaItem } from '../scenario/schema';
import type { TimeUnit } from '../scenario/vocabulary';
import type { TextSet } from '../scenario/text-set';

/**
 * The simulation engine's vocabulary (DESIGN 4). A run is a fold of its events over the scenario:
 * `startRun`, then `applyEvent` for each event in order; replaying the stored events gives the
 * same state and score. Time is passed in (epoch milliseconds), never read.
 */

/** What a learner does; the server stamps the time and the engine judges it. */
export const learnerEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('runAction'), actionId: itemId }),
  /** one to `maxConclusions` conclusions, confirmed together */
  z.strictObject({ type: z.literal('confirmConclusions'), conclusionIds: z.array(itemId).min(1).max(100) }),
  z.strictObject({ type: z.literal('takeHint') }),
  z.strictObject({ type: z.literal('end') }),
]);
export type LearnerEvent = z.infer<typeof learnerEvent>;

/** A learner's event, or the presenter stopping the session, at a moment. */
export type RunEvent = (LearnerEvent | { readonly type: 'stop' }) & { readonly at: number };

/** Why a run ended: the learner ended it, a Terminate limit was reached, or the session was stopped. */
export type EndReason = 'learner' | 'terminated' | 'stopped';

/**
 * A run's time allowance (an accommodation, or a scenario untimed for everyone): extra time on
 * every limit of time, as a percentage of the limit's standard span and an amount of seconds, or
 * no time limit at all. Recorded in the run's state at its start.
 */
export type TimeAllowance = {
  readonly untimed: boolean;
  readonly extraPercent: number;
  readonly extraSeconds: number;
};

export type RunState = {
  readonly startedAt: number;
  /** the time of the last event applied */
  readonly at: number;
  /** actions run, in order */
  readonly ran: readonly string[];
  /** when each action of `ran` was run, at the same index (the time its facts arrived) */
  readonly ranAt: readonly number[];
  /** conclusions confirmed, in order */
  readonly confirmed: readonly string[];
  /** stages unlocked, in the order they opened */
  readonly unlocked: readonly string[];
  readonly hintTaken: boolean;
  /**
   * Each measure's value from its initial value and impacts, clamped where Limited or Terminate;
   * the auto-time measures add the elapsed time on top (see `measureValues`).
   */
  readonly measures: Readonly<Record<string, number>>;
  readonly ended: { readonly at: number; readonly reason: EndReason; readonly measureId?: string } | null;
  /** the time allowance the run started with; null (or absent, in runs stored before allowances) for the scenario's own limits */
  readonly allowance?: TimeAllowance | null;
};

/** Why the engine refused an event; the message is for the learner and names the problem. */
export type RunErrorCode = 'ended' | 'unknown_item' | 'not_available' | 'already_done' | 'too_many' | 'no_hint' | 'out_of_order';
export type RunError = { readonly code: RunErrorCode; readonly message: string };

export type ApplyResult = { readonly ok: true; readonly state: RunState } | { readonly ok: false; readonly error: RunError };

export type MediaSet = {
  readonly images: readonly MediaItem[];
  readonly videos: readonly MediaItem[];
  readonly files: readonly MediaItem[];
};

/** A fact the learner has: a baseline entry, or the result of an action run. */
export type FactView = MediaSet & {
  readonly source: 'baseline' | 'action';
  readonly id: string;
  readonly name: string;
  readonly text: string;
  /** the action's feedback, when the mode shows it now */
  readonly feedback: string | null;
  readonly at: number | null;
};

export type ItemAvailability = 'available' | 'done' | 'unavailable';

export type ActionView = {
  readonly id: string;
  readonly name: string;
  readonly stage: string | null;
  readonly availability: ItemAvailability;
  /** why an isAlwaysShown action cannot be run */
  readonly reason: string | null;
};
export type ConclusionView = ActionView & { readonly feedback: string | null };

export type MeasureView = {
  readonly id: string;
  readonly name: string;
  readonly type: number;
  readonly value: number;
  readonly min: number | null;
  readonly max: number | null;
  readonly limitKind: number | null;
  /** the unit a time measure (type 4) is in */
  readonly timeUnit: TimeUnit;
  /** an infinite ('Warning') limit passed, or a clamped one reached */
  readonly atLimit: boolean;
};

/** Everything the player shows of a run at a moment, in the wording of the current stage. */
export type RunView = {
  readonly text: TextSet;
  /** the stage the learner is on: the last non-panel stage to open */
  readonly stage: { readonly id: string; readonly name: string; readonly description: string } | null;
  readonly stages: readonly { readonly id: string; readonly name: string; readonly isAntibodyPanel: boolean }[];
  readonly facts: readonly FactView[];
  /** offered actions, and isAlwaysShown ones that cannot be run, with the reason */
  readonly actions: readonly ActionView[];
  readonly conclusions: readonly ConclusionView[];
  readonly maxConclusions: number;
  /** infos of open stages whose conditions hold */
  readonly infos: readonly (MediaSet & { readonly id: string; readonly name: string; readonly text: string })[];
  /** the hint on offer (conditions hold, not yet taken) and what taking it costs */
  readonly hint: { readonly cost: readonly Impact[] } | null;
  /** the hint's text once taken */
  readonly hintText: string | null;
  readonly measures: readonly MeasureView[];
  /** ISO 4217 code of the currency money measures are in */
  readonly currency: string;
  /** what running each listed action not yet run changes, when the scenario shows costs; null when it does not */
  readonly actionCosts: Readonly<Record<string, readonly Impact[]>> | null;
  /** overview media shown in the current stage */
  readonly media: MediaSet;
  readonly ended: RunState['ended'];
};

export type RunScore = {
  /** every measure's value at the end (or now) */
  readonly measures: Readonly<Record<string, number>>;
  /** the `points` measure, or null when the scenario has none */
  readonly points: number | null;
  readonly durationMs: number;
  readonly actionsRun: number;
  readonly conclusionsConfirmed: readonly string[];
  /** the answer key: what the learner matched of it */
  readonly answers: {
    readonly actionsMatched: number;
    readonly actionsExpected: number;
    readonly conclusionsMatched: number;
    readonly conclusionsExpected: number;
    /** every expected conclusion confirmed and none other */
    readonly correct: boolean;
  };
  /** what the run did against the answer key, item by item, to teach from */
  readonly feedback: RunFeedback;
};

export type ScoredItem = { readonly id: string; readonly name: string };

/** The answer key's verdict on a run, item by item, each list in the scenario's order. */
export type RunFeedback = {
  readonly requiredActionsMissed: readonly ScoredItem[];
  readonly unnecessaryActionsRun: readonly ScoredItem[];
  readonly harmfulActionsRun: readonly ScoredItem[];
  /** the conclusions the learner confirmed, each right (in the key) or not */
  readonly conclusionsConfirmed: readonly (ScoredItem & { readonly correct: boolean })[];
  /** the conclusions of the answer key */
  readonly correctConclusions: readonly ScoredItem[];
};

export type RankedEntry<T> = T & { readonly rank: number };
