import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LearnerFlow } from '@resim/contracts';
import type { ApiClient } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import { scenarioFixture } from '../../../test/scenario-fixtures';
import { dashboardOf, instanceOf, panelPropsOf } from './results-fixtures';
import { LearnerFlowPanel } from './learner-flow-panel';

const content = scenarioFixture({
  stages: [{ id: 'stg1', name: 'History', default: true }],
  actions: [{ id: 'act1', name: 'ECG', stage: 'stg1' }],
  conclusions: [
    { id: 'conc1', name: 'Myocardial infarction', stage: 'stg1' },
    { id: 'conc2', name: 'Pericarditis', stage: 'stg1' },
  ],
} as never);

const flowOf = (instanceId: string | null, changes: Partial<LearnerFlow> = {}): LearnerFlow => ({
  resimId: 'r1',
  instanceId,
  runs: 3,
  finished: 1,
  stages: [{ id: 'stg1', learners: 3 }],
  actions: [{ id: 'act1', learners: 2 }],
  conclusions: [{ id: 'conc2', learners: 2, correct: false }],
  transitions: [{ from: 'act1', to: 'conc2', count: 2 }],
  stalls: [
    { id: 'conc2', learners: 1 },
    { id: null, learners: 1 },
  ],
  wrongDiagnoses: [{ id: 'conc2', learners: 2 }],
  ...changes,
});

const show = (flows: Record<string, LearnerFlow>, instances = [instanceOf('i1', '2025-05-01T09:00:00.000Z')]) => {
  const flow = vi.fn(async (_resimId: string, instanceId: string | null) => flows[instanceId ?? 'all']!);
  const dashboard = dashboardOf({ currentInstanceId: instances[0]?.id ?? null, instances });
  const api = { resims: { dashboard: vi.fn().mockResolvedValue(dashboard), flow } } as unknown as ApiClient;
  renderWithProviders(<LearnerFlowPanel {...panelPropsOf(content)} />, { api, path: '/resim/r1?tab=learner-flow' });
  return flow;
};

const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe("the learners' flow", () => {
  it('shows the current opening: counts on the chart, the wrong diagnoses and where unfinished runs stand', async () => {
    const flow = show({ i1: flowOf('i1'), all: flowOf(null, { runs: 9 }) });
    await screen.findByRole('list', { name: 'Wrong diagnoses picked' });
    expect(flow).toHaveBeenCalledWith('r1', 'i1', expect.anything());
    expect(screen.getByLabelText('Runs counted').textContent).toContain('3 runs, 1 finished');
    expect(items('Wrong diagnoses picked')).toEqual(['Pericarditis: 2 learners']);
    expect(items('Where unfinished runs stand')).toEqual(['Pericarditis: 1 learner', 'Not started: 1 learner']);
    expect(screen.getByTestId('flow-node-conc2').textContent).toBe('Pericarditis2 learners1 stopped here');
  });

  it('shows how far learners got as a funnel of the stages in the author’s order, beside the chart', async () => {
    const staged = scenarioFixture({
      stages: [
        { id: 'stg1', name: 'History', default: true },
        { id: 'stg2', name: 'Investigations' },
        { id: 'stg3', name: 'Treatment' },
      ],
      actions: [{ id: 'act1', name: 'ECG', stage: 'stg1' }],
      conclusions: [{ id: 'conc2', name: 'Pericarditis', stage: 'stg1' }],
    } as never);
    const flow = vi.fn(async () =>
      flowOf('i1', {
        runs: 4,
        stages: [
          { id: 'stg2', learners: 2 },
          { id: 'stg1', learners: 4 },
        ],
      }),
    );
    const dashboard = dashboardOf({ currentInstanceId: 'i1', instances: [instanceOf('i1', '2025-05-01T09:00:00.000Z')] });
    const api = { resims: { dashboard: vi.fn().mockResolvedValue(dashboard), flow } } as unknown as ApiClient;
    renderWithProviders(<LearnerFlowPanel {...panelPropsOf(staged)} />, { api, path: '/resim/r1?tab=learner-flow' });
    const funnel = await screen.findByRole('table', { name: 'Tasks reached, in order' });
    expect(
      within(funnel)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['History4100 %', 'Investigations250 %', 'Treatment00 %']);
    expect(within(funnel).getByRole('progressbar', { name: 'Investigations: 50 % of runs' })).toBeTruthy();
  });

  it('counts every opening together when asked', async () => {
    const flow = show({ i1: flowOf('i1'), all: flowOf(null, { runs: 9 }) });
    await screen.findByRole('list', { name: 'Wrong diagnoses picked' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Opening' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All openings' }));
    await waitFor(() => expect(screen.getByLabelText('Runs counted').textContent).toContain('9 runs'));
    expect(flow).toHaveBeenCalledWith('r1', null, expect.anything());
  });

  it('says when nobody has played the opening yet', async () => {
    show({
      i1: flowOf('i1', { runs: 0, finished: 0, stages: [], actions: [], conclusions: [], transitions: [], stalls: [], wrongDiagnoses: [] }),
    });
    expect(await screen.findByText('No learners yet')).toBeTruthy();
  });

  it('says when the scenario has never been opened', async () => {
    const flow = show({}, []);
    expect(await screen.findByText('No sessions yet')).toBeTruthy();
    expect(flow).not.toHaveBeenCalled();
  });
});
