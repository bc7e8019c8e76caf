import type { GameSnapshot, SessionMessage, SocketChange, SocketClientMessage, SocketServerMessage } from '@resim/contracts';
import { applySnapshotDelta, type LearnerEvent } from '@resim/domain';
import { backoffDelay } from '../../api/backoff';

/** The part of the browser's WebSocket the connection uses, so that tests can hand in a fake. */
export type SocketLike = Pick<WebSocket, 'send' | 'close' | 'onopen' | 'onclose' | 'onmessage' | 'onerror'>;

export type Timer = {
  readonly set: (callback: () => void, ms: number) => unknown;
  readonly clear: (handle: unknown) => void;
};

/** live: pushed over the socket; polling: the socket is down, the run is fetched every few seconds. */
export type ConnectionStatus = 'connecting' | 'live' | 'polling' | 'stopped';

/** The engine (or the server) refused an event; the message is for the learner. */
export class RunRefusal extends Error {
  override readonly name = 'RunRefusal';
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export type RunConnectionOptions = {
  /** the socket's address; asked on every connection, since a signed-in learner's token is renewed */
  readonly socketUrl: () => Promise<string>;
  readonly openSocket: (url: string) => SocketLike;
  readonly fetchSnapshot: () => Promise<GameSnapshot>;
  readonly postEvent: (event: LearnerEvent) => Promise<GameSnapshot>;
  readonly onSnapshot: (snapshot: GameSnapshot) => void;
  /** a presenter's message the learner has not been shown yet */
  readonly onMessage: (message: SessionMessage) => void;
  readonly onStatus: (status: ConnectionStatus) => void;
  readonly timer?: Timer;
  readonly random?: () => number;
  /** the run is fetched this often while the socket is down */
  readonly pollMs?: number;
  /** a ping this often finds a connection that died without closing (a phone changing networks) */
  readonly pingMs?: number;
  /** how long a ping or an event waits for its answer before the socket counts as dead */
  readonly answerTimeoutMs?: number;
  readonly reconnectBaseMs?: number;
  readonly reconnectCeilingMs?: number;
};

const pollIntervalMs = 5000;

const browserTimer: Timer = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Whether a snapshot is at least as recent as the one shown: more events, or as many and taken
 * later (a status change). A slow poll that left before an event must not undo it on screen.
 */
export const isNewer = (current: GameSnapshot, next: GameSnapshot): boolean =>
  next.gameId !== current.gameId ||
  next.eventCount > current.eventCount ||
  (next.eventCount === current.eventCount && next.serverTime >= current.serverTime);

type Pending = {
  readonly event: LearnerEvent;
  /** the run's event count when it was sent, to tell after a drop whether it arrived */
  readonly sentAt: number;
  readonly resolve: (snapshot: GameSnapshot) => void;
  readonly reject: (error: unknown) => void;
  readonly timeout: unknown;
};

const parse = (data: unknown): SocketServerMessage | null => {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as { type?: unknown } | null;
    return message && typeof message.type === 'string' ? (message as SocketServerMessage) : null;
  } catch {
    return null;
  }
};

/**
 * A learner's line to their run: the socket while it is open (pushed status changes, presenter
 * messages, events sent over it), HTTP while it is not (events posted, the run fetched every 5 s),
 * and reconnection with backoff, fetching the run again whenever the socket comes back. Events are
 * sent one at a time by the player; one caught by a drop is resent only if it did not arrive.
 *
 * Over the socket the server sends the whole snapshot once, then what changed (DESIGN 6): each
 * version's delta is applied to the version before. A version that does not follow, or a delta
 * that does not apply, makes the connection ask for the whole snapshot (`sync`) and wait for it.
 */
/** WebSocket close code 1012: the server is restarting (it drains before it stops). */
const serviceRestart = 1012;
const restartSpreadMs = 500;

