import type { ItemAnalysisResponse } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import { scenarioFixture } from '../../../test/scenario-fixtures';
import { ItemAnalysisPanel } from './item-analysis-panel';
import { dashboardOf, instanceOf, panelPropsOf } from './results-fixtures';

const known = (value: number) => ({ value, reason: null });

const analysis: ItemAnalysisResponse = {
  resimId: 'r1',
  instanceId: 'i2',
  revision: 7,
  openings: 1,
  learners: 30,
  kr20: known(0.7728),
  standardError: known(1.37),
  items: [
    {
      id: 'a1',
      name: 'Full blood count',
      kind: 'required test',
      facility: known(0.8),
      pointBiserial: known(0.63),
      upperLower: known(0.75),
      flags: [],
    },
    {
      id: 'c2',
      name: 'Coeliac serology',
      kind: 'required test',
      facility: known(0.17),
      pointBiserial: { value: null, reason: 'not enough data: the rest of the score is the same for every learner' },
      upperLower: known(0.5),
      flags: ['too hard', 'does not discriminate'],
    },
  ],
};

const pooled: ItemAnalysisResponse = { ...analysis, instanceId: null, openings: 2, learners: 52 };

const render = (result: ItemAnalysisResponse | null) => {
  const request = vi.fn(async ({ path }: { path: string }) => {
    if (path === '/admin/resim/r1/instance/i2/item-analysis' && result) return result;
    if (path === '/admin/resim/r1/version/7/item-analysis') return pooled;
    if (path.endsWith('item-analysis?output=xlsx')) return new Blob(['xlsx']);
    throw new Error(`unexpected ${path}`);
  });
  const dashboard = dashboardOf({
    currentInstanceId: 'i2',
    instances: [
      instanceOf('i2', '2026-12-01T09:00:00.000Z', { revision: 7 }),
      instanceOf('i1', '2026-11-20T09:00:00.000Z', { revision: 7 }),
    ],
  });
  const api = { request, resims: { dashboard: vi.fn().mockResolvedValue(dashboard) } } as unknown as ApiClient;
  renderWithProviders(<ItemAnalysisPanel {...panelPropsOf(scenarioFixture())} />, { api, path: '/resim/r1?tab=item-analysis' });
  return request;
};

describe('item analysis panel', () => {
  it("shows the opening's reliability, each item with its figures and flags, and what a missing figure lacks", async () => {
    const request = render(analysis);
    const items = await screen.findByRole('table', { name: 'Items' });
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ path: '/admin/resim/r1/instance/i2/item-analysis' }));
    expect(screen.getByLabelText('Whole test').textContent).toContain(
      '30 finished runs. Reliability (KR-20): 0.77; standard error of measurement 1.37 items.',
    );
    const rows = within(items).getAllByRole('row');
    expect(rows[1]!.textContent).toBe('Full blood countrequired test80 %0.630.75');
    expect(rows[2]!.textContent).toBe('Coeliac serologyrequired test17 %—0.50too harddoes not discriminate');
    expect(within(rows[2]!).getByText('—').getAttribute('title')).toBe(
      'not enough data: the rest of the score is the same for every learner',
    );
    expect(screen.getByRole('img', { name: 'Items by facility and discrimination' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('pools every opening of the same version when asked, and downloads the figures the server writes', async () => {
    const request = render(analysis);
    await screen.findByRole('table', { name: 'Items' });
    fireEvent.click(screen.getByRole('radio', { name: 'Every opening of revision 7 (2)' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Whole test').textContent).toContain('52 finished runs from 2 openings of revision 7.'),
    );
    const createObjectURL = vi.fn(() => 'blob:analysis');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        expect.objectContaining({ path: '/admin/resim/r1/version/7/item-analysis?output=xlsx', binary: true }),
      ),
    );
    await waitFor(() => expect(saved).toEqual(['Chest-pain-item-analysis-revision-7.xlsx']));
  });

  it('says why there is no figure when too few learners finished', async () => {
    render({ ...analysis, learners: 1, kr20: { value: null, reason: 'not enough data: only one learner has answered' } });
    expect((await screen.findByLabelText('Whole test')).textContent).toContain(
      '1 finished run. Reliability: not enough data: only one learner has answered.',
    );
  });
});
