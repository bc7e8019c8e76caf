import type { GameSnapshot, JoinResult } from '@resim/contracts';
import { defaultTextSet } from '@resim/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { ApiClient } from '../../api/client';
import { JoinPage } from './join-page';
import { FakeSocket, joinInfoFixture, renderPlayer, sessionFixture, snapshotFixture, viewFixture } from './player-fixtures';
import type { PlayerSession } from './player-session';
import { formatDateTime } from '../../ui/format';
import { runStorage } from './run-storage';

const refusal = (status: number, message: string) =>
  new ApiError(message, { method: 'POST', path: '/learn/join/ABC123', status, code: 'refused' });

const setup = (
  options: {
    info?: Parameters<typeof joinInfoFixture>[0];
    join?: () => Promise<JoinResult>;
    game?: () => Promise<GameSnapshot>;
    session?: Partial<PlayerSession>;
    path?: string;
  } = {},
) => {
  const lobby = snapshotFixture({ phase: 'lobby', view: null, startedAt: null });
  const join = vi.fn(options.join ?? (async () => ({ gameId: 'game1', runToken: 'run-token', snapshot: lobby })));
  const game = vi.fn(options.game ?? (async () => lobby));
  const api = {
    learn: {
      joinInfo: vi.fn(async () => joinInfoFixture(options.info)),
      join,
      game,
      event: vi.fn(),
      score: vi.fn(async () => Promise.reject(new Error('no score'))),
    },
  } as unknown as ApiClient;
  const session = sessionFixture(options.session);
  renderPlayer(<JoinPage />, { api, session, route: '/play/:code', path: options.path ?? '/play/ABC123' });
  return { join, game, session };
};

