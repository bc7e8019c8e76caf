import type { GameSnapshot } from '@resim/contracts';
import { applySnapshotDelta, type SnapshotDelta } from '@resim/domain';
import WebSocket from 'ws';

export type ServerMessage = { type: string; [key: string]: unknown };

/**
 * A socket that keeps what the server pushed, to wait for a kind of message; `listener` hears
 * every message as it arrives (the first may come with the opening itself).
 */
export const openSocket = async (url: string, listener?: (message: ServerMessage) => void) => {
  const socket = new WebSocket(url);
  const received: ServerMessage[] = [];
  const waiters: { test: (message: ServerMessage) => boolean; resolve: (message: ServerMessage) => void }[] = [];
  const listeners: ((message: ServerMessage) => void)[] = listener ? [listener] : [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as ServerMessage;
    for (const listener of listeners) listener(message);
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.test(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = (test: (message: ServerMessage) => boolean, what: string, timeoutMs = 5000) =>
    new Promise<ServerMessage>((resolve, reject) => {
      const seen = received.find(test);
      if (seen) {
        received.splice(received.indexOf(seen), 1);
        resolve(seen);
        return;
      }
      const timer = setTimeout(
        () => reject(new Error(`no ${what} within ${timeoutMs / 1000} s; received ${JSON.stringify(received).slice(0, 3000)}`)),
        timeoutMs,
      );
      waiters.push({
        test,
        resolve: (message) => {
          clearTimeout(timer);
          received.splice(received.indexOf(message), 1);
          resolve(message);
        },
      });
    });
  return {
    socket,
    next,
    close: () => socket.close(),
  };
};

/**
 * A learner's socket as the player holds it: the snapshot, kept current by applying each version's
 * delta to the one before (DESIGN 6). A version out of turn fails the test.
 */
export const openLearner = async (url: string) => {
  let version = 0;
  let snapshot: GameSnapshot | null = null;
  const problems: string[] = [];
  const versions: { version: number; snapshot: GameSnapshot }[] = [];
  const take = (next: number, change: { snapshot?: GameSnapshot; delta?: SnapshotDelta }) => {
    if (change.snapshot) snapshot = change.snapshot;
    else if (next !== version + 1 || !snapshot) problems.push(`version ${next} after ${version}`);
    else snapshot = applySnapshotDelta(snapshot, change.delta ?? null);
    version = next;
    if (snapshot) versions.push({ version, snapshot });
  };
  const opened = await openSocket(url, (message) => {
    if (typeof message.version !== 'number') return;
    if (message.type === 'snapshot') take(message.version, { snapshot: message.snapshot as GameSnapshot });
    else if (message.type === 'delta') take(message.version, { delta: message.delta as SnapshotDelta });
    else if (message.type === 'result' && message.ok) take(message.version, message as { snapshot?: GameSnapshot; delta?: SnapshotDelta });
  });
  let requests = 0;
  return {
    ...opened,
    /** The snapshot as the learner has it now. */
    snapshot: (): GameSnapshot => {
      if (problems.length > 0) throw new Error(problems.join('; '));
      if (!snapshot) throw new Error('no snapshot yet');
      return snapshot;
    },
    version: () => version,
    /** Waits until the learner's snapshot (at some version from now on, or already) passes `test`. */
    until: async (test: (snapshot: GameSnapshot) => boolean, what: string, timeoutMs = 5000): Promise<GameSnapshot> => {
      const started = Date.now();
      for (;;) {
        if (problems.length > 0) throw new Error(problems.join('; '));
        if (snapshot && test(snapshot)) return snapshot;
        if (Date.now() - started > timeoutMs)
          throw new Error(`no ${what} within ${timeoutMs / 1000} s; the snapshot is ${JSON.stringify(snapshot).slice(0, 2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    /** Sends an event and waits for its result. */
    step: async (event: Record<string, unknown>) => {
      const requestId = `s${(requests += 1)}`;
      opened.socket.send(JSON.stringify({ type: 'event', requestId, event }));
      return opened.next((m) => m.type === 'result' && m.requestId === requestId, `result ${requestId}`);
    },
  };
};
