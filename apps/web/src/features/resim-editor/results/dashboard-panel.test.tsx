import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import { scenarioFixture } from '../../../test/scenario-fixtures';
import { DashboardPanel } from './dashboard-panel';
import { dashboardOf, instanceOf, panelPropsOf } from './results-fixtures';

const show = (dashboard: ReturnType<typeof dashboardOf>) => {
  const api = { resims: { dashboard: vi.fn().mockResolvedValue(dashboard) } } as unknown as ApiClient;
  renderWithProviders(<DashboardPanel {...panelPropsOf(scenarioFixture({ mode: 1 }))} />, { api, path: '/resim/r1?tab=dashboard' });
  return api;
};

describe('dashboard', () => {
  it('shows one card per opening, with its figures and a way to its scoreboard', async () => {
    show(
      dashboardOf({
        currentInstanceId: 'i2',
        testRuns: 3,
        instances: [
          instanceOf('i2', '2025-05-02T09:00:00.000Z', {
            players: 4,
            playing: 1,
            finished: 3,
            averagePoints: 27.5,
            revision: 12,
            mostPoints: { value: 35, kind: 'exact' },
          }),
          instanceOf('i1', '2025-05-01T09:00:00.000Z', {
            players: 2,
            finished: 2,
            averagePoints: 10,
            revision: 9,
            mostPoints: { value: 40, kind: 'atMost' },
          }),
        ],
      }),
    );
    const cards = await screen.findAllByRole('region', { name: /^Opening of/ });
    expect(cards).toHaveLength(2);
    const latest = within(cards[0]!);
    expect(latest.getByText('Current')).toBeTruthy();
    expect(latest.getByLabelText('Joined').textContent).toContain('4');
    expect(latest.getByLabelText('Playing').textContent).toContain('1');
    expect(latest.getByLabelText('Finished').textContent).toContain('3');
    expect(latest.getByLabelText('Average points').textContent).toContain('27.5');
    expect(latest.getByText('3 of 4 finished')).toBeTruthy();
    expect(latest.getByRole('link', { name: 'Scoreboard' }).getAttribute('href')).toContain('?tab=scoreboard&instance=i2');
    expect(latest.getByLabelText('Ran revision 12').textContent).toBe('Revision 12');
    expect(latest.getByLabelText('Most points reachable').textContent).toContain('35');
    expect(latest.getByRole('link', { name: 'What changed since revision 12' }).getAttribute('href')).toContain('?tab=history&from=12');
    expect(within(cards[1]!).queryByText('Current')).toBeNull();
    expect(within(cards[1]!).getByLabelText('Most points reachable').textContent).toContain('at most 40');
    expect(screen.getByLabelText('Join code ABC234')).toBeTruthy();
    expect(screen.getByLabelText('Status of the session').textContent).toBe('Running');
    expect(screen.getByLabelText('Test Mode runs').textContent).toContain('3 runs in Test Mode');
  });

  it('leaves out an earlier opening nobody joined, saying so, but keeps the current one however empty', async () => {
    show(
      dashboardOf({
        currentInstanceId: 'i3',
        instances: [
          instanceOf('i3', '2025-05-03T09:00:00.000Z'),
          instanceOf('i2', '2025-05-02T09:00:00.000Z'),
          instanceOf('i1', '2025-05-01T09:00:00.000Z', { players: 2, finished: 2 }),
        ],
      }),
    );
    const cards = await screen.findAllByRole('region', { name: /^Opening of/ });
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Current')).toBeTruthy();
    expect(screen.getByText('1 earlier opening nobody joined is not shown.')).toBeTruthy();
    // Openings made before openings recorded their revision name none.
    expect(screen.queryByText(/^Revision/)).toBeNull();
    expect(screen.queryByRole('link', { name: /What changed since/ })).toBeNull();
    expect(screen.queryByLabelText('Most points reachable')).toBeNull();
    expect(screen.queryByLabelText('Test Mode runs')).toBeNull();
  });

  it('says how to let learners in when the scenario was never opened', async () => {
    show(dashboardOf({ resimStatus: 0, phase: 'closed', code: null }));
    expect(await screen.findByText('No sessions yet')).toBeTruthy();
    expect(screen.getByText('Open the lobby or activate the scenario to let learners in.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Opening of/ })).toBeNull();
  });

  it('offers to try again when the dashboard does not load', async () => {
    const api = {
      resims: { dashboard: vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(dashboardOf()) },
    } as unknown as ApiClient;
    renderWithProviders(<DashboardPanel {...panelPropsOf(scenarioFixture())} />, { api });
    (await screen.findByRole('button', { name: 'Try again' })).click();
    expect(await screen.findByText('No sessions yet')).toBeTruthy();
  });
});
