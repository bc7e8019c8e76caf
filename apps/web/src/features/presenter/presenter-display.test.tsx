import { MantineProvider } from '@mantine/core';
import type { PresenterView } from '@resim/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
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
  canControl: false,
  messages: [],
  ...changes,
});

const show = (view: PresenterView) => {
  const presenter = vi.fn().mockResolvedValue(view);
  const api = { resims: { presenter } } as unknown as ApiClient;
  render(
    <MantineProvider theme={theme}>
      <ApiProvider client={api}>
        <QueryClientProvider client={createQueryClient()}>
          <PresenterDisplay resimId="r1" productName="Resim" />
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
    expect(presenter).toHaveBeenCalledWith('r1', 'current', expect.anything());
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
});
