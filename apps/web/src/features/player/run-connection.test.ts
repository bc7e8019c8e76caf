import type { GameSnapshot, SessionMessage } from '@resim/contracts';
import type { LearnerEvent } from '@resim/domain';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket, snapshotFixture } from './player-fixtures';
import { createRunConnection, isNewer, RunRefusal, type ConnectionStatus, type Timer } from './run-connection';

/** Timers that run only when the test moves the clock. */
const fakeTimer = () => {
  let now = 0;
  let nextId = 1;
  const tasks = new Map<number, { at: number; run: () => void }>();
  const timer: Timer = {
    set: (run, ms) => {
      const id = nextId++;
      tasks.set(id, { at: now + ms, run });
      return id;
    },
    clear: (handle) => void tasks.delete(handle as number),
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...tasks.entries()].filter(([, task]) => task.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      tasks.delete(due[0]);
      now = due[1].at;
      due[1].run();
      await settle();
    }
    now = end;
    await settle();
  };
  return { timer, advance, settle };
};

const message = (id: string, title: string): SessionMessage => ({ id, title, message: `${title}!`, sent: '2025-05-01T10:05:00.000Z' });

const setup = (initial: GameSnapshot = snapshotFixture()) => {
  FakeSocket.all = [];
  const clock = fakeTimer();
  let server = initial;
  const fetchSnapshot = vi.fn(async () => server);
  const postEvent = vi.fn(async (_event: LearnerEvent) => {
    server = { ...server, eventCount: server.eventCount + 1 };
    return server;
  });
  const snapshots: GameSnapshot[] = [];
  const messages: SessionMessage[] = [];
  const statuses: ConnectionStatus[] = [];
  const connection = createRunConnection(initial, {
    socketUrl: async () => 'ws://test/learn/socket?game=game1&token=t',
    openSocket: (url) => new FakeSocket(url),
    fetchSnapshot,
    postEvent,
    onSnapshot: (snapshot) => snapshots.push(snapshot),
    onMessage: (received) => messages.push(received),
    onStatus: (status) => statuses.push(status),
    timer: clock.timer,
    random: () => 0.5,
  });
  const socket = (index = -1) => FakeSocket.all.at(index)!;
  const setServer = (next: GameSnapshot) => (server = next);
  return { connection, clock, fetchSnapshot, postEvent, snapshots, messages, statuses, socket, setServer, server: () => server };
};

