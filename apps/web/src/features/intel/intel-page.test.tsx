import type { Intel } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { ApiClient } from '../../api/client';
import { dashboardOf, instanceOf } from '../resim-editor/results/results-fixtures';
import { renderWithProviders } from '../../test/render';
import { IntelPage } from './intel-page';

const item = (name: string, runs: number) => ({ resimId: 'r1', resimName: 'Anaemia clinic', id: name, name, runs, of: 4 });

const figures: Intel = {
  filters: { space: null, resim: null, from: null, to: null, by: 'day' },
  totals: { started: 5, finished: 4, completionRate: 0.8, scenarios: 1, openings: 2 },
  scenarios: [
    {
      id: 'r1',
      resimName: 'Anaemia clinic',
      spaceId: 's1',
      openings: 2,
      started: 5,
      finished: 4,
      completionRate: 0.8,
      judged: 4,
      passed: 3,
      passRate: 0.75,
    },
  ],
  trend: [{ day: '2025-03-03', started: 5, finished: 4, completionRate: 0.8 }],
  measures: [
    {
      resimId: 'r1',
      resimName: 'Anaemia clinic',
      id: 'points',
      name: 'Points',
      type: 7,
      timeUnit: 'seconds',
      currency: 'EUR',
      runs: 4,
      average: 6.25,
      min: -10,
      max: 30,
      standardDeviation: 14.7373,
    },
    {
      resimId: 'r1',
      resimName: 'Anaemia clinic',
      id: 'measure1',
      name: 'Cost',
      type: 1,
      timeUnit: 'seconds',
      currency: 'EUR',
      runs: 4,
      average: 210,
      min: 20,
      max: 400,
      standardDeviation: 190,
    },
  ],
  hardest: {
    requiredActionsMissed: [item('Full blood count', 2)],
    unnecessaryActionsRun: [],
    harmfulActionsRun: [item('Transfusion', 1)],
    wrongConclusionsConfirmed: [item('B12 deficiency', 2)],
  },
};
const nothing: Intel = {
  ...figures,
  totals: { started: 0, finished: 0, completionRate: null, scenarios: 1, openings: 0 },
  scenarios: [],
  trend: [],
  measures: [],
  hardest: { requiredActionsMissed: [], unnecessaryActionsRun: [], harmfulActionsRun: [], wrongConclusionsConfirmed: [] },
};

const show = (answer: Intel | Promise<Intel>, path = '/intel') => {
  const intel = vi.fn(() => Promise.resolve(answer));
  const api = {
    monitoring: { intel },
    spaces: { list: vi.fn().mockResolvedValue([{ id: 's2', description: 'Ward 9' }]) },
    resims: { list: vi.fn().mockResolvedValue([]) },
  } as unknown as ApiClient;
  renderWithProviders(<IntelPage />, { api, path });
  return { intel };
};

