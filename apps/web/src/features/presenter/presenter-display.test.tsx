import { MantineProvider } from '@mantine/core';
import type { PresenterView } from '@resim/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../api/api-context';
import type { ApiClient } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { theme } from '../../app/theme';
import { boardLearnerOf } from '../resim-editor/results/results-fixtures';
import { PresenterDisplay } from './presenter-display';

const learner = boardLearnerOf;

const viewOf = (changes: Partial<PresenterView>): PresenterView => ({
  resimId: 'r1',
  instanceId: 'i1',
  resimName: 'Anaemia clinic',
  players: 0,
  finished: 0,
  averagePoints: null,
  locked: false,
  learners: [],
  code: 'ABC234',
  joinUrl: 'https://resim.example.com/play/ABC234',
  mode: 1,
  resimStatus: 1,
  phase: 'lobby',
  hideRank: false,
  allowAnonymous: true,
  allowSignin: false,
  scheduleStart: null,
  scheduleEnd: null,
  canControl: false,
  currency: 'USD',
  messages: [],
  measures: [],
  layout: {
    viewId: null,
    name: 'Standard',
    panels: ['join', 'lobby', 'leaderboard', 'measures', 'messages'],
    hideNames: false,
    theme: 'dark',
  },
  ...changes,
});

const layoutOf = (changes: Partial<PresenterView['layout']>): PresenterView['layout'] => ({
  ...viewOf({}).layout,
  viewId: 'v1',
  name: 'Saved',
  ...changes,
});

const show = (view: PresenterView, control = vi.fn().mockResolvedValue({}), viewId: string | null = null) => {
  const presenter = vi.fn().mockResolvedValue(view);
  const api = { resims: { presenter, control } } as unknown as ApiClient;
  render(
    <MantineProvider theme={theme}>
      <ApiProvider client={api}>
        <QueryClientProvider client={createQueryClient()}>
          <PresenterDisplay resimId="r1" productName="Resim" viewId={viewId} />
        </QueryClientProvider>
      </ApiProvider>
    </MantineProvider>,
  );
  return presenter;
};

