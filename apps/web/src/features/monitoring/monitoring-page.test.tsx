import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { scenarioFixture } from '../../test/scenario-fixtures';
import { clientOf, clientsOf } from './monitoring-fixtures';
import { MonitoringPage } from './monitoring-page';

const ward = { id: 'r2', name: 'Ward round', spaceId: 's1', spaceName: 'Clinic' };
const listed = [
  clientOf('Ana', {
    connected: true,
    lastStep: { type: 'runAction', items: ['Full blood count'], at: '2025-05-02T09:01:00.000Z' },
    progress: { stages: { done: 1, total: 1 }, actions: { done: 1, total: 2 }, conclusions: { done: 0, total: 1 }, points: 10 },
  }),
  clientOf('Ben', { scenario: ward }),
  clientOf('author', { test: true, opening: { id: 'test', number: null, status: 'open' } }),
];

const show = (path = '/monitoring', clients = listed) => {
  const list = vi.fn(async (resimId: string | null) =>
    clientsOf(
      clients.filter((client) => resimId === null || client.scenario.id === resimId),
      resimId,
    ),
  );
  const api = {
    // The live channel waits for a token that never comes: the page polls.
    accessToken: () => new Promise<string>(() => undefined),
    monitoring: { clients: list },
    resims: {
      list: vi.fn().mockResolvedValue([]),
      get: vi.fn().mockResolvedValue(scenarioFixture({ resimName: 'Anaemia clinic' })),
      run: vi.fn(() => new Promise(() => undefined)),
    },
  } as unknown as ApiClient;
  renderWithProviders(<MonitoringPage />, { api, path });
  return { list, api };
};

describe('the Monitoring page', () => {
  it('shows the active learners by scenario: connection, opening, progress, points and last step', async () => {
    show();
    const clinic = await screen.findByRole('table', { name: 'Active learners of Anaemia clinic' });
    expect(screen.getByRole('table', { name: 'Active learners of Ward round' })).toBeTruthy();
    const row = within(clinic).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Connected');
    expect(row.textContent).toContain('Opening 1 · open');
    expect(row.textContent).toContain('1 of 2 tests · 0 of 1 diagnosis');
    expect(row.textContent).toContain('Ran Full blood count');
    expect(within(row).getByRole('progressbar', { name: 'Progress of Ana: 33%' })).toBeTruthy();
    // Test Mode runs are left out until asked for.
    expect(screen.queryByText('author')).toBeNull();
    expect(screen.queryByText(/not available yet/)).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Show Test Mode runs (1)' }));
    expect(await screen.findByText('Test Mode', { selector: '.mantine-Badge-label' })).toBeTruthy();
  });

  it('reads one scenario named in the address', async () => {
    const { list } = show('/monitoring?id=r2');
    await screen.findByRole('table', { name: 'Active learners of Ward round' });
    expect(list).toHaveBeenCalledWith('r2', expect.anything());
    expect(screen.queryByRole('table', { name: 'Active learners of Anaemia clinic' })).toBeNull();
  });

  it('says so when nobody is playing, and for how long learners stay listed', async () => {
    show('/monitoring', []);
    expect(await screen.findByText('Nobody is playing right now')).toBeTruthy();
    expect(screen.getByText(/stay for 24 hours after their last step/)).toBeTruthy();
  });

  it("opens a learner's run from their row", async () => {
    const { api } = show();
    await screen.findByRole('table', { name: 'Active learners of Anaemia clinic' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the run of Ana' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ana' });
    // Announced while the run loads.
    expect(within(drawer).getByRole('status', { name: 'Loading the run' })).toBeTruthy();
    await waitFor(() => expect(api.resims.run).toHaveBeenCalledWith('r1', 'g-Ana', expect.anything()));
  });
});