describe('the Intel page', () => {
  it('asks for the filters in the address and shows the totals, the measures and the hardest items', async () => {
    const { intel } = show(figures, '/intel?space=s1&from=2025-03-01&to=2025-03-31&other=x');
    expect(intel).toHaveBeenCalledWith({ space: 's1', from: '2025-03-01', to: '2025-03-31' }, expect.anything());
    expect((await screen.findByText('80%')).getAttribute('data-figure')).toBe('Completion');
    expect(screen.getByText('in 2 openings')).toBeTruthy();
    const measures = screen.getByRole('table', { name: 'Final values by measure' });
    expect(within(measures).getByRole('row', { name: /Points Anaemia clinic 4 6.25 -10 30 14.74/ })).toBeTruthy();
    // Money in the scenario's currency, as everywhere a measure is shown.
    const euros = (value: number) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(value);
    expect(
      within(measures).getByRole('row', { name: new RegExp(`Cost Anaemia clinic 4 ${euros(210)} ${euros(20)} ${euros(400)}`) }),
    ).toBeTruthy();
    const missed = screen.getByRole('table', { name: 'Required tests most often missed' });
    expect(within(within(missed).getByRole('row', { name: /Full blood count/ })).getByText('2 of 4 (50%)')).toBeTruthy();
    expect(screen.getByText('No unnecessary test was run.')).toBeTruthy();
    expect(screen.queryByText(/not available yet/)).toBeNull();
  });

  it('lists the pass rate of each scenario whose pass mark judged runs, and none when no run was judged', async () => {
    show(figures);
    const rates = await screen.findByRole('table', { name: 'Pass rate by scenario' });
    expect(within(rates).getByRole('row', { name: 'Anaemia clinic 4 3 75%' })).toBeTruthy();
  });

  it('shows the item analysis of the scenario it is narrowed to, by the version learners played last', async () => {
    const analysis = {
      resimId: 'r1',
      instanceId: null,
      revision: 3,
      openings: 2,
      learners: 4,
      kr20: { value: 0.71, reason: null },
      standardError: { value: 0.8, reason: null },
      items: [
        {
          id: 'a1',
          name: 'Full blood count',
          kind: 'required test',
          facility: { value: 0.5, reason: null },
          pointBiserial: { value: 0.4, reason: null },
          upperLower: { value: 0.5, reason: null },
          flags: [],
        },
      ],
    };
    const request = vi.fn(async ({ path }: { path: string }) => {
      if (path === '/admin/resim/r1/version/3/item-analysis') return analysis;
      throw new Error(`unexpected ${path}`);
    });
    const dashboard = dashboardOf({
      instances: [
        instanceOf('i2', '2025-03-02T09:00:00.000Z', { players: 2, revision: 3 }),
        instanceOf('i1', '2025-03-01T09:00:00.000Z', { revision: 2 }),
      ],
    });
    const api = {
      request,
      monitoring: { intel: vi.fn().mockResolvedValue(figures) },
      spaces: { list: vi.fn().mockResolvedValue([]) },
      resims: {
        list: vi.fn().mockResolvedValue([{ id: 'r1', resimName: 'Anaemia clinic' }]),
        dashboard: vi.fn().mockResolvedValue(dashboard),
      },
    } as unknown as ApiClient;
    renderWithProviders(<IntelPage />, { api, path: '/intel?resim=r1' });
    expect(await screen.findByRole('heading', { name: 'Item analysis, revision 3' })).toBeTruthy();
    expect((await screen.findByLabelText('Whole test')).textContent).toContain('4 finished runs from 2 openings of revision 3.');
    expect(screen.getByRole('table', { name: 'Items' })).toBeTruthy();
  });

  it('leaves the pass rates out when no scenario has a pass mark', async () => {
    show({ ...figures, scenarios: [{ ...figures.scenarios[0]!, judged: 0, passed: 0, passRate: null }] });
    await screen.findByText('80%');
    expect(screen.queryByRole('table', { name: 'Pass rate by scenario' })).toBeNull();
  });

  it('keeps the range the right way up and drops a scenario when another space is chosen', async () => {
    const { intel } = show(figures, '/intel?resim=r1&from=2025-03-01&to=2025-03-31');
    await screen.findByText('80%');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-04-02' } });
    await waitFor(() => expect(intel).toHaveBeenLastCalledWith({ resim: 'r1', from: '2025-04-02' }, expect.anything()));
    fireEvent.click(screen.getByRole('combobox', { name: 'Space' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ward 9' }));
    await waitFor(() => expect(intel).toHaveBeenLastCalledWith({ space: 's2', from: '2025-04-02' }, expect.anything()));
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(intel).toHaveBeenLastCalledWith({ space: 's2', from: '2025-04-02', by: 'week' }, expect.anything()));
  });

  it('shows that the filters hold no runs', async () => {
    show(nothing);
    expect(await screen.findByText('No runs to show')).toBeTruthy();
  });

  it('says why filters in the address cannot be shown, and shows them all on request', async () => {
    const { intel } = show(
      Promise.reject(new ApiError('Space not found', { method: 'GET', path: '/admin/intel', status: 404, code: 'not_found' })),
      '/intel?space=elsewhere',
    );
    expect(await screen.findByText('Space not found')).toBeTruthy();
    intel.mockResolvedValue(figures);
    fireEvent.click(screen.getByRole('button', { name: 'Show all my scenarios' }));
    await waitFor(() => expect(intel).toHaveBeenLastCalledWith({}, expect.anything()));
    expect(await screen.findByText('80%')).toBeTruthy();
  });

  it('shows that the figures are loading', () => {
    show(new Promise<Intel>(() => undefined));
    expect(screen.getByRole('status', { name: 'Loading the figures' })).toBeTruthy();
  });
});
