import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { ManageLobbyModal } from './manage-lobby';
import { boardLearnerOf, dashboardOf, extraTimeBadges, instanceOf, scoreboardOf } from './results/results-fixtures';

const show = (learners = [boardLearnerOf('Ann'), boardLearnerOf('Bob'), boardLearnerOf('Cy', { endReason: 'removed', endedAt: 'x' })]) => {
  const board = scoreboardOf('i1', learners);
  const api = {
    resims: {
      dashboard: vi
        .fn()
        .mockResolvedValue(dashboardOf({ currentInstanceId: 'i1', instances: [instanceOf('i1', '2025-05-01T09:00:00.000Z')] })),
      scoreboard: vi.fn().mockResolvedValue(board),
      removeLearner: vi.fn().mockResolvedValue({ gameId: 'g-Bob', nickname: 'Bob' }),
      lock: vi.fn().mockResolvedValue({ resimId: 'r1', instanceId: 'i1', locked: true }),
    },
  } as unknown as ApiClient;
  renderWithProviders(<ManageLobbyModal resimId="r1" onClose={vi.fn()} />, { api });
  return api.resims;
};

describe('manage lobby', () => {
  it('lists who is in the current opening, the removed apart', async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Learners in the lobby' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['Ann', 'Bob']);
    expect(screen.getByText('Removed: Cy')).toBeTruthy();
  });

  it('removes a learner once the host confirms', async () => {
    const resims = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bob' }));
    expect(resims.removeLearner).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob now' }));
    await waitFor(() => expect(resims.removeLearner).toHaveBeenCalledWith('r1', 'i1', 'g-Bob'));
  });

  it('locks the lobby', async () => {
    const resims = show();
    fireEvent.click(await screen.findByRole('switch', { name: /Lock the lobby/ }));
    await waitFor(() => expect(resims.lock).toHaveBeenCalledWith('r1', 'i1', true));
  });

  it('shows each learner’s extra time beside their name, and how many have some', async () => {
    show([
      boardLearnerOf('Ann', { accommodation: '+50 % time' }),
      boardLearnerOf('Bob'),
      boardLearnerOf('Cy', { accommodation: 'untimed' }),
      boardLearnerOf('Dee', { accommodation: '+25 min', endReason: 'removed', endedAt: 'x' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Learners in the lobby' });
    expect(extraTimeBadges(table)).toEqual(['Extra time: +50 % time', 'Extra time: untimed']);
    expect(screen.getByText('2 learners with extra time')).toBeTruthy();
  });

  it('says nothing of extra time when nobody has any', async () => {
    show();
    await screen.findByRole('table', { name: 'Learners in the lobby' });
    expect(screen.queryByText(/with extra time/)).toBeNull();
  });
});
