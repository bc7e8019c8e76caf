import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { actionFixture, measureFixture, scenarioFixture } from '../../test/scenario-fixtures';
import { CheckerPanel } from './checker-panel';

const requires = (...all: string[]) => ({ all, any: [], none: [] });

const scenario = scenarioFixture({
  measures: [measureFixture('points', 'Points', { type: 7 })],
  actions: [
    actionFixture('cbc', 'CBC', { feedback: 'Seen', impact: [{ measureId: 'points', value: 10 }] }),
    actionFixture('ferritin', 'Ferritin', { feedback: 'Seen', requiredActions: requires('ferritin') }),
  ],
});

describe('the checker panel', () => {
  it('lists the errors that keep the scenario from opening, each opening its item, and the points a run can reach', () => {
    const onOpen = vi.fn();
    renderWithProviders(<CheckerPanel resimId="r1" content={scenario} readOnly={false} onChange={() => undefined} onOpen={onOpen} />, {
      api: {} as ApiClient,
    });
    expect(screen.getByRole('status').textContent).toBe('1 error keeps the scenario from opening to learners.');
    const error = screen.getByRole('button', { name: /The action “Ferritin” can never be run: it needs “Ferritin”/ });
    fireEvent.click(error);
    expect(onOpen).toHaveBeenCalledWith('actions', 'ferritin');
    expect(screen.getByText(/Most points: 10, reached by: run “CBC”/)).toBeTruthy();
  });

  it('says when nothing keeps the scenario from opening', () => {
    const mended = { ...scenario, actions: scenario.actions.filter((action) => action.id !== 'ferritin') };
    renderWithProviders(<CheckerPanel resimId="r1" content={mended} readOnly={false} onChange={() => undefined} />, {
      api: {} as ApiClient,
    });
    expect(screen.getByRole('status').textContent).toBe('No errors: the scenario can open to learners.');
    expect(screen.queryByText('Errors')).toBeNull();
  });
});