describe('presenter display', () => {
  it('shows where and with which code to join, and who is in the lobby', async () => {
    const presenter = show(viewOf({ players: 2, learners: [learner('Ann'), learner('Bo')] }));
    expect((await screen.findByLabelText('Join code')).textContent).toContain('ABC234');
    expect(screen.getByText('resim.example.com/play')).toBeTruthy();
    expect(screen.getByLabelText('Learners joined').textContent).toContain('2');
    const lobby = screen.getByLabelText('Learners in the lobby');
    expect(within(lobby).getByText('Ann')).toBeTruthy();
    expect(within(lobby).getByText('Bo')).toBeTruthy();
    expect(screen.getByText('Waiting to start')).toBeTruthy();
    expect(presenter).toHaveBeenCalledWith('r1', 'current', null, expect.anything());
  });

  it('shows the progress and who leads while running, and the latest message', async () => {
    show(
      viewOf({
        phase: 'open',
        resimStatus: 2,
        players: 3,
        finished: 1,
        learners: [learner('Bo', { rank: 1, points: 35 }), learner('Ann', { rank: 2, points: 10 }), learner('Cy')],
        messages: [{ id: 'm1', title: 'Five minutes left', message: 'Confirm your diagnosis', sent: '2025-05-01T10:10:00.000Z' }],
      }),
    );
    expect(await screen.findByText('1 of 3')).toBeTruthy();
    const rows = within(screen.getByLabelText('Ranking')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['1Bo35', '2Ann10']);
    expect(screen.getByRole('status').textContent).toContain('Five minutes left');
  });

  it('keeps the ranking off the screen when the scenario hides it', async () => {
    show(viewOf({ phase: 'closed', resimStatus: 3, hideRank: true, players: 1, finished: 1, learners: [learner('Ann', { rank: 1 })] }));
    expect(await screen.findByText('The session is closed.')).toBeTruthy();
    expect(screen.queryByLabelText('Ranking')).toBeNull();
  });

  it('shows a QR code of the join address, with the address beside it', async () => {
    show(viewOf({}));
    const qr = await screen.findByRole('img', { name: 'QR code to join at https://resim.example.com/play/ABC234' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByLabelText('Join address').textContent).toBe('https://resim.example.com/play/ABC234');
  });

  it('calls a self-paced scenario at status 2 Open, a live one Running (SPEC 4)', async () => {
    show(viewOf({ mode: 2, resimStatus: 2, phase: 'open' }));
    expect(await screen.findByText('Open')).toBeTruthy();
    expect(screen.queryByText('Running')).toBeNull();
  });

  it('puts the top three of a finished session on a podium where the join panel stood', async () => {
    show(
      viewOf({
        phase: 'closed',
        resimStatus: 3,
        players: 4,
        finished: 4,
        learners: [
          learner('Ann', { rank: 1, points: 30 }),
          learner('Bo', { rank: 2, points: 20 }),
          learner('Cy', { rank: 3, points: 10 }),
          learner('Di', { rank: 4, points: 5 }),
        ],
      }),
    );
    const podium = await screen.findByRole('list', { name: 'Podium' });
    // Second, first, third from the left, as on a real podium; the fourth is not on it.
    expect(
      within(podium)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Bo20 points2', 'Ann30 points1', 'Cy10 points3']);
    expect(screen.queryByText('The session is closed.')).toBeNull();
  });

  it('says one point on the podium in the singular', async () => {
    show(
      viewOf({
        phase: 'closed',
        resimStatus: 3,
        players: 2,
        finished: 2,
        learners: [learner('Ann', { rank: 1, points: 2 }), learner('Bo', { rank: 2, points: 1 })],
      }),
    );
    const podium = await screen.findByRole('list', { name: 'Podium' });
    expect(
      within(podium)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Bo1 point2', 'Ann2 points1']);
  });

  it('shows the room no way in while the lobby is locked', async () => {
    show(viewOf({ locked: true }));
    expect(await screen.findByText('The lobby is locked')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByText(/Scan to join/)).toBeNull();
    expect(screen.queryByLabelText('Join code')).toBeNull();
  });

  it('leaves a learner the host removed off the lobby', async () => {
    show(viewOf({ players: 1, learners: [learner('Ann'), learner('Bo', { endReason: 'removed', endedAt: 'x' })] }));
    const lobby = await screen.findByLabelText('Learners in the lobby');
    expect(within(lobby).queryByText('Bo')).toBeNull();
    expect(within(lobby).getByText('Ann')).toBeTruthy();
  });

  it('hides the host’s controls from the room on request, by button or the H key, and brings them back', async () => {
    window.localStorage.clear();
    show(viewOf({ canControl: true }));
    expect(await screen.findByRole('toolbar', { name: 'Session controls' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide from the room (H)' }));
    expect(screen.queryByRole('toolbar', { name: 'Session controls' })).toBeNull();
    fireEvent.keyDown(document.documentElement, { key: 'h' });
    expect(await screen.findByRole('toolbar', { name: 'Session controls' })).toBeTruthy();
    fireEvent.keyDown(document.documentElement, { key: 'h' });
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Session controls' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Show the session controls' }));
    expect(await screen.findByRole('toolbar', { name: 'Session controls' })).toBeTruthy();
  });

  it('gives the session controls only to someone who may run the session', async () => {
    show(viewOf({}));
    await screen.findByLabelText('Join code');
    expect(screen.queryByRole('toolbar', { name: 'Session controls' })).toBeNull();
  });

  it('opens the lobby from the display, warning first when learners without an account would be turned away', async () => {
    const control = vi.fn().mockResolvedValue({});
    show(viewOf({ canControl: true, phase: 'closed', resimStatus: 0, instanceId: '', allowAnonymous: false, allowSignin: true }), control);
    const controls = await screen.findByRole('toolbar', { name: 'Session controls' });
    expect(screen.getByText('Not open yet')).toBeTruthy();
    expect(screen.getByText('The session is not open yet.')).toBeTruthy();
    fireEvent.click(within(controls).getByRole('button', { name: 'Open Lobby' }));
    expect((await screen.findByRole('dialog', { name: 'Open Lobby?' })).textContent).toContain('Learners without an account');
    fireEvent.click(screen.getByRole('button', { name: 'Open Lobby anyway' }));
    await waitFor(() => expect(control).toHaveBeenCalledWith('r1', 1));
  });

  it('starts a waiting session and offers the lobby and a message', async () => {
    const control = vi.fn().mockResolvedValue({});
    show(viewOf({ canControl: true }), control);
    const controls = await screen.findByRole('toolbar', { name: 'Session controls' });
    expect(within(controls).getByRole('button', { name: 'Manage lobby' })).toBeTruthy();
    expect(within(controls).getByRole('button', { name: 'Message learners' })).toBeTruthy();
    fireEvent.click(within(controls).getByRole('button', { name: 'Start Simulation' }));
    await waitFor(() => expect(control).toHaveBeenCalledWith('r1', 2));
  });

  it('reads the session through the saved view it was opened with', async () => {
    const presenter = show(viewOf({ layout: layoutOf({}) }), undefined, 'v1');
    await screen.findByLabelText('Join code');
    expect(presenter).toHaveBeenCalledWith('r1', 'current', 'v1', expect.anything());
  });

  it('shows only the panels the view chose', async () => {
    show(
      viewOf({
        phase: 'open',
        resimStatus: 2,
        players: 2,
        learners: [learner('Learner 2', { rank: 1, points: 20 }), learner('Learner 1', { rank: 2, points: 5 })],
        messages: [{ id: 'm1', title: 'Five minutes left', message: 'Hurry', sent: '2025-05-01T10:10:00.000Z' }],
        layout: layoutOf({ panels: ['leaderboard'], hideNames: true, theme: 'light' }),
      }),
    );
    const rows = within(await screen.findByLabelText('Ranking')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['1Learner 220', '2Learner 15']);
    expect(screen.queryByLabelText('Join code')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Measures' })).toBeNull();
    expect(screen.getByRole('main').getAttribute('data-theme')).toBe('light');
  });

  it('charts each measure’s average when the view shows the measures', async () => {
    show(
      viewOf({
        phase: 'open',
        resimStatus: 2,
        currency: 'EUR',
        measures: [
          { id: 'points', name: 'Points', type: 7, timeUnit: 'seconds', average: 12.5, learners: 2 },
          { id: 'measure1', name: 'Cost', type: 1, timeUnit: 'seconds', average: 50, learners: 2 },
          { id: 'measure2', name: 'Waiting', type: 4, timeUnit: 'hours', average: 2.5, learners: 2 },
        ],
        layout: layoutOf({ panels: ['measures'] }),
      }),
    );
    const measures = await screen.findByRole('group', { name: 'Measures' });
    // Each average in its measure's terms: points with their fraction, money in the scenario's currency, time in its unit.
    expect(within(measures).getByText('12.5')).toBeTruthy();
    expect(within(measures).getByText(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(50))).toBeTruthy();
    expect(within(measures).getByText('2.5 hours')).toBeTruthy();
    expect(within(measures).getByRole('progressbar', { name: 'Cost on average' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.queryByLabelText('Ranking')).toBeNull();
  });
});
