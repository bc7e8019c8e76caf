import type { ScenarioContent } from '@resim/domain';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { actionFixture, measureFixture, scenarioFixture } from '../../test/scenario-fixtures';
import { PassMarkSection } from './pass-mark-section';

const points = (value: number) => [{ measureId: 'points', value }];

const clinic = scenarioFixture({
  measures: [measureFixture('points', 'Points', { scoreOrder: 1 })],
  actions: [actionFixture('act1', 'Ferritin', { impact: points(10) }), actionFixture('act2', 'CT head', { impact: points(30) })],
});

/** The section as the editor holds it: each change makes the next draft. */
const Harness = ({ initial, seen }: { initial: ScenarioContent; seen: (content: ScenarioContent) => void }) => {
  const [content, setContent] = useState(initial);
  return (
    <PassMarkSection
      content={content}
      readOnly={false}
      onChange={(change) =>
        setContent((current) => {
          const next = change(current);
          seen(next);
          return next;
        })
      }
    />
  );
};

const render = (initial: ScenarioContent = clinic) => {
  const seen = { latest: initial };
  renderWithProviders(<Harness initial={initial} seen={(next) => (seen.latest = next)} />, { api: {} as ApiClient });
  return seen;
};

describe('the pass mark in the answer key', () => {
  it('asks for no points at first, and sets a number of points', () => {
    const seen = render();
    expect(screen.getByRole('radio', { name: 'No points needed' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Points' }));
    const field = screen.getByRole('textbox', { name: 'Points' });
    fireEvent.change(field, { target: { value: '25' } });
    expect(seen.latest.passMark).toEqual({ threshold: { kind: 'points', points: 25 }, mustDo: false, creditHours: null });
  });

  it('shows the most points reachable beside a share, and what the share asks', async () => {
    const seen = render();
    fireEvent.click(screen.getByRole('radio', { name: 'Share of the most reachable' }));
    expect(seen.latest.passMark.threshold).toEqual({ kind: 'share', percent: 50 });
    expect(await screen.findByText('Most reachable: 40 points, so 20 needed')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Share of the most reachable points' }), { target: { value: '75' } });
    expect(seen.latest.passMark.threshold).toEqual({ kind: 'share', percent: 75 });
    expect(await screen.findByText('Most reachable: 40 points, so 30 needed')).toBeTruthy();
  });

  it('warns that a scenario without points cannot be passed by points', () => {
    render(scenarioFixture({ passMark: { threshold: { kind: 'points', points: 10 }, mustDo: false, creditHours: null } }));
    expect(screen.getByText('The scenario keeps no points measure: no run can reach this pass mark.')).toBeTruthy();
  });

  it('makes the required and harmful tests decide, whatever the points', () => {
    const seen = render();
    fireEvent.click(screen.getByRole('checkbox', { name: /must be run, and no harmful one/ }));
    expect(seen.latest.passMark).toEqual({ threshold: { kind: 'none' }, mustDo: true, creditHours: null });
  });

  it('sets the credit hours a passed run’s certificate states, and clears them', () => {
    const seen = render();
    const hours = screen.getByRole('textbox', { name: 'Credit hours on the certificate' });
    fireEvent.change(hours, { target: { value: '1.5' } });
    expect(seen.latest.passMark.creditHours).toBe(1.5);
    fireEvent.change(hours, { target: { value: '' } });
    expect(seen.latest.passMark.creditHours).toBeNull();
  });
});