describe('run connection', () => {
  it('goes live when the socket opens, fetches the run once, and sends events over the socket', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    expect(t.socket().url).toBe('ws://test/learn/socket?game=game1&token=t');
    t.socket().open();
    await t.clock.settle();
    expect(t.statuses).toEqual(['live']);
    expect(t.fetchSnapshot).toHaveBeenCalledTimes(1);

    const sent = t.connection.send({ type: 'runAction', actionId: 'act1' });
    expect(t.socket().sent).toContainEqual({ type: 'event', requestId: 'r1', event: { type: 'runAction', actionId: 'act1' } });
    const after = snapshotFixture({ eventCount: 1, serverTime: t.server().serverTime + 1000 });
    t.socket().receive({ type: 'result', requestId: 'r1', ok: true, snapshot: after });
    await expect(sent).resolves.toEqual(after);
    expect(t.snapshots.at(-1)).toEqual(after);
    expect(t.postEvent).not.toHaveBeenCalled();
  });

  it('rejects an event the engine refused with its message', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    t.socket().open();
    const sent = t.connection.send({ type: 'takeHint' });
    t.socket().receive({ type: 'result', requestId: 'r1', ok: false, error: { code: 'no_hint', message: 'There is no hint now' } });
    await expect(sent).rejects.toEqual(new RunRefusal('no_hint', 'There is no hint now'));
  });

  it('falls back to HTTP and polling every 5 s while the socket is down, then reconnects with backoff', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    t.socket().open();
    await t.clock.settle();
    t.socket().drop();
    await t.clock.settle();
    expect(t.statuses).toEqual(['live', 'polling']);
    // one fetch on opening, one at once on the drop
    expect(t.fetchSnapshot).toHaveBeenCalledTimes(2);

    await expect(t.connection.send({ type: 'runAction', actionId: 'act2' })).resolves.toMatchObject({ eventCount: 1 });
    expect(t.postEvent).toHaveBeenCalledWith({ type: 'runAction', actionId: 'act2' });

    // the first reconnection waits half of the first backoff bound (random 0.5 of 1000 ms)
    await t.clock.advance(499);
    expect(FakeSocket.all).toHaveLength(1);
    await t.clock.advance(1);
    expect(FakeSocket.all).toHaveLength(2);
    t.socket().drop();
    await t.clock.settle();
    await t.clock.advance(5000);
    // the poll 5 s after the drop; the second reconnection waited 1000 ms (0.5 of 2000)
    expect(t.fetchSnapshot).toHaveBeenCalledTimes(3);
    expect(FakeSocket.all).toHaveLength(3);

    t.socket().open();
    await t.clock.settle();
    expect(t.statuses).toEqual(['live', 'polling', 'live']);
    const fetchedOnReconnect = t.fetchSnapshot.mock.calls.length;
    await t.clock.advance(20_000);
    // no polling while live
    expect(t.fetchSnapshot).toHaveBeenCalledTimes(fetchedOnReconnect);
  });

  it('reconnects sooner than after a failure when the server closes the socket as it restarts (1012)', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    t.socket().drop();
    await t.clock.advance(500);
    expect(FakeSocket.all).toHaveLength(2);
    t.socket().open();
    await t.clock.settle();
    t.socket().drop(1012);
    await t.clock.settle();
    // random 0.5 of the 500 ms spread, not the backoff's 1,000 ms after a failure
    await t.clock.advance(249);
    expect(FakeSocket.all).toHaveLength(2);
    await t.clock.advance(1);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('polls when the socket never opens', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    await t.clock.advance(10_000);
    expect(t.statuses).toEqual(['polling']);
    expect(t.socket(0).closed).toBe(true);
    expect(t.fetchSnapshot).toHaveBeenCalled();
  });

  it('treats a socket that stops answering pings as dropped', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    t.socket().open();
    await t.clock.advance(25_000);
    expect(t.socket().sent).toContainEqual({ type: 'ping' });
    t.socket().receive({ type: 'pong' });
    await t.clock.advance(25_000);
    expect(t.statuses).toEqual(['live']);
    await t.clock.advance(10_000);
    expect(t.statuses).toEqual(['live', 'polling']);
    expect(t.socket(0).closed).toBe(true);
  });

  it('after a drop, does not send again an event that reached the server, and resends one that did not', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    t.socket().open();
    await t.clock.settle();

    const arrived = t.connection.send({ type: 'runAction', actionId: 'act1' });
    t.setServer(snapshotFixture({ eventCount: 1, serverTime: t.server().serverTime + 1 }));
    t.socket().drop();
    await expect(arrived).resolves.toMatchObject({ eventCount: 1 });
    expect(t.postEvent).not.toHaveBeenCalled();

    await t.clock.advance(500);
    t.socket().open();
    await t.clock.settle();
    const lost = t.connection.send({ type: 'runAction', actionId: 'act2' });
    t.socket().drop();
    await expect(lost).resolves.toMatchObject({ eventCount: 2 });
    expect(t.postEvent).toHaveBeenCalledWith({ type: 'runAction', actionId: 'act2' });
  });

  it('ignores a snapshot older than the one shown, and announces each presenter message once', async () => {
    const t = setup(snapshotFixture({ eventCount: 3, messages: [message('m0', 'Earlier')] }));
    t.connection.start();
    await t.clock.settle();
    t.socket().open();
    await t.clock.settle();
    t.socket().receive({ type: 'snapshot', snapshot: snapshotFixture({ eventCount: 2 }) });
    expect(t.connection.snapshot().eventCount).toBe(3);

    t.socket().receive({ type: 'message', message: message('m1', 'Start now') });
    t.socket().receive({
      type: 'snapshot',
      snapshot: snapshotFixture({
        eventCount: 3,
        serverTime: Date.now(),
        messages: [message('m0', 'Earlier'), message('m1', 'Start now')],
      }),
    });
    expect(t.messages.map((received) => received.title)).toEqual(['Start now']);
  });

  it('applies each version of the run as a delta on the version before', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    t.socket().open();
    await t.clock.settle();
    const first = snapshotFixture({ eventCount: 0, serverTime: t.server().serverTime + 1 });
    t.socket().receive({ type: 'snapshot', version: 1, snapshot: first });
    const sent = t.connection.send({ type: 'runAction', actionId: 'act1' });
    t.socket().receive({ type: 'result', requestId: 'r1', ok: true, version: 2, delta: { set: { eventCount: 1 } } });
    await expect(sent).resolves.toEqual({ ...first, eventCount: 1 });
    // The presenter's Start, say: the session's phase changes, nothing else.
    t.socket().receive({ type: 'delta', version: 3, delta: { set: { phase: 'closed' } } });
    expect(t.connection.snapshot()).toEqual({ ...first, eventCount: 1, phase: 'closed' });
    expect(t.socket().sent).not.toContainEqual({ type: 'sync' });
  });

  it('asks for the whole snapshot after a version that does not follow, and settles the step with it', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    t.socket().open();
    await t.clock.settle();
    t.socket().receive({
      type: 'snapshot',
      version: 1,
      snapshot: snapshotFixture({ eventCount: 0, serverTime: t.server().serverTime + 1 }),
    });
    const sent = t.connection.send({ type: 'runAction', actionId: 'act1' });
    // Version 2 was lost on the way.
    t.socket().receive({ type: 'result', requestId: 'r1', ok: true, version: 3, delta: { set: { eventCount: 2 } } });
    expect(t.socket().sent).toContainEqual({ type: 'sync' });
    t.socket().receive({ type: 'delta', version: 4, delta: { set: { eventCount: 3 } } });
    expect(t.connection.snapshot().eventCount).toBe(0);
    const whole = snapshotFixture({ eventCount: 3, serverTime: t.server().serverTime + 2 });
    t.socket().receive({ type: 'snapshot', version: 5, snapshot: whole });
    await expect(sent).resolves.toEqual(whole);
    t.socket().receive({ type: 'delta', version: 6, delta: { set: { eventCount: 4 } } });
    expect(t.connection.snapshot()).toEqual({ ...whole, eventCount: 4 });
    expect(t.socket().sent.filter((message) => (message as { type?: string }).type === 'sync')).toHaveLength(1);
  });

  it('asks for the whole snapshot when a delta does not fit, or a pong names a version it never had', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    t.socket().open();
    await t.clock.settle();
    t.socket().receive({ type: 'snapshot', version: 1, snapshot: snapshotFixture({ view: null }) });
    t.socket().receive({ type: 'delta', version: 2, delta: { patch: { view: { set: { ended: null } } } } });
    expect(t.socket().sent).toContainEqual({ type: 'sync' });
    t.socket().receive({ type: 'snapshot', version: 3, snapshot: snapshotFixture({ view: null }) });

    await t.clock.advance(25_000);
    t.socket().receive({ type: 'pong', version: 3 });
    expect(t.socket().sent.filter((message) => (message as { type?: string }).type === 'sync')).toHaveLength(1);
    await t.clock.advance(25_000);
    t.socket().receive({ type: 'pong', version: 4 });
    expect(t.socket().sent.filter((message) => (message as { type?: string }).type === 'sync')).toHaveLength(2);
  });

  it('shows a change of phase from the socket even after a later fetch over HTTP', async () => {
    const t = setup(snapshotFixture({ eventCount: 1, serverTime: 1000, phase: 'open' }));
    t.connection.start();
    await t.clock.settle();
    t.socket().open();
    await t.clock.settle();
    t.socket().receive({ type: 'snapshot', version: 1, snapshot: snapshotFixture({ eventCount: 1, serverTime: 1000, phase: 'open' }) });
    t.setServer(snapshotFixture({ eventCount: 1, serverTime: 2000, phase: 'open' }));
    await t.connection.refresh();
    t.socket().receive({ type: 'delta', version: 2, delta: { set: { phase: 'closed', resimStatus: 3 } } });
    expect(t.connection.snapshot()).toMatchObject({ phase: 'closed', resimStatus: 3 });
  });

  it('stops: closes the socket and leaves the timers', async () => {
    const t = setup();
    t.connection.start();
    await t.clock.settle();
    t.socket().open();
    t.connection.stop();
    expect(t.socket().closed).toBe(true);
    await t.clock.advance(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(t.statuses.at(-1)).toBe('stopped');
  });
});

describe('isNewer', () => {
  it('prefers more events, then the later time', () => {
    const base = snapshotFixture({ eventCount: 2, serverTime: 100 });
    expect(isNewer(base, snapshotFixture({ eventCount: 3, serverTime: 50 }))).toBe(true);
    expect(isNewer(base, snapshotFixture({ eventCount: 2, serverTime: 150 }))).toBe(true);
    expect(isNewer(base, snapshotFixture({ eventCount: 2, serverTime: 50 }))).toBe(false);
    expect(isNewer(base, snapshotFixture({ eventCount: 1, serverTime: 500 }))).toBe(false);
  });
});
