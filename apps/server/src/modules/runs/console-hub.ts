import { consoleClientMessage, type ConsoleServerMessage } from '@resim/contracts';
import type { WebSocket } from 'ws';
import type { LiveBus, LiveEvent } from '../../adapters/live/live-bus';
import type { Database } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { Authenticator } from '../../identity/authenticate';
import type { Principal } from '../../identity/principal';
import type { Clock } from '../../lib/clock';
import { getResim } from '../resims/resims.service';
import { forgetShared } from './shared-reads';

type Log = { warn: (details: object, message: string) => void };

type Connection = { readonly socket: WebSocket; principal: Principal | null; readonly resims: Set<string> };

// The console sends small messages: a token is the largest.
const maxMessageBytes = 8192;
// A socket that has not authenticated by then is closed, so that none is held open for nothing.
const authTimeoutMs = 10_000;
// Scenarios one console may follow at once: the editor follows one, a few tabs a few.
const maxSubscriptions = 50;
/**
 * A scenario's consoles hear that its runs changed at most this often: a session of thousands
 * stepping at once costs its consoles a few notices a second, whatever the number of steps.
 */
export const noticeIntervalMs = 500;

const send = (socket: WebSocket, message: ConsoleServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/**
 * The console's sockets of this process, by scenario. It hears the same live bus as the learners'
 * sockets (so every process pushes what any of them changed) and tells each console that follows
 * a scenario that its status or its runs changed.
 */
export const createConsoleHub = (options: { db: Database; clock: Clock; live: LiveBus; authenticate: Authenticator; log: Log }) => {
  const byResim = new Map<string, Set<Connection>>();
  const all = new Set<Connection>();

  /** Every console of the scenario gets the same bytes, made once. */
  const tell = (resimId: string, message: ConsoleServerMessage) => {
    const consoles = byResim.get(resimId);
    if (!consoles) return;
    const text = JSON.stringify(message);
    for (const connection of consoles) if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text);
  };

  // Changes gathered per scenario until its next notice is due.
  type Gathered = { runs: Set<string>; connections: boolean; timer: NodeJS.Timeout | null; lastSent: number };
  const gathered = new Map<string, Gathered>();
  const notify = (resimId: string) => {
    const entry = gathered.get(resimId);
    if (!entry) return;
    entry.timer = null;
    if (entry.runs.size === 0 && !entry.connections) return;
    entry.lastSent = performance.now();
    // The consoles told will read the scenario's boards again, all at once: afresh, and shared.
    forgetShared(options.db, resimId);
    tell(resimId, {
      type: 'changed',
      resimId,
      ...(entry.runs.size > 0 ? { runs: entry.runs.size } : {}),
      ...(entry.connections ? { connections: true } : {}),
    });
    entry.runs.clear();
    entry.connections = false;
  };
  const gather = (resimId: string, change: (entry: Gathered) => void) => {
    if (!byResim.has(resimId)) return;
    let entry = gathered.get(resimId);
    if (!entry) {
      entry = { runs: new Set(), connections: false, timer: null, lastSent: -noticeIntervalMs };
      gathered.set(resimId, entry);
    }
    change(entry);
    entry.timer ??= setTimeout(() => notify(resimId), Math.max(0, entry.lastSent + noticeIntervalMs - performance.now()));
  };

  const onLiveEvent = (event: LiveEvent) => {
    switch (event.kind) {
      case 'status':
        return tell(event.resimId, { type: 'status', resimId: event.resimId, status: event.status });
      case 'progress':
        return tell(event.resimId, { type: 'progress', resimId: event.resimId, task: event.task, done: event.done, total: event.total });
      case 'games':
        return gather(event.resimId, (entry) => event.gameIds.forEach((id) => entry.runs.add(id)));
      case 'stopped':
        // The runs ended one slice after another, told as progress: now they all have.
        return gather(event.resimId, (entry) => entry.runs.add(''));
      case 'presence':
        return gather(event.resimId, (entry) => (entry.connections = true));
      default:
        return;
    }
  };
  const unsubscribeBus = options.live.subscribe(onLiveEvent);

  const leave = (connection: Connection, resimId: string) => {
    connection.resims.delete(resimId);
    const set = byResim.get(resimId);
    set?.delete(connection);
    if (set?.size !== 0) return;
    byResim.delete(resimId);
    const entry = gathered.get(resimId);
    if (entry?.timer) clearTimeout(entry.timer);
    gathered.delete(resimId);
  };

  const onMessage = async (connection: Connection, data: Buffer) => {
    const refuse = (code: string, message: string) => send(connection.socket, { type: 'error', code, message });
    if (data.length > maxMessageBytes) return refuse('bad_request', `Messages may be at most ${maxMessageBytes} bytes`);
    let parsed;
    try {
      parsed = consoleClientMessage.safeParse(JSON.parse(data.toString('utf8')));
    } catch {
      return refuse('bad_request', 'Messages must be JSON');
    }
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`).join('; ');
      return refuse('bad_request', problems);
    }
    const message = parsed.data;
    if (message.type === 'ping') return send(connection.socket, { type: 'pong' });
    if (message.type === 'auth') {
      const auth = await options.authenticate(`Bearer ${message.token}`).catch(() => null);
      if (!auth) {
        refuse('unauthenticated', 'Sign in again: the token was not accepted');
        connection.socket.close(1008, 'unauthenticated');
        return;
      }
      connection.principal = auth.principal;
      return send(connection.socket, { type: 'ready' });
    }
    const principal = connection.principal;
    if (!principal) {
      refuse('unauthenticated', 'Authenticate first: send {"type":"auth","token":...}');
      connection.socket.close(1008, 'unauthenticated');
      return;
    }
    if (message.type === 'unsubscribe') return leave(connection, message.resimId);
    if (connection.resims.size >= maxSubscriptions && !connection.resims.has(message.resimId))
      return refuse('bad_request', `A console may follow at most ${maxSubscriptions} scenarios at once`);
    try {
      // The same rule as every console route: only the members of the scenario's space hear of it.
      await getResim({ db: options.db, clock: options.clock, principal }, message.resimId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return send(connection.socket, { type: 'error', code: error.code, message: error.message, resimId: message.resimId });
    }
    connection.resims.add(message.resimId);
    const set = byResim.get(message.resimId) ?? new Set();
    set.add(connection);
    byResim.set(message.resimId, set);
    send(connection.socket, { type: 'subscribed', resimId: message.resimId });
  };

  return {
    attach: (socket: WebSocket) => {
      const connection: Connection = { socket, principal: null, resims: new Set() };
      all.add(connection);
      const timer = setTimeout(() => {
        if (!connection.principal) socket.close(1008, 'unauthenticated');
      }, authTimeoutMs);
      // Messages are handled in the order sent: a subscription follows its authentication.
      let queue = Promise.resolve();
      socket.on('message', (data: Buffer) => {
        queue = queue
          .then(() => onMessage(connection, data))
          .catch((error: unknown) => {
            options.log.warn({ err: error }, 'console socket message failed');
            send(socket, { type: 'error', code: 'internal', message: 'Something went wrong on our side; try again' });
          });
      });
      socket.on('close', () => {
        clearTimeout(timer);
        for (const resimId of [...connection.resims]) leave(connection, resimId);
        all.delete(connection);
      });
    },
    /** Consoles' sockets open to this process. */
    socketCount: (): number => all.size,
    close: () => {
      unsubscribeBus();
      for (const entry of gathered.values()) if (entry.timer) clearTimeout(entry.timer);
      gathered.clear();
      for (const connection of all) connection.socket.close(1012, 'service restart');
      all.clear();
      byResim.clear();
    },
  };
};
export type ConsoleHub = ReturnType<typeof createConsoleHub>;
