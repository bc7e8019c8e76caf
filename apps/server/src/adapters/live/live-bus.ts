import type { SessionMessage } from '@resim/contracts';
import type { TimeAllowance } from '@resim/domain';

/** Runs a Start released with a time allowance of their learners' (the rest started as the scenario sets). */
export type AllowedRuns = { readonly gameIds: readonly string[]; readonly allowance: TimeAllowance };

/** What one server process tells every other about a scenario's live session. */
export type LiveEvent =
  /** the run status changed at `at`; a Start released the lobby's runs at that moment, those of `allowed` with their allowance */
  | {
      readonly kind: 'status';
      readonly resimId: string;
      readonly status: number;
      readonly at: number;
      readonly allowed?: readonly AllowedRuns[];
    }
  | { readonly kind: 'message'; readonly resimId: string; readonly instanceId: string; readonly message: SessionMessage }
  /**
   * runs changed (learners joined or acted, the host removed one): their sockets get what changed;
   * `origin` names the process that already told its own sockets
   */
  | { readonly kind: 'games'; readonly resimId: string; readonly gameIds: readonly string[]; readonly origin?: string }
  /** learners' players connected to a process or left it: consoles following the scenario read afresh who is connected */
  | { readonly kind: 'presence'; readonly resimId: string }
  /** a Stop has ended every run of the opening: its learners get their final scores and ranks */
  | { readonly kind: 'stopped'; readonly resimId: string; readonly instanceId: string }
  /** a user's tokens or access changed (a token revoked): every process reads who holds their tokens afresh */
  | { readonly kind: 'access'; readonly userId: string }
  /** how far a Start or Stop has gone through the session's runs */
  | {
      readonly kind: 'progress';
      readonly resimId: string;
      readonly task: 'start' | 'stop';
      readonly done: number;
      readonly total: number;
    };

/**
 * Fan-out of live events between the server processes that serve one session (DESIGN 2): every
 * process hears every event, including its own.
 */
export type LiveBus = {
  readonly publish: (event: LiveEvent) => Promise<void>;
  readonly subscribe: (listener: (event: LiveEvent) => void) => () => void;
  readonly close: () => Promise<void>;
};

/** The listeners of one process; delivery happens after the publisher's current work, as it would over a network. */
export const createListeners = () => {
  const listeners = new Set<(event: LiveEvent) => void>();
  return {
    subscribe: (listener: (event: LiveEvent) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    deliver: (event: LiveEvent) => {
      for (const listener of listeners) listener(event);
    },
  };
};

/** The embedded default: one process, no fan-out needed. */
export const createInProcessBus = (): LiveBus => {
  const { subscribe, deliver } = createListeners();
  return {
    publish: (event) => {
      queueMicrotask(() => deliver(event));
      return Promise.resolve();
    },
    subscribe,
    close: () => Promise.resolve(),
  };
};
