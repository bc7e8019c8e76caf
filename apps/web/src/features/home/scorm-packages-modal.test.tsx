import type { ResimSummary, ScormPackage, ScormVersion } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { ScormPackagesModal } from './scorm-packages-modal';

const scenario: ResimSummary = {
  id: 'r1',
  resimName: 'Anaemia clinic',
  description: '',
  group: 's1',
  resimStatus: 2,
  templateId: null,
  created: '2026-12-01T09:00:00.000Z',
  priority: null,
};

/** The server as the dialog calls it: its packages, a new one per download, and withdrawals. */
const fakeApi = () => {
  let packages: ScormPackage[] = [];
  const made: string[] = [];
  const withdrawn: string[] = [];
  const request = vi.fn(async ({ method, path, body }: { method: string; path: string; body?: { version: ScormVersion } }) => {
    if (method === 'GET' && path === '/admin/resim/r1/scorm') return packages;
    if (method === 'POST' && path === '/admin/resim/r1/scorm' && body) {
      made.push(body.version);
      packages = [
        {
          id: `p${packages.length + 1}`,
          version: body.version,
          createdAt: '2026-12-07T08:00:00.000Z',
          createdBy: 'ada@example.test',
          revokedAt: null,
          launches: 0,
        },
        ...packages,
      ];
      return new Blob(['zip']);
    }
    const withdrawing = /^\/admin\/resim\/r1\/scorm\/(\w+)$/.exec(path);
    if (method === 'DELETE' && withdrawing) {
      withdrawn.push(withdrawing[1]!);
      packages = packages.map((item) => (item.id === withdrawing[1] ? { ...item, revokedAt: '2026-12-07T09:00:00.000Z' } : item));
      return { ok: true };
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  return { api: { request } as unknown as ApiClient, made, withdrawn };
};

describe('ScormPackagesModal', () => {
  it('downloads a package of the version chosen, lists it, and withdraws it only after a second word', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    // jsdom does not navigate: the click that saves the file is only counted.
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { api, made, withdrawn } = fakeApi();
    renderWithProviders(<ScormPackagesModal scenario={scenario} mayEdit onClose={() => undefined} />, { api });
    const dialog = await screen.findByRole('dialog', { name: 'SCORM packages of “Anaemia clinic”' });
    expect(await within(dialog).findByText('No package has been made of this scenario yet.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('radio', { name: /SCORM 1.2/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download package' }));
    await waitFor(() => expect(made).toEqual(['1.2']));
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    const table = await within(dialog).findByRole('table', { name: 'Packages' });
    expect(within(table).getByText('SCORM 1.2')).toBeTruthy();
    expect(within(table).getByText('Active')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Withdraw…' }));
    expect(withdrawn).toEqual([]);
    fireEvent.click(within(table).getByRole('button', { name: /Withdraw the SCORM 1.2 package/ }));
    await waitFor(() => expect(withdrawn).toEqual(['p1']));
    expect(await within(table).findByText('Withdrawn')).toBeTruthy();
  });

  it('says a closed scenario does not play yet, and offers no package where the space does not allow editing', async () => {
    const { api } = fakeApi();
    renderWithProviders(<ScormPackagesModal scenario={{ ...scenario, resimStatus: 0 }} mayEdit={false} onClose={() => undefined} />, {
      api,
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Not open to learners yet')).toBeTruthy();
    expect(within(dialog).getByText(/only its owner can make packages/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Download package' })).toBeNull();
  });
});
