import type { LearnerScoreboard, OpeningScoreboard, ScoreboardScenario } from '@resim/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';

// The tables call nothing.
const api = {} as ApiClient;
import { LearnerGrid, OpeningTable } from './scoreboard-tables';

const scenario = (changes: Partial<ScoreboardScenario>): ScoreboardScenario => ({
  id: 'r1',
  resimName: 'Budget round',
  scoreLabel: 'Cost',
  lowerIsBetter: true,
  scoreUnits: { type: 1, timeUnit: 'seconds', currency: 'EUR' },
  costMeasures: [{ id: 'measure1', name: 'Cost', type: 1, timeUnit: 'seconds' }],
  openings: [{ id: 'o1', created: '2025-03-03T10:14:00.000Z' }],
  ...changes,
});

const header = {
  spaceId: 's1',
  spaceName: 'Ward 7',
  scenarios: [
    scenario({}),
    scenario({ id: 'r2', resimName: 'Triage', scoreLabel: 'Time', scoreUnits: { type: 4, timeUnit: 'minutes', currency: 'EUR' } }),
  ],
};

describe("a space's scoreboard tables", () => {
  it('write each score in its measure’s terms: money in the currency, time in its unit', () => {
    const board: LearnerScoreboard = {
      mode: 'learner',
      ...header,
      learners: [
        {
          email: 'ann@hospital.test',
          results: {
            r1: { score: 1250.5, points: 0, durationMs: 1000, rank: 1, runs: 1, finished: 1 },
            r2: { score: 12, points: 0, durationMs: 1000, rank: 2, runs: 1, finished: 1 },
          },
        },
      ],
    };
    renderWithProviders(<LearnerGrid board={board} />, { api });
    const row = screen.getByRole('row', { name: /ann@hospital\.test/ });
    expect(row.textContent).toContain('€1,250.50');
    expect(row.textContent).toContain('12 minutes');
  });

  it('write an opening’s scores the same way', () => {
    const board: OpeningScoreboard = {
      mode: 'opening',
      ...header,
      rows: [
        {
          resimId: 'r1',
          instanceId: 'o1',
          rank: 1,
          nickname: 'Kim',
          email: null,
          score: 40,
          points: 0,
          durationMs: 1000,
          startedAt: '2025-03-03T10:14:00.000Z',
          endedAt: '2025-03-03T10:16:00.000Z',
          endReason: 'learner',
          diagnosis: ['Iron deficiency anaemia'],
          answerKey: 'wrong',
          verdict: { passed: false, reasons: ['40 points scored (50 needed)'] },
          costs: { measure1: 40 },
        },
      ],
    };
    renderWithProviders(<OpeningTable board={board} />, { api });
    const row = screen.getByRole('row', { name: /Kim/ });
    expect(row.textContent).toContain('€40.00');
    expect(row.textContent).toContain('Iron deficiency anaemia wrong');
    // The pass mark's verdict with its reason.
    expect(screen.getByRole('columnheader', { name: 'Result' })).toBeTruthy();
    expect(row.textContent).toContain('Failed40 points scored (50 needed)');
  });
});
