import type { ScoreboardAvailable } from '@resim/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { SpaceScoreboardPage } from './space-scoreboard-page';

const availableAfter = (rows: { learner: number; scenario: number; opening: number }): ScoreboardAvailable => ({
  spaceId: 's1',
  spaceName: 'Cardiology',
  learners: rows.learner,
  scenarios: [
    { id: 'r1', resimName: 'Chest pain', learners: rows.learner, runs: rows.opening, finished: rows.opening },
  ] as ScoreboardAvailable['scenarios'],
  modes: [
    { mode: 'learner', label: 'By learner', description: 'Learners known by email.', rows: rows.learner },
    { mode: 'scenario', label: 'By scenario', description: 'Each scenario’s learners.', rows: rows.scenario },
    { mode: 'opening', label: 'By opening', description: 'Every run, anonymous ones too.', rows: rows.opening },
  ],
  outputs: ['json', 'csv', 'xlsx'] as ScoreboardAvailable['outputs'],
});

const show = (available: ScoreboardAvailable, path = '/space/s1/scoreboard') => {
  const scoreboard = vi.fn(() => new Promise(() => undefined));
  const api = { spaces: { scoreboardAvailable: vi.fn(async () => available), scoreboard } } as unknown as ApiClient;
  renderWithProviders(<SpaceScoreboardPage spaceId="s1" />, { api, path });
  return scoreboard;
};

describe('space scoreboard', () => {
  it('opens on the results that have rows: after a class of anonymous learners, By opening', async () => {
    const scoreboard = show(availableAfter({ learner: 0, scenario: 0, opening: 24 }));
    await waitFor(() => expect(scoreboard).toHaveBeenCalledWith('s1', 'opening', expect.anything()));
    expect(scoreboard).not.toHaveBeenCalledWith('s1', 'learner', expect.anything());
    expect(await screen.findByText('Every run, anonymous ones too.')).toBeTruthy();
  });

  it('keeps the results the address names', async () => {
    const named = show(availableAfter({ learner: 0, scenario: 0, opening: 24 }), '/space/s1/scoreboard?mode=scenario');
    await waitFor(() => expect(named).toHaveBeenCalledWith('s1', 'scenario', expect.anything()));
  });
});
