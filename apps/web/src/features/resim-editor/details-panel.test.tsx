import type { ScenarioContent } from '@resim/domain';
import { fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { measureFixture, scenarioFixture } from '../../test/scenario-fixtures';
import { DetailsPanel } from './details-panel';

const withCosts = scenarioFixture({
  settings: {
    hideRank: false,
    hideTime: false,
    allowApp: true,
    allowBrowser: true,
    showActionCosts: true,
    revealedMeasures: [],
    untimed: false,
  },
  measures: [
    measureFixture('points', 'Points', { type: 7, scoreOrder: 1 }),
    measureFixture('measure1', 'Budget', { type: 1 }),
    measureFixture('measure2', 'Time', { type: 4 }),
  ],
});

/** The panel as the editor holds it: each change makes the next draft. */
const Harness = ({ initial, seen }: { initial: ScenarioContent; seen: (content: ScenarioContent) => void }) => {
  const [content, setContent] = useState(initial);
  return (
    <DetailsPanel
      resimId="r1"
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

describe('details: costs shown to learners', () => {
  it('offers only the measures other than money and time, and warns that naming one reveals the answer key', async () => {
    let latest: ScenarioContent = withCosts;
    renderWithProviders(<Harness initial={withCosts} seen={(next) => (latest = next)} />, { api: {} as ApiClient });
    const picker = screen.getByRole('combobox', { name: 'Also show in the costs' });
    expect(screen.queryByText('This reveals the answer key')).toBeNull();
    fireEvent.click(picker);
    expect(await screen.findByRole('option', { name: 'Points' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Budget' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Time' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Points' }));
    expect(latest.settings.revealedMeasures).toEqual(['points']);
    expect(await screen.findByText('This reveals the answer key')).toBeTruthy();
    expect(screen.getByText(/what each test does to Points before running it/)).toBeTruthy();
  });

  it('asks nothing more while costs are not shown', () => {
    const hidden = { ...withCosts, settings: { ...withCosts.settings, showActionCosts: false } };
    renderWithProviders(<Harness initial={hidden} seen={() => undefined} />, { api: {} as ApiClient });
    expect(screen.queryByRole('combobox', { name: 'Also show in the costs' })).toBeNull();
  });
});

describe('details: where learners may play', () => {
  it('says the app setting is about apps built on the learner API, none of which comes with the product', () => {
    let latest: ScenarioContent = withCosts;
    renderWithProviders(<Harness initial={withCosts} seen={(next) => (latest = next)} />, { api: {} as ApiClient });
    // Mantine's label holds the description too, so the name starts with the label.
    const app = screen.getByRole('switch', { name: /^Allow app clients\b/ });
    expect(screen.getByText('Allow app clients')).toBeTruthy();
    const hint = document.getElementById(app.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Apps built on the learner API may play it (none comes with the product; the browser is its player).');
    expect(screen.queryByText('Allow the app')).toBeNull();
    expect((app as HTMLInputElement).checked).toBe(true);
    fireEvent.click(app);
    expect(latest.settings.allowApp).toBe(false);
    expect(latest.settings.allowBrowser).toBe(true);
  });
});

describe('details: untimed for everyone', () => {
  const untimedSwitch = () => screen.getByRole<HTMLInputElement>('switch', { name: /^Untimed for everyone\b/ });
  const hintOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

  it('makes every run of a Training or Offline scenario untimed, its time still measured', () => {
    for (const mode of [2, 3] as const) {
      let latest: ScenarioContent = { ...withCosts, mode };
      const { unmount } = renderWithProviders(<Harness initial={latest} seen={(next) => (latest = next)} />, { api: {} as ApiClient });
      expect(untimedSwitch().disabled).toBe(false);
      expect(untimedSwitch().checked).toBe(false);
      expect(hintOf(untimedSwitch())).toBe('No time limit ends a run or holds its clock; the time is still measured and shown.');
      fireEvent.click(untimedSwitch());
      expect(latest.settings.untimed).toBe(true);
      expect(untimedSwitch().checked).toBe(true);
      fireEvent.click(untimedSwitch());
      expect(latest.settings.untimed).toBe(false);
      unmount();
    }
  });

  it('is off and disabled in Realtime and Assessed modes, saying why', async () => {
    for (const mode of [1, 4] as const) {
      const initial = { ...withCosts, mode, settings: { ...withCosts.settings, untimed: true } };
      const { unmount } = renderWithProviders(<Harness initial={initial} seen={() => undefined} />, { api: {} as ApiClient });
      expect(untimedSwitch().disabled).toBe(true);
      expect(untimedSwitch().checked).toBe(false);
      expect(hintOf(untimedSwitch())).toBe('Only Training and Offline scenarios can be untimed for everyone.');
      const fieldset = untimedSwitch().closest('fieldset')!;
      const results = await axe.run(fieldset, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
      expect(results.violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')).toEqual([]);
      unmount();
    }
  });
});
