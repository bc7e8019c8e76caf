import type { GameScore, GameSnapshot } from '@resim/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { GameScreen } from './game-screen';
import { FakeSocket, renderPlayer, snapshotFixture, viewFixture } from './player-fixtures';

const score: GameScore = {
  gameId: 'game1',
  resimId: 'resim1',
  nickname: 'Ann',
  measures: { points: 30 },
  points: 30,
  durationMs: 125_000,
  actionsRun: 2,
  conclusionsConfirmed: ['conc2'],
  answers: { actionsMatched: 2, actionsExpected: 3, conclusionsMatched: 1, conclusionsExpected: 1, correct: true },
  feedback: {
    requiredActionsMissed: [{ id: 'act3', name: 'Blood count' }],
    unnecessaryActionsRun: [{ id: 'act1', name: 'Chest X-ray' }],
    harmfulActionsRun: [],
    conclusionsConfirmed: [{ id: 'conc2', name: 'Heart failure', correct: true }],
    correctConclusions: [{ id: 'conc2', name: 'Heart failure' }],
  },
  rank: 2,
  of: 9,
  ended: true,
  verdict: null,
};

/** `scores` are answered first, one per request, then `score`. */
const setup = (snapshot: GameSnapshot, scores: GameScore[] = []) => {
  const api = {
    learn: {
      game: vi.fn(async () => snapshot),
      event: vi.fn(async () => snapshot),
      score: vi.fn(async () => scores.shift() ?? score),
      pdf: vi.fn(async () => new Blob(['%PDF'])),
    },
  } as unknown as ApiClient;
  renderPlayer(<GameScreen run={{ gameId: 'game1', runToken: 'tok', snapshot }} />, { api });
  const socket = () => FakeSocket.all.at(-1)!;
  // The socket's address is made asynchronously (a signed-in learner's token is asked for).
  const opened = () => waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  return { api, socket, opened };
};

