import type { SessionMessage } from '@resim/contracts';

/** What one server process tells every other about a scenario's live session. */
export type LiveEvent =
  | { readonly kind: 'status'; readonly resimId: string; readonly status: number }
  | { readonly kind: 'message'; readonly resimId: string; readonly instanceId: string; readonly message: SessionMessage }
  /** a run changed (the learner acted, or the session stopped it): its sockets get a new snapshot, but the `source` socket, already answered */
  | { readonly kind: 'game'; readonly resimId: string; readonly gameId: string; readonly source?: string }
  /** a learner's player connected to a process or left it: consoles following the scenario read afresh who is connected */
  | { readonly kind: 'presence'; readonly resimId: string; readonly gameId: string };

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
