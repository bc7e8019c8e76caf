import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { dashboardOf, instanceOf } from './results/results-fixtures';
import { SessionBar } from './session-bar';

describe('session bar', () => {
  it('counts the learners of the current opening from the dashboard’s counts, and offers to manage the lobby', async () => {
    const dashboard = vi.fn().mockResolvedValue(
      dashboardOf({
        currentInstanceId: 'i2',
        instances: [
          instanceOf('i2', '2025-05-02T09:00:00.000Z', { players: 3, playing: 1, finished: 1 }),
          instanceOf('i1', '2025-05-01T09:00:00.000Z', { players: 40, finished: 40 }),
        ],
      }),
    );
    renderWithProviders(<SessionBar resimId="r1" code="ABC234" status={1} />, {
      api: { resims: { dashboard } } as unknown as ApiClient,
    });
    expect(await screen.findByRole('button', { name: 'Manage lobby' })).toBeTruthy();
    expect((await screen.findByLabelText('Learners joined: 3')).textContent).toBe('3');
  });

  it('offers the presenter display and its views before a session, with nothing of a session yet', async () => {
    const dashboard = vi.fn();
    renderWithProviders(<SessionBar resimId="r1" code="ABC234" status={0} />, {
      api: { resims: { dashboard } } as unknown as ApiClient,
    });
    expect((await screen.findByRole('link', { name: 'Presenter display' })).getAttribute('href')).toBe('/presenter/r1');
    expect(screen.getByRole('button', { name: 'Presenter views' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage lobby' })).toBeNull();
    expect(dashboard).not.toHaveBeenCalled();
  });
});
