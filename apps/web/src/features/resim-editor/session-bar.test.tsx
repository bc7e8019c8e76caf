import type { GameSummary } from '@resim/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { dashboardOf, instanceOf } from './results/results-fixtures';
import { SessionBar } from './session-bar';

const gameOf = (nickname: string, endReason: string | null): GameSummary => ({
  id: `g-${nickname}`,
  instanceId: 'i1',
  revision: 4,
  nickname,
  email: null,
  test: false,
  created: '2025-05-01T10:00:00.000Z',
  startedAt: null,
  endedAt: endReason ? '2025-05-01T10:01:00.000Z' : null,
  endReason,
  eventCount: 0,
  points: null,
  measures: {},
  rank: null,
  verdict: null,
});

describe('session bar', () => {
  it('counts the learners in the session, not those the host removed, and offers to manage the lobby', async () => {
    const games = vi.fn().mockResolvedValue([gameOf('Ann', null), gameOf('Bob', 'removed')]);
    const dashboard = vi
      .fn()
      .mockResolvedValue(dashboardOf({ currentInstanceId: 'i1', instances: [instanceOf('i1', '2025-05-01T09:00:00.000Z')] }));
    renderWithProviders(<SessionBar resimId="r1" code="ABC234" status={1} />, {
      api: { resims: { games, dashboard } } as unknown as ApiClient,
    });
    expect(await screen.findByRole('button', { name: 'Manage lobby' })).toBeTruthy();
    await vi.waitFor(() => expect(games).toHaveBeenCalled());
    expect((await screen.findByText('1', { selector: '.mantine-Badge-label' })).textContent).toBe('1');
  });

  it('offers the presenter display and its views before a session, with nothing of a session yet', async () => {
    const games = vi.fn();
    renderWithProviders(<SessionBar resimId="r1" code="ABC234" status={0} />, {
      api: { resims: { games, dashboard: vi.fn() } } as unknown as ApiClient,
    });
    expect((await screen.findByRole('link', { name: 'Presenter display' })).getAttribute('href')).toBe('/presenter/r1');
    expect(screen.getByRole('button', { name: 'Presenter views' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage lobby' })).toBeNull();
    expect(games).not.toHaveBeenCalled();
  });
});
