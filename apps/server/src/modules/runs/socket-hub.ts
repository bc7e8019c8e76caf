import { socketClientMessage, type GameSnapshot, type SessionMessage } from '@resim/contracts';
import {
  noteSuccession,
  RunStatus,
  runScore,
  settleRun,
  snapshotChange,
  startRun,
  type FlowStep,
  type LearnerEvent,
  type RunState,
  type RunView,
  type Scenario,
  type SnapshotDelta,
} from '@resim/domain';
import type { WebSocket } from 'ws';
import type { LiveBus, LiveEvent } from '../../adapters/live/live-bus';
import type { Database } from '../../db/database';
import { asUnavailable } from '../../db/unavailable';
import type { GameRow } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { randomSecret } from '../../lib/ids';
import { readJson } from '../../lib/json';
import { inSlices, yieldToLoop } from '../../lib/slices';
import * as flowCounts from '../learner-flow/flow-counts.repository';
import * as connections from './connections.repository';
import { deltaJson, type WrittenValues } from './delta-json';
import { countsInFlow, toSessionMessage } from './game-records';
import { phaseOfGame } from './phase';
import { buildSnapshot, type RankedRun } from './play.service';
import * as repo from './runs.repository';
import { createLatestReadings } from './latest-readings';
import { loadRunnableScenario } from './scenario-cache';
import { placeInOpening, rankingOfInstance } from './session-ranking';
import { forgetShared } from './shared-reads';
import { recordEvent, refuseStep, releasedRun } from './steps';
import { stepWriterOf } from './step-writer';

type Log = { warn: (details: object, message: string) => void };

/**
 * A run whose learner holds a socket to this process, kept in memory while they do: its row and
 * state as last stored, and its last step, so that a step reads nothing from the database. Every
 * write is conditional on the run being as kept (its event count, not ended); when another
 * process, a Stop or a removal changed it, the write stores nothing and the run is read again.
 */
type LiveRun = {
  readonly id: string;
  readonly resimId: string;
  readonly instanceId: string;
  /** null: read it again before the next step */
  game: GameRow | null;
  state: RunState | null;
  /** the run's last test or diagnosis; undefined until read */
  lastStep: FlowStep | null | undefined;
  readonly connections: Set<Connection>;
  /** the run's steps and refreshes, one after another in the order they came */
  work: Promise<void>;
};

type Connection = {
  readonly id: string;
  readonly socket: WebSocket;
  readonly run: LiveRun;
  /** what the socket was last sent, to send it only what changed since; its version */
  sent: GameSnapshot | null;
  version: number;
  /** steps sent and not answered yet */
  pending: number;
};

// A learner's client sends small messages; anything larger is not ours.
const maxMessageBytes = 4096;
/**
 * Steps a socket may have waiting for their answers. The player sends one at a time; beyond
 * this, a client is refused at once (it may retry) rather than kept waiting behind its own queue.
 */
const defaultMaxPending = 8;
/** A socket with this much not yet taken by its client does not read: it is dropped rather than buffered for without end. */
export const defaultMaxBufferedBytes = 1 << 20;
/** How long a scenario's status and content are believed before they are read again (the live bus tells of changes at once). */
const scenarioRecheckMs = 1000;
/** What a kept run's row holds in place of its state, kept parsed beside it: only that it has one. */
const stateKeptApart = '(kept apart)';

/**
 * How often a process says it still holds its sockets, and after how long without it it is not
 * believed: a killed process's learners are shown connected for 15 s at most.
 */
export const presenceBeatMs = 5000;
const presenceLapseMs = 3 * presenceBeatMs;

export type SocketHubOptions = {
  readonly db: Database;
  readonly clock: Clock;
  readonly live: LiveBus;
  readonly log: Log;
  readonly maxPending?: number;
  /** learners' sockets this process holds at most; beyond it, new ones and joins are turned away for a while */
  readonly capacity?: number;
  readonly maxBufferedBytes?: number;
  /** told of each step's outcome, how long it took to answer, and whether it failed because the database was away */
  readonly onStep?: (outcome: 'ok' | 'refused' | 'failed', ms: number, databaseAway: boolean) => void;
};