describe('game screen', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a presenter’s message at once, and keeps it in the messages list', async () => {
    const { socket, opened } = setup(snapshotFixture());
    await opened();
    act(() => socket().open());
    const message = { id: 'm1', title: 'Ten minutes left', message: 'Wrap up your diagnosis.', sent: '2025-05-01T10:20:00.000Z' };
    act(() => socket().receive({ type: 'message', message }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ten minutes left')).toBeTruthy();
    expect(within(dialog).getByText('Wrap up your diagnosis.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => socket().receive({ type: 'snapshot', snapshot: snapshotFixture({ serverTime: Date.now(), messages: [message] }) }));
    fireEvent.click(screen.getByRole('button', { name: 'Messages from the presenter (1)' }));
    expect(within(await screen.findByRole('dialog')).getByText('Wrap up your diagnosis.')).toBeTruthy();
  });

  it('leaves the lobby for the run when the presenter starts it', async () => {
    const { socket, opened } = setup(snapshotFixture({ phase: 'lobby', view: null, startedAt: null }));
    expect(await screen.findByText('The session has not started yet')).toBeTruthy();
    await opened();
    act(() => socket().open());
    act(() => socket().receive({ type: 'snapshot', snapshot: snapshotFixture({ serverTime: Date.now() }) }));
    expect(await screen.findByRole('heading', { name: 'Test Results' })).toBeTruthy();
  });

  it('sends events over the socket while it is open', async () => {
    const { socket, api, opened } = setup(snapshotFixture());
    await opened();
    act(() => socket().open());
    fireEvent.click(await screen.findByRole('checkbox', { name: /ECG/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Run tests (1)' }));
    expect(socket().sent).toContainEqual({ type: 'event', requestId: 'r1', event: { type: 'runAction', actionId: 'act2' } });
    expect(api.learn.event).not.toHaveBeenCalled();
  });

  it('ends with the score, the answer key, the feedback held back, and the next simulation', async () => {
    const view = viewFixture({
      ended: { at: Date.parse('2025-05-01T10:02:05.000Z'), reason: 'learner' },
      conclusions: [{ id: 'conc2', name: 'Heart failure', stage: 'stg1', availability: 'done', reason: null, feedback: 'Well spotted.' }],
    });
    setup(snapshotFixture({ view: view, nextResimCode: 'NEXT42' }));
    expect(await screen.findByRole('heading', { name: 'The simulation has ended' })).toBeTruthy();
    expect(await screen.findByText('2 of 9')).toBeTruthy();
    expect(screen.getByText('30')).toBeTruthy();
    expect(screen.getByText(/Tests from the answer key/).textContent).toBe('Tests from the answer key: 2 of 3');
    expect(screen.getByText('Correct')).toBeTruthy();
    expect(screen.getByText('Well spotted.')).toBeTruthy();
    const verdict = screen.getByRole('region', { name: 'How you did' });
    expect(within(verdict).getByRole('region', { name: 'Required tests missed' }).textContent).toContain('Blood count');
    expect(within(verdict).getByRole('region', { name: 'Unnecessary tests run' }).textContent).toContain('Chest X-ray');
    expect(within(verdict).queryByRole('region', { name: 'Harmful tests run' })).toBeNull();
    expect(within(verdict).getByRole('region', { name: 'Diagnoses' }).textContent).toContain('Heart failureRight');
    expect(screen.getByRole('link', { name: /Next simulation/ }).getAttribute('href')).toBe('/play/NEXT42');
  });

  it('lets the learner download their report once they may see how they did, and says why when it fails', async () => {
    const view = viewFixture({ ended: { at: Date.parse('2025-05-01T10:02:05.000Z'), reason: 'learner' } });
    const { api } = setup(snapshotFixture({ view }));
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download my report (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.learn.pdf).toHaveBeenCalledWith('game1', 'report', 'tok');
    expect(saved[0]).toMatch(/-report\.pdf$/);

    vi.mocked(api.learn.pdf).mockRejectedValueOnce(new Error('Your report is ready once the host ends the session'));
    fireEvent.click(screen.getByRole('button', { name: 'Download my report (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The report could not be made: Your report is ready once the host ends the session',
    );
  });

  it('says whether the run passed the pass mark and why, announced as a status', async () => {
    const view = viewFixture({ ended: { at: Date.parse('2025-05-01T10:02:05.000Z'), reason: 'learner' } });
    const reasons = ['30 points scored (40 needed)', 'Required test “Blood count” was not run'];
    setup(snapshotFixture({ view }), [{ ...score, verdict: { passed: false, reasons } }]);
    expect(await screen.findByRole('button', { name: 'Download my report (PDF)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download my certificate (PDF)' })).toBeNull();
    const status = (await screen.findByText('Not passed')).closest<HTMLElement>('[role="status"]')!;
    expect(status).toBeTruthy();
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(reasons);
  });

  it('says a run passed, and lets the learner download its certificate', async () => {
    const view = viewFixture({ ended: { at: Date.parse('2025-05-01T10:02:05.000Z'), reason: 'learner' } });
    const { api } = setup(snapshotFixture({ view }), [{ ...score, verdict: { passed: true, reasons: ['30 points scored (20 needed)'] } }]);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:certificate'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download my certificate (PDF)' }));
    await waitFor(() => expect(saved).toEqual([expect.stringMatching(/-certificate\.pdf$/)]));
    expect(api.learn.pdf).toHaveBeenCalledWith('game1', 'certificate', 'tok');
    expect(await screen.findByText('Passed')).toBeTruthy();
    expect(screen.getByText('30 points scored (20 needed)')).toBeTruthy();
    expect(screen.queryByText('Not passed')).toBeNull();
  });

  it('shows the answer key’s verdict of a live session once the presenter stops it', async () => {
    const view = viewFixture({ ended: { at: Date.parse('2025-05-01T10:02:05.000Z'), reason: 'learner' } });
    const ended = snapshotFixture({ view, mode: 1, hosted: true, phase: 'open' });
    const { api, socket, opened } = setup(ended, [{ ...score, feedback: null }]);
    expect(await screen.findByText('If you are done, just wait here!')).toBeTruthy();
    await waitFor(() => expect(api.learn.score).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('region', { name: 'How you did' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download my report (PDF)' })).toBeNull();
    await opened();
    act(() => socket().open());
    act(() => socket().receive({ type: 'snapshot', snapshot: { ...ended, phase: 'closed', serverTime: Date.now() } }));
    expect(await screen.findByRole('region', { name: 'How you did' })).toBeTruthy();
    expect(screen.queryByText('If you are done, just wait here!')).toBeNull();
  });

  it('tells the learner at once that the presenter ended the session, then shows the score when their run has ended', async () => {
    const running = snapshotFixture({ mode: 1, serverTime: Date.now() });
    const { api, socket, opened } = setup(running);
    await opened();
    act(() => socket().open());
    act(() => socket().receive({ type: 'snapshot', version: 1, snapshot: running }));
    expect(await screen.findByRole('heading', { name: 'Test Results' })).toBeTruthy();

    // The Stop comes first; the run's end and rank a moment later.
    act(() =>
      socket().receive({
        type: 'delta',
        version: 2,
        delta: { set: { phase: 'closed', resimStatus: 3, serverTime: running.serverTime + 1 } },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Your presenter has ended the session' })).toBeTruthy();
    // Said to screen readers as it appears.
    expect(screen.getByText('Your results are being counted. They will show here in a moment.').closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByText(/cannot be played now/)).toBeNull();
    expect(api.learn.score).not.toHaveBeenCalled();

    const ended = { at: Date.parse('2025-05-01T10:02:05.000Z'), reason: 'stopped' };
    act(() =>
      socket().receive({
        type: 'delta',
        version: 3,
        delta: { set: { score, serverTime: running.serverTime + 2 }, patch: { view: { set: { ended } } } },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'The simulation has ended' })).toBeTruthy();
    expect(await screen.findByText('2 of 9')).toBeTruthy();
    expect(screen.queryByText('Your presenter has ended the session')).toBeNull();
  });

  it('says a closed simulation cannot be played when no Stop is under way', async () => {
    setup(snapshotFixture({ phase: 'closed', resimStatus: 0 }));
    expect(await screen.findByText('This simulation is closed: it cannot be played now.')).toBeTruthy();
    expect(screen.queryByText('Your presenter has ended the session')).toBeNull();
  });

  it('leaves the rank out when the scenario hides it', async () => {
    const view = viewFixture({ ended: { at: 1, reason: 'stopped' } });
    setup(
      snapshotFixture({
        view: view,
        settings: { hideRank: true, hideTime: false, allowApp: true, allowBrowser: true },
      }),
    );
    expect(await screen.findByText('The presenter stopped the session.')).toBeTruthy();
    // The score card's points beside the measures' own.
    await waitFor(() => expect(screen.getAllByText('Points')).toHaveLength(2));
    expect(screen.queryByText('Rank')).toBeNull();
  });

  it('tells a learner who has ended while the session goes on to wait, in the scenario’s words', async () => {
    const view = viewFixture({
      ended: { at: Date.parse('2025-05-01T10:02:05.000Z'), reason: 'learner' },
      text: { ...viewFixture().text, simulationWaitText: 'Wait for the ward round' },
    });
    setup(snapshotFixture({ mode: 1, hosted: true, phase: 'open', view }));
    expect(await screen.findByRole('heading', { name: 'Wait for the ward round' })).toBeTruthy();
    // The session goes on: nowhere else to go yet.
    expect(screen.queryByRole('link', { name: 'Join another simulation' })).toBeNull();
  });

  it('tells an author whose Realtime preview has ended that it has ended, not to wait', async () => {
    const view = viewFixture({ ended: { at: Date.parse('2025-05-01T10:02:05.000Z'), reason: 'learner' } });
    setup(snapshotFixture({ mode: 1, hosted: false, phase: 'open', view }));
    expect(await screen.findByRole('heading', { name: 'The simulation has ended' })).toBeTruthy();
    expect(screen.queryByText('If you are done, just wait here!')).toBeNull();
  });

  it('marks a wrong diagnosis wrong wherever it is shown, its feedback in the verdict’s colour', async () => {
    const view = viewFixture({
      ended: { at: Date.parse('2025-05-01T10:02:05.000Z'), reason: 'learner' },
      conclusions: [
        { id: 'conc1', name: 'Pneumonia', stage: 'stg1', availability: 'done', reason: null, feedback: 'No: the chest is clear.' },
      ],
    });
    const wrong: GameScore = {
      ...score,
      conclusionsConfirmed: ['conc1'],
      answers: { ...score.answers, conclusionsMatched: 0, correct: false },
      feedback: { ...score.feedback!, conclusionsConfirmed: [{ id: 'conc1', name: 'Pneumonia', correct: false }] },
    };
    setup(snapshotFixture({ view }), [wrong, wrong]);
    const section = await screen.findByRole('region', { name: 'Diagnosis' });
    await waitFor(() => expect(within(section).getByText('Wrong')).toBeTruthy());
    expect(within(section).queryByText('Right')).toBeNull();
    const note = within(section).getByRole('alert');
    expect(note.textContent).toContain('No: the chest is clear.');
    expect(note.getAttribute('style')).toContain('red');
  });

  it('does not put an unread presenter message in front of the results after a Stop, and lists it there', async () => {
    const running = snapshotFixture({ mode: 1, hosted: true, serverTime: Date.now() });
    const { socket, opened } = setup(running);
    await opened();
    act(() => socket().open());
    act(() => socket().receive({ type: 'snapshot', version: 1, snapshot: running }));
    const message = { id: 'm1', title: 'Last call', message: 'Confirm your diagnosis now.', sent: '2025-05-01T10:20:00.000Z' };
    act(() => socket().receive({ type: 'message', message }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    const ended = { at: Date.parse('2025-05-01T10:02:05.000Z'), reason: 'stopped' };
    act(() =>
      socket().receive({
        type: 'snapshot',
        version: 2,
        snapshot: { ...running, phase: 'closed', resimStatus: 3, messages: [message], score, view: { ...running.view!, ended } },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'The simulation has ended' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const listed = screen.getByRole('region', { name: 'Messages from the presenter' });
    expect(within(listed).getByText('Confirm your diagnosis now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join another simulation' })).toBeTruthy();
    // A run that ended with no test run says so, rather than inviting to run one.
    expect(screen.getByText('You ran no tests.')).toBeTruthy();
    expect(screen.queryByText(/the results appear here/)).toBeNull();
  });

  it('tells a learner the presenter removed them, as soon as it happens', async () => {
    const { socket, opened } = setup(snapshotFixture({ phase: 'lobby', view: null, startedAt: null }));
    await opened();
    act(() => socket().open());
    act(() =>
      socket().receive({
        type: 'snapshot',
        snapshot: snapshotFixture({ phase: 'lobby', view: null, startedAt: null, endReason: 'removed', serverTime: Date.now() }),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'You were removed from this session' })).toBeTruthy();
  });
});