describe('join page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lets a signed-in author join a scenario in Test Mode with their account, whatever its access settings', async () => {
    const { join } = setup({
      info: { resimStatus: 4, phase: 'open', allowAnonymous: false, allowSignin: false },
      session: { signedIn: true },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await waitFor(() => expect(join).toHaveBeenCalledWith('ABC123', {}, true));
    expect(screen.queryByText('This simulation is closed')).toBeNull();
  });

  it('says a locked lobby is locked before asking for a nickname, and lets the learner in once it opens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const infos = [joinInfoFixture({ phase: 'lobby', locked: true }), joinInfoFixture({ phase: 'lobby', locked: false })];
      const api = {
        learn: { joinInfo: vi.fn(async () => infos.shift() ?? joinInfoFixture({ phase: 'lobby' })), join: vi.fn(), game: vi.fn() },
      } as unknown as ApiClient;
      renderPlayer(<JoinPage />, { api, session: sessionFixture(), route: '/play/:code', path: '/play/ABC123' });
      expect(await screen.findByText('The lobby is locked')).toBeTruthy();
      expect(screen.queryByLabelText(/Nickname/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
      expect(screen.queryByText(/join now/)).toBeNull();
      await vi.advanceTimersByTimeAsync(5000);
      expect(await screen.findByLabelText(/Nickname/)).toBeTruthy();
      expect(screen.queryByText('The lobby is locked')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks an anonymous learner for a nickname before joining', async () => {
    const { join } = setup();
    expect(await screen.findByRole('heading', { name: 'Breathless in the night' })).toBeTruthy();
    expect(screen.getByText('A patient arrives short of breath.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Give a nickname')).toBeTruthy();
    expect(join).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Nickname/), { target: { value: '  Ann ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(join).toHaveBeenCalledWith('ABC123', { nickname: 'Ann' }, false));
  });

  it('shows the server’s refusal as it was written', async () => {
    setup({ join: async () => Promise.reject(refusal(403, 'Your account is not allowed to join this scenario')) });
    fireEvent.change(await screen.findByLabelText(/Nickname/), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your account is not allowed to join this scenario');
  });

  it('keeps the run for the code, then waits in the lobby until the session starts', async () => {
    setup();
    fireEvent.change(await screen.findByLabelText(/Nickname/), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('The session has not started yet')).toBeTruthy();
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(runStorage.load('ABC123')).toEqual({ gameId: 'game1', runToken: 'run-token', nickname: 'Ann' });
    expect(FakeSocket.all[0]?.url).toContain('/learn/socket?game=game1&token=run-token');
  });

  it('says in the lobby that the session has not started, not the wait text meant for those who are done', async () => {
    setup({
      join: async () => ({
        gameId: 'game1',
        runToken: 'tok',
        snapshot: snapshotFixture({ phase: 'lobby', view: null, text: { ...defaultTextSet, simulationWaitText: 'Coffee first' } }),
      }),
    });
    fireEvent.change(await screen.findByLabelText(/Nickname/), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('The session has not started yet')).toBeTruthy();
    expect(screen.queryByText('Coffee first')).toBeNull();
  });

  it('shows why joining was refused when the nickname is taken or the lobby is locked', async () => {
    setup({ join: async () => Promise.reject(refusal(409, 'The nickname Ann is taken in this session; choose another')) });
    fireEvent.change(await screen.findByLabelText(/Nickname/), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The nickname Ann is taken in this session; choose another');
  });

  it('rejoins as the learner this browser joined as, with the run token, the nickname and the code in capitals', async () => {
    runStorage.save('ABC123', { gameId: 'game7', runToken: 'tok7', nickname: 'Ann' });
    const { game, join } = setup({
      path: '/play/abc123',
      join: async () => ({ gameId: 'game7', runToken: 'tok7', snapshot: snapshotFixture({ gameId: 'game7' }) }),
    });
    expect(await screen.findByRole('button', { name: 'Run tests' })).toBeTruthy();
    expect(join).toHaveBeenCalledWith('ABC123', { nickname: 'Ann' }, false, 'tok7');
    expect(game).not.toHaveBeenCalled();
  });

  it('shows the stored run as it ended when the scenario cannot be joined any more', async () => {
    runStorage.save('ABC123', { gameId: 'game7', runToken: 'tok7', nickname: 'Ann' });
    const ended = viewFixture({ ended: { at: Date.parse('2025-05-01T10:05:00.000Z'), reason: 'stopped' } });
    const { game } = setup({
      join: async () => Promise.reject(refusal(409, 'Breathless in the night has finished')),
      game: async () => snapshotFixture({ gameId: 'game7', phase: 'closed', view: ended, score: null }),
    });
    expect(await screen.findByText('The presenter stopped the session.')).toBeTruthy();
    expect(game).toHaveBeenCalledWith('game7', 'tok7');
  });

  it('forgets a stored run it cannot rejoin, and offers to join', async () => {
    runStorage.save('ABC123', { gameId: 'gone', runToken: 'tok', nickname: 'Ann' });
    setup({ join: async () => Promise.reject(refusal(403, 'Sign in to join Breathless in the night')) });
    expect(await screen.findByLabelText(/Nickname/)).toBeTruthy();
    expect(runStorage.load('ABC123')).toBeNull();
  });

  it('sends a learner to sign in and back to this code to join', async () => {
    const signIn = vi.fn(async () => undefined);
    setup({ info: { allowAnonymous: false, allowSignin: true }, session: { signIn } });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to join' }));
    expect(signIn).toHaveBeenCalledWith('/play/ABC123?join=1');
    expect(screen.queryByLabelText(/Nickname/)).toBeNull();
  });

  it('joins a signed-in learner at once on coming back from sign-in', async () => {
    const { join } = setup({
      info: { allowAnonymous: false, allowSignin: true },
      session: { signedIn: true },
      path: '/play/ABC123?join=1',
    });
    await waitFor(() => expect(join).toHaveBeenCalledWith('ABC123', {}, true));
    expect(await screen.findByText('The session has not started yet')).toBeTruthy();
  });

  it('says when the scenario is meant for the app, and offers no way in', async () => {
    setup({ info: { settings: { hideRank: false, hideTime: false, allowApp: true, allowBrowser: false } } });
    expect(await screen.findByText('This simulation is meant for the app')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('says when the schedule opens the scenario, and offers no way in before then', async () => {
    const opens = '2030-05-01T09:00:00.000Z';
    setup({ info: { schedule: { opens, closes: null, phase: 'before' } } });
    expect(await screen.findByText('This simulation is not open yet')).toBeTruthy();
    expect(screen.getByText(`It opens on ${formatDateTime(opens)}. Come back then to join.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('says when no scenario has the code', async () => {
    const api = {
      learn: {
        joinInfo: vi.fn(async () =>
          Promise.reject(new ApiError('Unknown join code', { method: 'GET', path: '/learn/join/NOPE', status: 404, code: 'not_found' })),
        ),
      },
    } as unknown as ApiClient;
    renderPlayer(<JoinPage />, { api, route: '/play/:code', path: '/play/NOPE' });
    expect(await screen.findByRole('heading', { name: 'No simulation has the code NOPE' })).toBeTruthy();
    expect(screen.getByText('Unknown join code')).toBeTruthy();
  });
});
