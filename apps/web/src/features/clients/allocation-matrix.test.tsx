import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ClientsPage } from './clients-page';
import { fakeClientsApi, learnerFixture, scenarioFixture } from './clients-fixtures';

const scenarios = [
  scenarioFixture('r1', 'Chest pain', 's1'),
  scenarioFixture('r2', 'A very long scenario name about arrhythmia', 's1'),
  scenarioFixture('r9', 'Stroke', 's2'),
];
const learners = [
  learnerFixture('ann@example.test', { resims: ['r1'], tags: ['night'] }),
  learnerFixture('bob@example.test', {
    tags: ['day'],
    accommodation: { extraPercent: 0, extraMinutes: 25, untimed: false, windowMinutes: 0, from: ['day'] },
  }),
  learnerFixture('cy@example.test', { tags: ['night'] }),
];

const openMatrix = async () => {
  const fake = fakeClientsApi({ learners, scenarios });
  renderWithProviders(<ClientsPage />, { api: fake.api, path: '/clients?space=s1&view=allocations' });
  await screen.findByRole('table', { name: 'Allocations' });
  return fake;
};

const cell = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('Clients: the allocation matrix', () => {
  it('shows the space’s scenarios as columns and each learner’s allocations', async () => {
    await openMatrix();
    const matrix = screen.getByRole('table', { name: 'Allocations' });
    expect(
      within(matrix)
        .getAllByRole('columnheader')
        .map((header) => header.getAttribute('aria-label') ?? header.textContent),
    ).toEqual(['Learner', 'A very long scenario name about arrhythmia', 'Chest pain']);
    expect(cell('Chest pain for ann@example.test').checked).toBe(true);
    expect(cell('Chest pain for bob@example.test').checked).toBe(false);
  });

  it('marks the learners who have an accommodation, naming it', async () => {
    await openMatrix();
    const matrix = screen.getByRole('table', { name: 'Allocations' });
    expect(
      within(matrix)
        .getAllByRole('img', { name: /^Accommodation/ })
        .map((mark) => mark.getAttribute('aria-label')),
    ).toEqual(['Accommodation: +25 min (from tag day)']);
    expect(within(screen.getByRole('row', { name: /bob@example.test/ })).getByRole('img', { name: /Accommodation/ })).toBeTruthy();
    const results = await axe.run(matrix, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')).toEqual([]);
  });

  it('gives a scenario at once, and takes it back when the server refuses', async () => {
    const { allocate } = await openMatrix();
    let refuse: (error: Error) => void = () => undefined;
    allocate.mockImplementationOnce(() => new Promise((_resolve, reject) => (refuse = reject)));
    fireEvent.click(cell('Chest pain for bob@example.test'));
    await waitFor(() => expect(cell('Chest pain for bob@example.test').checked).toBe(true));
    expect(allocate).toHaveBeenCalledWith('s1', { learners: ['bob@example.test'], resims: ['r1'] });
    refuse(new Error('Request failed'));
    await waitFor(() => expect(cell('Chest pain for bob@example.test').checked).toBe(false));
    expect(cell('Chest pain for ann@example.test').checked).toBe(true);
  });

  it('takes a scenario away', async () => {
    const { deallocate } = await openMatrix();
    fireEvent.click(cell('Chest pain for ann@example.test'));
    await waitFor(() => expect(deallocate).toHaveBeenCalledWith('s1', { learners: ['ann@example.test'], resims: ['r1'] }));
  });

  it('asks before taking a scenario from every learner shown, naming them', async () => {
    const { deallocate } = await openMatrix();
    fireEvent.click(screen.getByRole('button', { name: 'Allocate Chest pain' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Take from all 3 learners shown' }));
    const asking = await screen.findByRole('dialog', { name: 'Take Chest pain away' });
    expect(asking.textContent).toContain('ann@example.test');
    fireEvent.click(within(asking).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Take Chest pain away' })).toBeNull());
    expect(deallocate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Allocate Chest pain' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Take from all 3 learners shown' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Take Chest pain away' })).getByRole('button', { name: 'Take away' }));
    await waitFor(() => expect(deallocate).toHaveBeenCalledWith('s1', { learners: ['ann@example.test'], resims: ['r1'] }));
  });

  it('gives a scenario to every learner the filter shows who lacks it', async () => {
    const { allocate } = await openMatrix();
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'night' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Chest pain for bob@example.test' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Allocate Chest pain' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Give to all 2 learners shown' }));
    await waitFor(() => expect(allocate).toHaveBeenCalledWith('s1', { learners: ['cy@example.test'], resims: ['r1'] }));
    await waitFor(() => expect(cell('Chest pain for cy@example.test').checked).toBe(true));
  });

  it('speaks of the one learner shown as one', async () => {
    await openMatrix();
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'day' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Chest pain for ann@example.test' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Allocate Chest pain' }));
    expect(await screen.findByRole('menuitem', { name: 'Give to the 1 learner shown' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Take from the 1 learner shown' })).toBeTruthy();
  });
});
