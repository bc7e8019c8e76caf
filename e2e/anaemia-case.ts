import type { FrameLocator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A self-paced case of 35 points at most: the blood count (10) and the right diagnosis (20) make
 * 30, the ferritin (5) is never needed; the key asks for the blood count and iron deficiency.
 */
export const anaemiaCase = (name: string) => ({
  details: {
    resimName: name,
    description: 'Anaemia in primary care: what to test, and what it is.',
    mode: 2,
    allowAnonymous: true,
    allowSignin: true,
    maxConclusions: 1,
    answers: { actions: ['act1'], conclusions: ['conc1'] },
  },
  stages: [{ id: 'stg1', name: 'Clinic', default: true, description: 'A 34-year-old woman, tired for three months.' }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [
    { id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L, MCV 68 fL', impact: [{ measureId: 'points', value: 10 }] },
    { id: 'act2', name: 'Ferritin', stage: 'stg1', facts: 'Ferritin 6 µg/L', impact: [{ measureId: 'points', value: 5 }] },
  ],
  conclusions: [
    { id: 'conc1', name: 'Iron deficiency anaemia', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] },
    { id: 'conc2', name: 'B12 deficiency', stage: 'stg1', impact: [{ measureId: 'points', value: -10 }] },
  ],
});

/** Runs the blood count, makes the right diagnosis and ends the run, in a player a platform's page frames. */
export const playAnaemia = async (player: FrameLocator) => {
  // The platform's page loads, launches and frames the player before the case shows: longer on a busy machine.
  await expect(player.getByText('A 34-year-old woman, tired for three months.')).toBeVisible({ timeout: 30_000 });
  await player.getByRole('checkbox', { name: /Full blood count/ }).click();
  await player.getByRole('button', { name: 'Run tests (1)' }).click();
  await expect(player.getByText('Hb 82 g/L, MCV 68 fL')).toBeVisible();
  await player.getByRole('button', { name: 'Diagnose' }).click();
  const sheet = player.getByRole('dialog', { name: 'Diagnosis' });
  await sheet.getByRole('checkbox', { name: /Iron deficiency anaemia/ }).click();
  await sheet.getByRole('button', { name: 'Confirm Diagnosis' }).click();
  await expect(sheet).toBeHidden();
  await player.getByRole('button', { name: 'End simulation' }).first().click();
  await player.getByRole('dialog').getByRole('button', { name: 'End simulation' }).click();
};