/**
 * The learners' sockets of this process (DESIGN 6). A step taken over a socket is judged against
 * the run kept in memory, stored with the other steps of the moment in one transaction, and
 * answered with what changed in the learner's snapshot. What the live bus tells every process
 * (status changes, presenter messages, runs changed elsewhere, a Stop's end) is pushed to the
 * sockets it concerns, a slice at a time, so that a session of thousands never holds the event
 * loop for long.
 */
export const createSocketHub = (options: SocketHubOptions) => {
  const { db, clock, live, log } = options;
  const maxPending = options.maxPending ?? defaultMaxPending;
  const capacity = options.capacity ?? Number.POSITIVE_INFINITY;
  const maxBuffered = options.maxBufferedBytes ?? defaultMaxBufferedBytes;
  const serverId = randomSecret(9);
  const byResim = new Map<string, Set<Connection>>();
  const runs = new Map<string, LiveRun>();
  let connectionCount = 0;
  let closing = false;

  // ---------------------------------------------------------------------------------------------
  // What every run of a scenario shares: the scenario, and each opening's presenter messages.

  const scenarios = createLatestReadings<Scenario | undefined>({
    read: (resimId) => loadRunnableScenario(db, { id: resimId }),
    recheckMs: scenarioRecheckMs,
    keeps: (resimId) => byResim.has(resimId),
  });
  /** The scenario as last read, read again once a second (meanwhile the one kept serves); `fresh` waits for a new reading. */
  const scenarioOf = (resimId: string, fresh = false): Promise<Scenario | undefined> => scenarios.get(resimId, fresh);

  const messages = new Map<string, Promise<readonly SessionMessage[]>>();
  const messagesKey = (resimId: string, instanceId: string) => `${resimId}\u0000${instanceId}`;
  const messagesOf = (resimId: string, instanceId: string): Promise<readonly SessionMessage[]> => {
    const key = messagesKey(resimId, instanceId);
    let list = messages.get(key);
    if (!list) {
      list = repo.findMessages(db, resimId, instanceId).then((rows) => Object.freeze(rows.map(toSessionMessage)));
      list.catch(() => messages.delete(key));
      messages.set(key, list);
    }
    return list;
  };

  const forgetScenario = (resimId: string) => {
    scenarios.forget(resimId);
    for (const key of messages.keys()) if (key.startsWith(`${resimId}\u0000`)) messages.delete(key);
  };

  // ---------------------------------------------------------------------------------------------
  // Sending

  let slowDropped = 0;
  const sendText = (connection: Connection, text: string) => {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBuffered) {
      // The client stopped reading (a phone gone to sleep mid-download, a stuck proxy): it will
      // reconnect and be sent its run afresh, rather than the server keeping its backlog.
      slowDropped += 1;
      if (slowDropped === 1 || slowDropped % 100 === 0)
        log.warn({ dropped: slowDropped, buffered: socket.bufferedAmount }, 'dropped a learner socket that does not read');
      socket.terminate();
      return;
    }
    socket.send(text);
  };

  const onlyClock = (delta: SnapshotDelta): boolean =>
    !delta.unset && !delta.patch && !delta.splice && delta.set !== undefined && Object.keys(delta.set).every((key) => key === 'serverTime');

  const sendSnapshot = (connection: Connection, snapshot: GameSnapshot) => {
    connection.sent = snapshot;
    connection.version += 1;
    sendText(connection, `{"type":"snapshot","version":${connection.version},"snapshot":${JSON.stringify(snapshot)}}`);
  };

  /**
   * Sends a socket what changed since its last version, as the next version: a push, or the
   * answer to its step `requestId`. A push that changes nothing is not sent. `written`: what a
   * push to many sockets has written already, to write once what it sends every one.
   */
  const sendChange = (connection: Connection, snapshot: GameSnapshot, requestId?: string, written?: WrittenValues) => {
    const previous = connection.sent;
    if (!previous) {
      sendSnapshot(connection, snapshot);
      return;
    }
    // What the socket was sent is kept made of the parts that did not change (already long-lived),
    // so that each step leaves only what it changed to be kept until the learner's next.
    const { delta, shared } = snapshotChange(previous, snapshot);
    // A push that would tell only the server's clock (the run read again, nothing of it changed:
    // after a join, every learner's socket) is not sent.
    if (requestId === undefined && (delta === null || onlyClock(delta))) return;
    connection.sent = shared;
    connection.version += 1;
    const change = `"version":${connection.version},"delta":${deltaJson(delta ?? {}, written)}`;
    sendText(
      connection,
      requestId === undefined
        ? `{"type":"delta",${change}}`
        : `{"type":"result","requestId":${JSON.stringify(requestId)},"ok":true,${change}}`,
    );
  };

  const sendRefusal = (connection: Connection, requestId: string | undefined, error: { code: string; message: string }) =>
    sendText(
      connection,
      JSON.stringify(requestId === undefined ? { type: 'error', ...error } : { type: 'result', requestId, ok: false, error }),
    );

  // ---------------------------------------------------------------------------------------------
  // Runs

  const enqueue = (run: LiveRun, task: () => Promise<void>): Promise<void> => {
    const next = run.work.then(task).catch((error: unknown) => log.warn({ err: error }, 'live run work failed'));
    run.work = next;
    return next;
  };

  /**
   * Keeps a run as read or stored: its state parsed, and the row without the state's text (a
   * kilobyte a step that every learner's run would otherwise hold until their next step), only
   * whether it has one.
   */
  const keep = (run: LiveRun, game: GameRow | undefined, state?: RunState) => {
    // The last step read or taken holds while the run has had no other event since; a run with
    // none has no step to read back (at a Start, thousands of first steps come at once).
    const unchanged = run.game !== null && game !== undefined && run.game.event_count === game.event_count;
    if (!unchanged) run.lastStep = game?.event_count === 0 ? null : undefined;
    run.state = state ?? (game ? readJson<RunState | null>(game.state, null) : null);
    run.game = game ? { ...game, state: run.state ? stateKeptApart : null } : null;
  };

  const load = async (run: LiveRun): Promise<GameRow | null> => {
    keep(run, await repo.findGame(db, run.id));
    return run.game;
  };

  /**
   * The view a run's sockets hold, which its next view reuses where nothing changed: what they held
   * before, changed only where a step changed it, so that each step's fresh view dies young instead
   * of being kept until the learner's next step.
   */
  const viewSent = (run: LiveRun): RunView | undefined => {
    for (const connection of run.connections) if (connection.sent?.view) return connection.sent.view;
    return undefined;
  };

  /** The run's snapshot at `now`, from what is kept of it. */
  const snapshotOfRun = async (
    scenario: Scenario,
    run: LiveRun,
    game: GameRow,
    now: number,
    read: { ranking?: ReadonlyMap<string, RankedRun>; views?: Map<RunState, RunView> } = {},
  ): Promise<GameSnapshot> => {
    const state = run.state ? settleRun(scenario, run.state, now) : null;
    const ranking = state?.ended ? (read.ranking ?? (await placeInOpening(db, scenario, game, runScore(scenario, state, now), now))) : null;
    return buildSnapshot(scenario, game, state, now, {
      messages: await messagesOf(run.resimId, run.instanceId),
      ranking,
      previous: viewSent(run),
      ...(read.views ? { views: read.views } : {}),
    });
  };

  /**
   * The scenario as last read, unless the run's row (read since) shows that reading to be older than
   * a Start or a Stop (the lobby released, or the run ended by the Stop, while the reading says
   * otherwise): then as read now. A snapshot from the older reading, sent after the Start's push,
   * would put the learner back in the lobby.
   */
  const readingFor = async (resimId: string, read: Scenario, game: GameRow): Promise<Scenario | undefined> => {
    const phase = phaseOfGame(read, game);
    const outdated = (game.state !== null && phase === 'lobby') || (game.end_reason === 'stopped' && phase === 'open');
    return outdated ? scenarioOf(resimId, true) : read;
  };

  /** Reads the run again and sends each of its sockets what changed (after a change made elsewhere, or asked with `sync`). */
  const refresh = async (run: LiveRun, whole?: Connection) => {
    const read = await scenarioOf(run.resimId);
    const game = await load(run);
    if (!read || !game) return;
    const scenario = await readingFor(run.resimId, read, game);
    if (!scenario) return;
    const snapshot = await snapshotOfRun(scenario, run, game, clock.now().getTime());
    for (const connection of run.connections) {
      if (connection === whole) sendSnapshot(connection, snapshot);
      else sendChange(connection, snapshot);
    }
  };

  /** Judges and stores a learner's step against the run as kept, reading it again when it turns out to have moved on. */
  const takeStep = async (run: LiveRun, event: LearnerEvent) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // A refusal by the run's phase, or a write that found the run changed, is judged again on what is stored now.
      const fresh = attempt > 0;
      const scenario = await scenarioOf(run.resimId, fresh);
      const game = run.game && !fresh ? run.game : await load(run);
      if (!scenario || !game) throw notFound('Run');
      const now = clock.now();
      try {
        await refuseStep(db, scenario, game, now);
      } catch (error) {
        if (!fresh && error instanceof AppError) continue;
        throw error;
      }
      const released = await releasedRun(db, scenario, game, now);
      const kept = released === game ? run.state : readJson<RunState | null>(released.state, null);
      const counted = countsInFlow(game);
      // Read only when unknown: null is known, the run has taken no step yet.
      if (counted && run.lastStep === undefined) run.lastStep = await flowCounts.lastStep(db, run.id);
      const previousStep = counted ? (run.lastStep ?? null) : null;
      const outcome = await recordEvent(db, scenario, released, { ...event, at: now.getTime() }, now, {
        state: kept ? settleRun(scenario, kept, now.getTime()) : null,
        previousStep,
      });
      if (outcome.ok) {
        // The run's row is brought up to date where it is kept (committed, nothing else holds it
        // now), so that a step leaves no new row behind; it keeps its state apart, not as text.
        const kept = Object.assign(run.game ?? game, outcome.game, { state: stateKeptApart });
        run.game = kept;
        run.state = outcome.state;
        if (outcome.step) run.lastStep = outcome.step;
        return { scenario, game: kept, now: now.getTime(), ended: outcome.game.ended_at !== null };
      }
      // Refused as the run is kept: a step taken elsewhere (over HTTP, through another process) and
      // not heard of yet may be what it needs. Judged again on the run as stored before saying no.
      if (!outcome.stale && fresh) throw outcome.error;
      run.game = null;
    }
    throw conflict('Another step of this run was taken at the same moment; try again');
  };

  const onEvent = async (connection: Connection, requestId: string, event: LearnerEvent, arrived: number) => {
    const { run } = connection;
    try {
      const taken = await takeStep(run, event);
      const snapshot = await snapshotOfRun(taken.scenario, run, taken.game, taken.now);
      for (const other of run.connections) sendChange(other, snapshot, other === connection ? requestId : undefined);
      options.onStep?.('ok', performance.now() - arrived, false);
      // A run's end is not left to the boards shared for a moment: a host stopping the session just
      // after reads who is still playing. Other steps wait for the consoles' next notice.
      if (taken.ended) forgetShared(db, run.resimId);
      void live.publish({ kind: 'games', resimId: run.resimId, gameIds: [run.id], origin: serverId });
    } catch (caught) {
      const error = asUnavailable(caught);
      options.onStep?.(caught instanceof AppError ? 'refused' : 'failed', performance.now() - arrived, error !== caught);
      if (!(error instanceof AppError)) log.warn({ err: error }, 'socket event failed');
      // Whether a failed write reached the database before the failure is unknown: the run is read again before its next step.
      if (!(caught instanceof AppError)) run.game = null;
      sendRefusal(
        connection,
        requestId,
        error instanceof AppError
          ? { code: error.code, message: error.message }
          : { code: 'internal', message: 'Something went wrong on our side; try again' },
      );
    }
  };

  // ---------------------------------------------------------------------------------------------
  // What the live bus tells every process

  const connectionsOf = (resimId: string, instanceId?: string): Connection[] =>
    [...(byResim.get(resimId) ?? [])].filter((connection) => instanceId === undefined || connection.run.instanceId === instanceId);

  /**
   * A new run status: learners in the lobby of a session that started get their run (all the same
   * at its start, so made once); everyone else is told where the session stands.
   */
  const onStatus = async (event: Extract<LiveEvent, { kind: 'status' }>) => {
    const concerned = connectionsOf(event.resimId);
    if (concerned.length === 0) return;
    const scenario = await scenarioOf(event.resimId, true);
    if (!scenario) return;
    const now = clock.now().getTime();
    const started = scenario.resimStatus === RunStatus.Running ? startRun(scenario, event.at) : null;
    // Runs the Start released with their learner's allowance got a state of their own, one per allowance.
    const allowedState = new Map<string, RunState>();
    if (started)
      for (const runs of event.allowed ?? []) {
        const state = startRun(scenario, event.at, runs.allowance);
        for (const gameId of runs.gameIds) allowedState.set(gameId, state);
      }
    const views = new Map<RunState, RunView>();
    const written: WrittenValues = new Map();
    // The presenter's messages of each opening concerned (most often one), not one promise per learner.
    const messagesByOpening = new Map<string, readonly SessionMessage[]>();
    for (const { run } of concerned)
      if (!messagesByOpening.has(run.instanceId)) messagesByOpening.set(run.instanceId, await messagesOf(run.resimId, run.instanceId));
    await inSlices(concerned.keys(), (at) => {
      const connection = concerned[at]!;
      const { run } = connection;
      const game = run.game;
      if (!game) return;
      const own = started ? (allowedState.get(game.id) ?? started) : null;
      if (own && game.state === null && game.ended_at === null && phaseOfGame(scenario, game) === 'open') {
        // The Start stored this very state for every run of the lobby before telling anyone. A
        // socket not sent its first snapshot yet gets it from the run as kept now.
        const iso = new Date(event.at).toISOString();
        keep(run, { ...game, started_at: iso, updated_at: iso }, own);
      }
      if (!connection.sent) return;
      if (run.game !== game || (own && run.state === own)) {
        // Every run of the lobby starts the same (or the same as the others with its allowance): its view is made once and shared.
        sendChange(
          connection,
          buildSnapshot(scenario, run.game!, own, now, { messages: messagesByOpening.get(run.instanceId)!, ranking: null, views }),
          undefined,
          written,
        );
        return;
      }
      // Only where the session stands changed; what the run shows changes as its runs do (a Stop's end comes after).
      sendChange(connection, { ...connection.sent, phase: phaseOfGame(scenario, game), resimStatus: scenario.resimStatus });
    });
  };

  /** A Stop ended every run of the opening: its learners get their final runs, scores and ranks, read once for all. */
  const onStopped = async (event: Extract<LiveEvent, { kind: 'stopped' }>) => {
    const concerned = connectionsOf(event.resimId, event.instanceId);
    if (concerned.length === 0) return;
    const scenario = await scenarioOf(event.resimId, true);
    if (!scenario) return;
    const now = clock.now().getTime();
    const { games, ranking } = await rankingOfInstance(db, scenario, event.instanceId, now);
    const messageList = await messagesOf(event.resimId, event.instanceId);
    await inSlices(concerned, (connection) => {
      const { run } = connection;
      const game = games.get(run.id);
      if (!game) return;
      const before = run.state;
      keep(run, game);
      // The ended run's view is worked out from the one its learner holds, not from its start.
      if (before && run.state) noteSuccession(before, run.state);
      const state = run.state ? settleRun(scenario, run.state, now) : null;
      sendChange(connection, buildSnapshot(scenario, game, state, now, { messages: messageList, ranking, previous: viewSent(run) }));
    });
  };

  const onMessage = async (event: Extract<LiveEvent, { kind: 'message' }>) => {
    const key = messagesKey(event.resimId, event.instanceId);
    const cached = messages.get(key);
    if (cached)
      messages.set(
        key,
        cached.then((list) => (list.some((message) => message.id === event.message.id) ? list : Object.freeze([...list, event.message]))),
      );
    const text = JSON.stringify({ type: 'message', message: event.message });
    await inSlices(connectionsOf(event.resimId, event.instanceId), (connection) => sendText(connection, text));
  };

  const onLiveEvent = (event: LiveEvent) => {
    if (event.kind === 'access' || !byResim.has(event.resimId)) return;
    const done = (() => {
      switch (event.kind) {
        // A push to thousands begins in a turn of the event loop of its own, not in the one of
        // the request that published it (the in-process bus delivers right after the publisher).
        case 'status':
          return yieldToLoop().then(() => onStatus(event));
        case 'stopped':
          return yieldToLoop().then(() => onStopped(event));
        case 'message':
          return yieldToLoop().then(() => onMessage(event));
        case 'games':
          // This process told its own sockets of its own steps already.
          if (event.origin === serverId) return Promise.resolve();
          for (const id of event.gameIds) {
            const run = runs.get(id);
            if (run) void enqueue(run, () => refresh(run));
          }
          return Promise.resolve();
        default:
          return Promise.resolve();
      }
    })();
    done.catch((error: unknown) => log.warn({ err: error, kind: event.kind }, 'could not push to learners'));
  };
  const unsubscribe = live.subscribe(onLiveEvent);

  // ---------------------------------------------------------------------------------------------
  // Presence: this process's share of who is connected, kept in the database so that any process can tell.

  const iso = (ms: number) => new Date(ms).toISOString();
  const beat = () => {
    const now = clock.now().getTime();
    return connections.beat(db, serverId, iso(now), iso(now - presenceLapseMs)).catch((error: unknown) => {
      log.warn({ err: error }, 'could not say this process holds sockets');
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
      (error: unknown) => log.warn({ err: error }, 'could not record a connection'),
    );
    writes.set(gameId, next);
    void next.then(() => {
      if (writes.get(gameId) === next) writes.delete(gameId);
    });
    return next;
  };
  // Sockets closed by the server's own shutdown are not news: the bus is closing with them.
  const presence = (resimId: string) =>
    closing
      ? Promise.resolve()
      : live.publish({ kind: 'presence', resimId }).catch((error: unknown) => log.warn({ err: error }, 'could not tell of a connection'));

  // ---------------------------------------------------------------------------------------------
  // Sockets

  const onData = (connection: Connection, data: Buffer) => {
    if (data.length > maxMessageBytes) {
      sendRefusal(connection, undefined, { code: 'bad_request', message: `Messages may be at most ${maxMessageBytes} bytes` });
      return;
    }
    let parsed;
    try {
      parsed = socketClientMessage.safeParse(JSON.parse(data.toString('utf8')));
    } catch {
      sendRefusal(connection, undefined, { code: 'bad_request', message: 'Messages must be JSON' });
      return;
    }
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`).join('; ');
      sendRefusal(connection, undefined, { code: 'bad_request', message: problems });
      return;
    }
    const message = parsed.data;
    // A closing process takes no new step: unanswered, the player sends it again wherever it reconnects.
    if (closing && message.type !== 'ping') return;
    if (message.type === 'ping') {
      sendText(connection, `{"type":"pong","version":${connection.version}}`);
      return;
    }
    if (message.type === 'sync') {
      void enqueue(connection.run, () => refresh(connection.run, connection));
      return;
    }
    if (connection.pending >= maxPending) {
      sendRefusal(connection, message.requestId, {
        code: 'busy',
        message: `Wait for the answers to your last ${maxPending} steps, then try again`,
      });
      return;
    }
    connection.pending += 1;
    const arrived = performance.now();
    void enqueue(connection.run, () => onEvent(connection, message.requestId, message.event, arrived)).finally(
      () => (connection.pending -= 1),
    );
  };

  const detach = (connection: Connection) => {
    const { run } = connection;
    connectionCount -= 1;
    const set = byResim.get(run.resimId);
    set?.delete(connection);
    if (set?.size === 0) {
      byResim.delete(run.resimId);
      forgetScenario(run.resimId);
    }
    run.connections.delete(connection);
    if (run.connections.size > 0) return;
    runs.delete(run.id);
    if (closing) return;
    void write(run.id, () => connections.dropConnection(db, run.id, serverId)).then(() => presence(run.resimId));
  };

  return {
    /** Whether this process holds as many learners' sockets as it may: then joins are turned away for a while. */
    full: (): boolean => connectionCount >= capacity,

    /** Learners' sockets open to this process. */
    socketCount: (): number => connectionCount,

    /** Serves a learner's socket for one of their runs (as just read), starting with its whole snapshot. */
    attach: (socket: WebSocket, game: GameRow) => {
      if (closing || connectionCount >= capacity) {
        socket.send(
          JSON.stringify({ type: 'error', code: 'unavailable', message: 'This server is taking no more learners for now; try again soon' }),
        );
        // 1013: try again later; the player goes on over HTTP meanwhile.
        socket.close(1013, 'at capacity');
        return;
      }
      let run = runs.get(game.id);
      const first = !run;
      if (!run) {
        run = {
          id: game.id,
          resimId: game.resim_id,
          instanceId: game.instance_id,
          game: null,
          state: null,
          lastStep: undefined,
          connections: new Set(),
          work: Promise.resolve(),
        };
        keep(run, game);
        runs.set(game.id, run);
      }
      const connection: Connection = { id: randomSecret(9), socket, run, sent: null, version: 0, pending: 0 };
      connectionCount += 1;
      run.connections.add(connection);
      const set = byResim.get(run.resimId) ?? new Set();
      set.add(connection);
      byResim.set(run.resimId, set);
      if (first)
        void write(game.id, () => connections.recordConnection(db, { gameId: game.id, serverId, since: iso(clock.now().getTime()) })).then(
          () => presence(game.resim_id),
        );
      socket.on('message', (data: Buffer) => onData(connection, data));
      socket.on('close', () => detach(connection));
      const opened = run;
      void enqueue(run, async () => {
        const read = await scenarioOf(opened.resimId);
        const kept = opened.game;
        if (!read || !kept) return;
        const scenario = await readingFor(opened.resimId, read, kept);
        if (!scenario) return;
        sendSnapshot(connection, await snapshotOfRun(scenario, opened, kept, clock.now().getTime()));
      });
    },

    /** The runs whose learners hold a socket now, to this process (as it knows them) or any other still beating. */
    connectedGameIds: async (): Promise<string[]> => {
      const elsewhere = await connections.findConnectedGameIds(db, iso(clock.now().getTime() - presenceLapseMs), serverId);
      return [...new Set([...runs.keys(), ...elsewhere])];
    },

    /** Closes the sockets once the steps they sent are stored, and takes this process and its connections out of the database. */
    close: async () => {
      closing = true;
      clearInterval(heart);
      unsubscribe();
      await Promise.all([...runs.values()].map((run) => run.work));
      await stepWriterOf(db).settled();
      for (const set of byResim.values()) for (const connection of set) connection.socket.close(1012, 'service restart');
      await Promise.all([alive, ...writes.values()]);
      await connections.forgetServer(db, serverId).catch((error: unknown) => {
        log.warn({ err: error }, 'could not forget this process’s sockets');
      });
    },
  };
};
export type SocketHub = ReturnType<typeof createSocketHub>;
