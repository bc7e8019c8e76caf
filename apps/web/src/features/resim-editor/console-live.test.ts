import type { ConsoleServerMessage } from '@resim/contracts';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../player/player-fixtures';
import { createConsoleLive, followsRuns } from './console-live';
import { queryKeys } from '../../api/query-keys';

const setup = (resimIds: readonly string[] = ['resim1']) => {
  FakeSocket.all = [];
  const pushes: ConsoleServerMessage[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const live = createConsoleLive({
    socketUrl: 'ws://console.test/admin/socket',
    openSocket: (url) => new FakeSocket(url),
    accessToken: vi.fn(async () => 'access-token'),
    resimIds,
    onPush: (message) => pushes.push(message),
    timer: { set: (callback, ms) => timers.push({ callback, ms }), clear: () => undefined },
    random: () => 1,
  });
  return { live, pushes, timers };
};

const opened = async () => {
  await vi.waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  return FakeSocket.all.at(-1)!;
};

describe('the console live channel', () => {
  it('authenticates first, then follows the scenario, and hands on what the server pushes', async () => {
    const { live, pushes } = setup();
    live.start();
    const socket = await opened();
    expect(socket.url).toBe('ws://console.test/admin/socket');
    socket.open();
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'access-token' },
      { type: 'subscribe', resimId: 'resim1' },
    ]);
    socket.receive({ type: 'status', resimId: 'resim1', status: 2 });
    socket.receive({ type: 'changed', resimId: 'resim1' });
    socket.receive({ type: 'changed', resimId: 'resim1', runs: 250, connections: true });
    socket.receive({ type: 'progress', resimId: 'resim1', task: 'stop', done: 250, total: 1000 });
    socket.receive({ type: 'nonsense' });
    expect(pushes).toEqual([
      { type: 'status', resimId: 'resim1', status: 2 },
      { type: 'changed', resimId: 'resim1' },
      { type: 'changed', resimId: 'resim1', runs: 250, connections: true },
      { type: 'progress', resimId: 'resim1', task: 'stop', done: 250, total: 1000 },
    ]);
    live.stop();
    expect(socket.closed).toBe(true);
  });

  it('opens the socket again with growing backoff after a drop, and not once stopped', async () => {
    const { live, timers } = setup();
    live.start();
    (await opened()).drop();
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    timers[0]!.callback();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    FakeSocket.all[1]!.drop();
    expect(timers.map((timer) => timer.ms)).toEqual([1000, 2000]);
    live.stop();
    timers[1]!.callback();
    await Promise.resolve();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('follows several scenarios, subscribing those added and leaving those gone, and all of them again after a drop', async () => {
    const { live, timers } = setup(['a', 'b']);
    live.start();
    const socket = await opened();
    // Before the socket opens there is nobody to tell: the connection subscribes what is followed then.
    live.follow(['a', 'b', 'c']);
    socket.open();
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', resimId: 'a' },
      { type: 'subscribe', resimId: 'b' },
      { type: 'subscribe', resimId: 'c' },
    ]);
    live.follow(['b', 'c', 'd']);
    expect(socket.sent.slice(4)).toEqual([
      { type: 'unsubscribe', resimId: 'a' },
      { type: 'subscribe', resimId: 'd' },
    ]);
    socket.drop();
    timers[0]!.callback();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    const again = FakeSocket.all[1]!;
    again.open();
    expect(again.sent.slice(1).map((message) => (message as { resimId: string }).resimId)).toEqual(['b', 'c', 'd']);
    live.stop();
  });
});

describe('what a push about runs reads again', () => {
  it("reads the scenario's dashboard, scoreboards, runs and learners' flow again, and nothing of another scenario", () => {
    expect(followsRuns(queryKeys.dashboard('r1'), 'r1')).toBe(true);
    expect(followsRuns(queryKeys.scoreboard('r1', 'i1'), 'r1')).toBe(true);
    expect(followsRuns(queryKeys.flow('r1', null), 'r1')).toBe(true);
    expect(followsRuns(queryKeys.flow('r1', 'i1'), 'r1')).toBe(true);
    expect(followsRuns(queryKeys.flow('r2', 'i1'), 'r1')).toBe(false);
    expect(followsRuns(queryKeys.audit('r1'), 'r1')).toBe(false);
  });
});