export const createRunConnection = (initial: GameSnapshot, options: RunConnectionOptions) => {
  const timer = options.timer ?? browserTimer;
  const random = options.random ?? Math.random;
  const pollMs = options.pollMs ?? pollIntervalMs;
  const pingMs = options.pingMs ?? 25_000;
  const answerTimeoutMs = options.answerTimeoutMs ?? 10_000;
  const reconnectBaseMs = options.reconnectBaseMs ?? 1000;
  const reconnectCeilingMs = options.reconnectCeilingMs ?? 30_000;

  let latest = initial;
  // Messages already in the run when it opened are listed, not announced again after a reload.
  const seen = new Set(initial.messages.map((message) => message.id));
  /** The snapshot as the socket has sent it, version by version; what is shown may be newer (fetched over HTTP). */
  let base: { version: number; snapshot: GameSnapshot } | null = null;
  /** The whole snapshot was asked for: changes meanwhile are left until it comes. */
  let syncing = false;
  /** Steps answered while the snapshot was out of step: they settle with the whole snapshot. */
  const awaitingSync: Pending[] = [];
  let status: ConnectionStatus = 'connecting';
  let socket: SocketLike | null = null;
  let socketOpen = false;
  /** a connection is being set up: asking for the address, or waiting for the socket to open */
  let connecting = false;
  let failures = 0;
  let requests = 0;
  const pending = new Map<string, Pending>();
  let reconnectTimer: unknown = null;
  let pollTimer: unknown = null;
  let pingTimer: unknown = null;
  let pongTimer: unknown = null;
  let openTimer: unknown = null;

  const isStopped = (): boolean => status === 'stopped';

  const setStatus = (next: ConnectionStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus(next);
  };

  const announce = (message: SessionMessage) => {
    if (seen.has(message.id)) return;
    seen.add(message.id);
    options.onMessage(message);
  };

  const show = (snapshot: GameSnapshot): GameSnapshot => {
    latest = snapshot;
    options.onSnapshot(snapshot);
    snapshot.messages.forEach(announce);
    return snapshot;
  };

  /** A snapshot fetched over HTTP: shown only if it is newer than the one shown (a slow poll must not undo a step). */
  const accept = (snapshot: GameSnapshot): GameSnapshot => (isNewer(latest, snapshot) ? show(snapshot) : latest);

  /**
   * A snapshot from the socket, which sends in order: shown unless the run shown has more events
   * (a step taken over HTTP meanwhile); a change of the session's phase comes at the same time.
   */
  const acceptInOrder = (snapshot: GameSnapshot): GameSnapshot =>
    snapshot.gameId !== latest.gameId || snapshot.eventCount >= latest.eventCount ? show(snapshot) : latest;

  const requestSync = () => {
    if (syncing || !socket || !socketOpen) return;
    syncing = true;
    socket.send(JSON.stringify({ type: 'sync' } satisfies SocketClientMessage));
  };

  /** Takes the socket's next version: the whole snapshot, or a delta on the version before. Null when it is out of step. */
  const takeChange = (change: SocketChange): GameSnapshot | null => {
    if (change.snapshot) {
      base = { version: change.version, snapshot: change.snapshot };
      syncing = false;
      const shown = acceptInOrder(change.snapshot);
      for (const request of awaitingSync.splice(0)) {
        timer.clear(request.timeout);
        request.resolve(shown);
      }
      return shown;
    }
    if (!syncing && base && change.version === base.version + 1) {
      try {
        base = { version: change.version, snapshot: applySnapshotDelta(base.snapshot, change.delta) };
        return acceptInOrder(base.snapshot);
      } catch {
        // The delta does not fit what is held: the whole snapshot puts it right.
      }
    }
    requestSync();
    return null;
  };

  const clear = (handle: unknown): null => {
    if (handle !== null) timer.clear(handle);
    return null;
  };

  const refresh = (): Promise<void> =>
    options.fetchSnapshot().then(
      (snapshot) => void accept(snapshot),
      () => undefined,
    );

  const poll = () => {
    pollTimer = null;
    void refresh().finally(() => {
      if (status === 'polling' && pollTimer === null) pollTimer = timer.set(poll, pollMs);
    });
  };

  /** An event the socket took but never answered: done if the run moved on, sent again over HTTP if not. */
  const recover = (request: Pending) => {
    options.fetchSnapshot().then((snapshot) => {
      const current = accept(snapshot);
      if (snapshot.eventCount > request.sentAt) request.resolve(current);
      else options.postEvent(request.event).then((answer) => request.resolve(accept(answer)), request.reject);
    }, request.reject);
  };

  const dropSocket = () => {
    const dropped = socket;
    socket = null;
    socketOpen = false;
    connecting = false;
    pingTimer = clear(pingTimer);
    pongTimer = clear(pongTimer);
    openTimer = clear(openTimer);
    if (dropped) {
      dropped.onopen = dropped.onclose = dropped.onmessage = dropped.onerror = null;
      dropped.close();
    }
    base = null;
    syncing = false;
    const caught = [...pending.values(), ...awaitingSync.splice(0)];
    pending.clear();
    for (const request of caught) {
      timer.clear(request.timeout);
      recover(request);
    }
  };

  /** `restarting`: the server closed the socket as it restarts (1012); another process takes the socket at once. */
  const connectionLost = (restarting = false) => {
    dropSocket();
    if (status === 'stopped') return;
    setStatus('polling');
    if (pollTimer === null) poll();
    if (reconnectTimer === null) {
      // Spread over half a second: a restarting server's learners do not all come back in the same instant.
      const delay = restarting ? random() * restartSpreadMs : backoffDelay(failures, random, reconnectBaseMs, reconnectCeilingMs);
      reconnectTimer = timer.set(() => void connect(), delay);
      if (!restarting) failures += 1;
    }
  };

  const sendPing = () => {
    pingTimer = null;
    if (!socket || !socketOpen) return;
    socket.send(JSON.stringify({ type: 'ping' } satisfies SocketClientMessage));
    pongTimer ??= timer.set(connectionLost, answerTimeoutMs);
  };

  const handle = (message: SocketServerMessage) => {
    switch (message.type) {
      case 'snapshot':
        takeChange({ version: message.version, snapshot: message.snapshot });
        return;
      case 'delta':
        takeChange({ version: message.version, delta: message.delta });
        return;
      case 'message':
        announce(message.message);
        return;
      case 'result': {
        const request = pending.get(message.requestId);
        if (!message.ok) {
          if (!request) return;
          pending.delete(message.requestId);
          timer.clear(request.timeout);
          request.reject(new RunRefusal(message.error.code, message.error.message));
          return;
        }
        const shown = takeChange(message);
        if (!request) return;
        pending.delete(message.requestId);
        // Out of step: the step settles when the whole snapshot comes (or, should it not, as after a drop).
        if (shown === null) awaitingSync.push(request);
        else {
          timer.clear(request.timeout);
          request.resolve(shown);
        }
        return;
      }
      case 'pong':
        pongTimer = clear(pongTimer);
        pingTimer ??= timer.set(sendPing, pingMs);
        // Every version sent before the pong has come by now: one missing was lost on the way.
        if (message.version !== undefined && base && message.version !== base.version) requestSync();
        return;
      case 'error':
        // The server will not serve this socket (a token it refused): HTTP carries on meanwhile.
        connectionLost();
        return;
    }
  };

  async function connect(): Promise<void> {
    reconnectTimer = null;
    if (status === 'stopped' || connecting || socket) return;
    connecting = true;
    let opened: SocketLike;
    try {
      const url = await options.socketUrl();
      // Stopped while the address was being made (the screen left): open nothing.
      if (isStopped()) return;
      opened = options.openSocket(url);
    } catch {
      connectionLost();
      return;
    }
    socket = opened;
    // A socket that neither opens nor fails (a proxy swallowing it) must not keep the run from polling.
    openTimer = timer.set(connectionLost, answerTimeoutMs);
    opened.onopen = () => {
      if (socket !== opened) return;
      openTimer = clear(openTimer);
      connecting = false;
      socketOpen = true;
      failures = 0;
      pollTimer = clear(pollTimer);
      setStatus('live');
      pingTimer = timer.set(sendPing, pingMs);
      // What happened while the socket was down (or before it opened) is fetched once.
      void refresh();
    };
    opened.onmessage = (event) => {
      if (socket !== opened) return;
      const message = parse(event.data);
      if (message) handle(message);
    };
    opened.onclose = (event) => {
      if (socket === opened) connectionLost(event.code === serviceRestart);
    };
    opened.onerror = () => {
      if (socket === opened) connectionLost();
    };
  }

  return {
    start: (): void => {
      void connect();
    },

    /** Sends a learner's event; answers the run as it is after it, or rejects with the refusal. */
    send: (event: LearnerEvent): Promise<GameSnapshot> => {
      if (!socket || !socketOpen) return options.postEvent(event).then(accept);
      const requestId = `r${(requests += 1)}`;
      const open = socket;
      return new Promise<GameSnapshot>((resolve, reject) => {
        const timeout = timer.set(connectionLost, answerTimeoutMs);
        pending.set(requestId, { event, sentAt: latest.eventCount, resolve, reject, timeout });
        open.send(JSON.stringify({ type: 'event', requestId, event } satisfies SocketClientMessage));
      });
    },

    /** Fetches the run now (after a tab comes back, or to let the server end a run whose time is up). */
    refresh,

    /** The network is back: try the socket at once instead of waiting out the backoff. */
    reconnectNow: (): void => {
      if (status !== 'polling' || connecting || socket) return;
      reconnectTimer = clear(reconnectTimer);
      void connect();
    },

    stop: (): void => {
      setStatus('stopped');
      reconnectTimer = clear(reconnectTimer);
      pollTimer = clear(pollTimer);
      const caught = [...pending.values(), ...awaitingSync.splice(0)];
      pending.clear();
      for (const request of caught) timer.clear(request.timeout);
      dropSocket();
    },

    snapshot: (): GameSnapshot => latest,
    status: (): ConnectionStatus => status,
  };
};

export type RunConnection = ReturnType<typeof createRunConnection>;
