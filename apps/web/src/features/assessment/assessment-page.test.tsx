import type { LearnerScenario } from '@resim/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { formatDateTime } from '../../ui/format';
import { AssessmentPage } from './assessment-page';

const scenario = (changes: Partial<LearnerScenario>): LearnerScenario => ({
  resimId: 'r1',
  resimName: 'Chest pain',
  code: 'CHEST1',
  phase: 'open',
  resimStatus: 2,
  gameId: null,
  ended: false,
  endedAt: null,
  points: null,
  reportReady: false,
  certificateReady: false,
  allocated: true,
  schedule: { opens: null, closes: null, phase: 'unscheduled' },
  ...changes,
});

const show = (list: LearnerScenario[]) =>
  renderWithProviders(<AssessmentPage />, { api: { learn: { mine: vi.fn(async () => list) } } as unknown as ApiClient });

describe('Assessment', () => {
  it('lists what was given to the learner and what they played, with where each stands, their result and the way to play', async () => {
    show([
      scenario({}),
      scenario({
        resimId: 'r2',
        resimName: 'Sepsis',
        code: 'SEPSIS',
        gameId: 'g2',
        ended: true,
        endedAt: '2026-11-30T09:15:00.000Z',
        points: 35,
      }),
      scenario({ resimId: 'r3', resimName: 'Stroke', code: 'STROKE', gameId: 'g3', allocated: false }),
      scenario({
        resimId: 'r4',
        resimName: 'Asthma',
        code: 'ASTHMA',
        phase: 'closed',
        resimStatus: 0,
        schedule: { opens: '2026-12-24T09:00:00.000Z', closes: null, phase: 'before' },
      }),
    ]);
    const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    const chest = await row('Chest pain');
    expect(within(chest).getByText('Given to you')).toBeTruthy();
    expect(within(chest).getByText('Not started')).toBeTruthy();
    expect(within(chest).getByRole('link', { name: 'Play: Chest pain' }).getAttribute('href')).toBe('/play/CHEST1');
    const sepsis = await row('Sepsis');
    expect(within(sepsis).getByText('Finished')).toBeTruthy();
    expect(within(sepsis).getByText('35 points')).toBeTruthy();
    expect(within(sepsis).getByText(formatDateTime('2026-11-30T09:15:00.000Z'))).toBeTruthy();
    expect(within(sepsis).getByRole('link', { name: 'See your result: Sepsis' })).toBeTruthy();
    const stroke = await row('Stroke');
    expect(within(stroke).getByText('In progress')).toBeTruthy();
    expect(within(stroke).getByRole('link', { name: 'Continue: Stroke' })).toBeTruthy();
    const asthma = await row('Asthma');
    expect(within(asthma).getByText('Not open yet')).toBeTruthy();
    expect(within(asthma).getByText(`Opens ${formatDateTime('2026-12-24T09:00:00.000Z')}`)).toBeTruthy();
    expect(within(asthma).queryByRole('link')).toBeNull();
  });

  it('says a result of one point in the singular', async () => {
    show([scenario({ gameId: 'g1', ended: true, endedAt: '2026-11-30T09:15:00.000Z', points: 1 })]);
    expect(await screen.findByText('1 point')).toBeTruthy();
    expect(screen.queryByText('1 points')).toBeNull();
  });

  it('says when nothing was given yet, and offers to join with a code', async () => {
    show([]);
    expect(await screen.findByText('Nothing given to you yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join with a code' }).getAttribute('href')).toBe('/play');
  });
});
