import { consoleServerMessage, type ConsoleClientMessage, type ConsoleServerMessage } from '@resim/contracts';
import { backoffDelay } from '../../api/backoff';
import type { SocketLike, Timer } from '../player/run-connection';

export type ConsoleLiveOptions = {
  readonly socketUrl: string;
  readonly openSocket: (url: string) => SocketLike;
  /** asked on every connection, since the session's token is renewed */
  readonly accessToken: () => Promise<string>;
  /** the scenarios followed from the start; `follow` changes them */
  readonly resimIds: readonly string[];
  /** what the server pushed about the scenarios; `subscribed` also after a reconnection, when pushes may have been missed */
  readonly onPush: (message: ConsoleServerMessage) => void;
  readonly timer?: Timer;
  readonly random?: () => number;
  readonly reconnectBaseMs?: number;
  readonly reconnectCeilingMs?: number;
};

const runParts: ReadonlySet<unknown> = new Set(['dashboard', 'scoreboard', 'flow']);

/** Whether a query shows the scenario's runs, and so is read again when the server says they changed. */
export const followsRuns = (queryKey: readonly unknown[], resimId: string): boolean => {
  const [kind, id, part] = queryKey;
  return kind === 'resim' && id === resimId && runParts.has(part);
};

const browserTimer: Timer = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const parse = (data: unknown): ConsoleServerMessage | null => {
  if (typeof data !== 'string') return null;
  try {
    const parsed = consoleServerMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * The console's live channel (WebSocket /admin/socket): authenticates, follows the scenarios a
 * screen shows and hands on what the server pushes. A dropped socket is opened again with
 * backoff; meanwhile the screens' polling keeps them current.
 */
export const createConsoleLive = (options: ConsoleLiveOptions) => {
  const timer = options.timer ?? browserTimer;
  const random = options.random ?? Math.random;
  const reconnectBaseMs = options.reconnectBaseMs ?? 1000;
  const reconnectCeilingMs = options.reconnectCeilingMs ?? 30_000;
  let socket: SocketLike | null = null;
  let retry: unknown = null;
  let failures = 0;
  let stopped = false;
  let followed = new Set(options.resimIds);
  // Sends on the open socket, or does nothing while there is none: a connection subscribes afresh.
  let sendNow: ((message: ConsoleClientMessage) => void) | null = null;

  const schedule = () => {
    if (stopped || retry !== null) return;
    retry = timer.set(
      () => {
        retry = null;
        void connect();
      },
      backoffDelay(failures, random, reconnectBaseMs, reconnectCeilingMs),
    );
    failures += 1;
  };

  const connect = async () => {
    let token: string;
    try {
      token = await options.accessToken();
    } catch {
      schedule();
      return;
    }
    if (stopped) return;
    const opened = options.openSocket(options.socketUrl);
    socket = opened;
    const send = (message: ConsoleClientMessage) => opened.send(JSON.stringify(message));
    opened.onopen = () => {
      send({ type: 'auth', token });
      for (const resimId of followed) send({ type: 'subscribe', resimId });
      sendNow = send;
    };
    opened.onmessage = (event) => {
      const message = parse(event.data);
      if (!message) return;
      if (message.type === 'subscribed') failures = 0;
      options.onPush(message);
    };
    opened.onerror = () => opened.close();
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = null;
      sendNow = null;
      schedule();
    };
  };

  return {
    start: () => void connect(),
    /** Follows these scenarios from now on: the new ones are subscribed, those no longer shown left. */
    follow: (resimIds: readonly string[]) => {
      const next = new Set(resimIds);
      for (const resimId of followed) if (!next.has(resimId)) sendNow?.({ type: 'unsubscribe', resimId });
      for (const resimId of next) if (!followed.has(resimId)) sendNow?.({ type: 'subscribe', resimId });
      followed = next;
    },
    stop: () => {
      stopped = true;
      sendNow = null;
      if (retry !== null) timer.clear(retry);
      retry = null;
      const open = socket;
      socket = null;
      open?.close();
    },
  };
};

export const consoleSocketAddress = (): string =>
  `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/admin/socket`;
