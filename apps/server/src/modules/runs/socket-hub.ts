import { socketClientMessage, type SocketServerMessage } from '@resim/contracts';
import type { WebSocket } from 'ws';
import type { LiveBus, LiveEvent } from '../../adapters/live/live-bus';
import type { Database } from '../../db/database';
import type { GameRow, SessionMessageRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { randomSecret } from '../../lib/ids';
import { stateOf } from './game-records';
import { buildSnapshot, snapshotOf, submitEvent, type PlayContext } from './play.service';
import * as connections from './connections.repository';
import * as repo from './runs.repository';
import { loadRunnableScenario } from './scenario-cache';

type Log = { warn: (details: object, message: string) => void };

type Connection = {
  readonly id: string;
  readonly socket: WebSocket;
  readonly gameId: string;
  readonly resimId: string;
  readonly instanceId: string;
  readonly play: PlayContext;
};

// A learner's client sends small messages; anything larger is not ours.
const maxMessageBytes = 4096;
/**
 * Steps a socket may have waiting for their answers. The player sends one at a time; beyond
 * this, a client is refused at once (it may retry) rather than kept waiting behind its own queue.
 */
const defaultMaxPending = 8;

const send = (socket: WebSocket, message: SocketServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/**
 * The learners' sockets of this process, by scenario. What the live bus tells every process
 * (status changes, presenter messages, changed runs) is pushed here to the sockets it concerns;
 * events a learner sends over the socket are judged like those sent over HTTP.
 */
/** How often a process says it still holds its sockets, and after how long without it it is not believed. */
export const presenceBeatMs = 30_000;
const presenceLapseMs = 3 * presenceBeatMs;

export const createSocketHub = (options: { db: Database; clock: Clock; live: LiveBus; log: Log; maxPending?: number }) => {
  const maxPending = options.maxPending ?? defaultMaxPending;
  // Sockets by scenario (status changes, messages) and by run (its changes): every learner's
  // step is pushed to the sockets of that run alone, without looking through the session's.
  const byResim = new Map<string, Set<Connection>>();
  const byGame = new Map<string, Set<Connection>>();
  const add = (index: Map<string, Set<Connection>>, key: string, connection: Connection) => {
    const set = index.get(key) ?? new Set();
    set.add(connection);
    index.set(key, set);
  };
  const remove = (index: Map<string, Set<Connection>>, key: string, connection: Connection) => {
    const set = index.get(key);
    set?.delete(connection);
    if (set?.size === 0) index.delete(key);
  };

  // This process's share of who is connected, kept in the database so that any process can tell.
  const serverId = randomSecret(9);
  const iso = (ms: number) => new Date(ms).toISOString();
  const beat = () => {
    const now = options.clock.now().getTime();
    return connections.beat(options.db, serverId, iso(now), iso(now - presenceLapseMs)).catch((error: unknown) => {
      options.log.warn({ err: error }, 'could not say this process holds sockets');
    });
  };
  let alive = beat();
  const heart = setInterval(() => {
    alive = beat();
  }, presenceBeatMs).unref();
  // Each run's connection writes in the order its sockets opened and closed.
  const writes = new Map<string, Promise<void>>();
  const write = (gameId: string, work: () => Promise<unknown>): Promise<void> => {
    const next = (writes.get(gameId) ?? alive).then(work).then(
      () => undefined,
      (error: unknown) => options.log.warn({ err: error }, 'could not record a connection'),
    );
    writes.set(gameId, next);
    void next.then(() => {
      if (writes.get(gameId) === next) writes.delete(gameId);
    });
    return next;
  };

  /** Fresh snapshots for the given sockets of one scenario, reading what they share once. */
  const refresh = async (resimId: string, connections: readonly Connection[]) => {
    if (connections.length === 0) return;
    const scenario = await loadRunnableScenario(options.db, { id: resimId });
    if (!scenario) return;
    const now = options.clock.now().getTime();
    // One socket (a learner connecting, or their run changing) reads its own run; many (a status
    // change) read their instance's runs once.
    if (connections.length === 1) {
      const connection = connections[0]!;
      const game = await repo.findGame(options.db, connection.gameId);
      if (!game) return;
      send(connection.socket, { type: 'snapshot', snapshot: await snapshotOf(options.db, scenario, game, now) });
      return;
    }
    const instances = new Map<string, { games: Map<string, GameRow>; messages: SessionMessageRow[] }>();
    for (const connection of connections) {
      let read = instances.get(connection.instanceId);
      if (!read) {
        const games = await repo.findGamesOfInstance(options.db, resimId, connection.instanceId);
        read = {
          games: new Map(games.map((game) => [game.id, game])),
          messages: await repo.findMessages(options.db, resimId, connection.instanceId),
        };
        instances.set(connection.instanceId, read);
      }
      const game = read.games.get(connection.gameId);
      if (!game) continue;
      const snapshot = buildSnapshot(scenario, game, stateOf(scenario, game, now), now, {
        messages: read.messages,
        instanceGames: [...read.games.values()],
      });
      send(connection.socket, { type: 'snapshot', snapshot });
    }
  };

  const onLiveEvent = (event: LiveEvent) => {
    if (event.kind === 'message') {
      for (const connection of byResim.get(event.resimId) ?? [])
        if (connection.instanceId === event.instanceId) send(connection.socket, { type: 'message', message: event.message });
      return;
    }
    if (event.kind === 'presence') return;
    const concerned =
      event.kind === 'status'
        ? [...(byResim.get(event.resimId) ?? [])]
        : [...(byGame.get(event.gameId) ?? [])].filter((connection) => connection.id !== event.source);
    refresh(event.resimId, concerned).catch((error: unknown) => options.log.warn({ err: error }, 'could not push snapshots'));
  };
  const unsubscribe = options.live.subscribe(onLiveEvent);
  let closing = false;

  const onMessage = async (connection: Connection, data: Buffer) => {
    if (data.length > maxMessageBytes) {
      send(connection.socket, { type: 'error', code: 'bad_request', message: `Messages may be at most ${maxMessageBytes} bytes` });
      return;
    }
    let parsed;
    try {
      parsed = socketClientMessage.safeParse(JSON.parse(data.toString('utf8')));
    } catch {
      send(connection.socket, { type: 'error', code: 'bad_request', message: 'Messages must be JSON' });
      return;
    }
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`).join('; ');
      send(connection.socket, { type: 'error', code: 'bad_request', message: problems });
      return;
    }
    const message = parsed.data;
    if (message.type === 'ping') {
      send(connection.socket, { type: 'pong' });
      return;
    }
    try {
      const snapshot = await submitEvent(connection.play, connection.gameId, message.event, connection.id);
      send(connection.socket, { type: 'result', requestId: message.requestId, ok: true, snapshot });
    } catch (error) {
      if (!(error instanceof AppError)) options.log.warn({ err: error }, 'socket event failed');
      const failure =
        error instanceof AppError
          ? { code: error.code, message: error.message }
          : { code: 'internal', message: 'Something went wrong on our side; try again' };
      send(connection.socket, { type: 'result', requestId: message.requestId, ok: false, error: failure });
    }
  };

  /** Answers a step that came while too many were waiting; its request id, if it has one, says which. */
  const refuseBusy = (connection: Connection, data: Buffer) => {
    let requestId: unknown;
    try {
      requestId = data.length <= maxMessageBytes ? (JSON.parse(data.toString('utf8')) as { requestId?: unknown }).requestId : undefined;
    } catch {
      requestId = undefined;
    }
    const error = { code: 'busy', message: `Wait for the answers to your last ${maxPending} steps, then try again` };
    send(connection.socket, typeof requestId === 'string' ? { type: 'result', requestId, ok: false, error } : { type: 'error', ...error });
  };

  return {
    /** Serves a learner's socket for one of their runs, starting with its snapshot. */
    attach: async (socket: WebSocket, play: PlayContext, game: { id: string; resimId: string; instanceId: string }) => {
      const connection: Connection = {
        id: randomSecret(9),
        socket,
        gameId: game.id,
        resimId: game.resimId,
        instanceId: game.instanceId,
        play,
      };
      const first = !byGame.has(game.id);
      add(byResim, game.resimId, connection);
      add(byGame, game.id, connection);
      const recorded = first
        ? write(game.id, () =>
            connections.recordConnection(options.db, { gameId: game.id, serverId, since: iso(options.clock.now().getTime()) }),
          )
        : Promise.resolve();
      // Messages are handled one at a time, in the order sent, as the learner took the steps.
      let queue = Promise.resolve();
      let pending = 0;
      socket.on('message', (data: Buffer) => {
        if (pending >= maxPending) {
          refuseBusy(connection, data);
          return;
        }
        pending += 1;
        queue = queue.then(() => onMessage(connection, data)).finally(() => (pending -= 1));
      });
      // Sockets closed by the server's own shutdown are not news: the bus is closing with them.
      const presence = () =>
        closing
          ? Promise.resolve()
          : options.live
              .publish({ kind: 'presence', resimId: game.resimId, gameId: game.id })
              .catch((error: unknown) => options.log.warn({ err: error }, 'could not tell of a connection'));
      socket.on('close', () => {
        remove(byResim, game.resimId, connection);
        remove(byGame, game.id, connection);
        if (closing) return;
        const dropped = byGame.has(game.id)
          ? Promise.resolve()
          : write(game.id, () => connections.dropConnection(options.db, game.id, serverId));
        void dropped.then(presence);
      });
      void recorded.then(presence);
      await refresh(game.resimId, [connection]);
    },
    /** The runs whose learners hold a socket now, to this process or any other still beating. */
    connectedGameIds: async (): Promise<string[]> => {
      const elsewhere = await connections.findConnectedGameIds(options.db, iso(options.clock.now().getTime() - presenceLapseMs));
      return [...new Set([...byGame.keys(), ...elsewhere])];
    },
    /** Closes the sockets, and takes this process and its connections out of the database. */
    close: async () => {
      closing = true;
      clearInterval(heart);
      unsubscribe();
      for (const set of byResim.values()) for (const connection of set) connection.socket.close(1001, 'server shutting down');
      byResim.clear();
      byGame.clear();
      await Promise.all([alive, ...writes.values()]);
      await connections.forgetServer(options.db, serverId).catch((error: unknown) => {
        options.log.warn({ err: error }, 'could not forget this process’s sockets');
      });
    },
  };
};
export type SocketHub = ReturnType<typeof createSocketHub>;
