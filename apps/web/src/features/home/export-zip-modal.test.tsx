import type { ResimSummary } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { ExportZipModal } from './export-zip-modal';

const scenario: ResimSummary = {
  id: 'r1',
  resimName: 'Chest pain: day 1',
  description: '',
  group: 's1',
  resimStatus: 0,
  templateId: null,
  created: '2026-12-01T09:00:00.000Z',
  priority: null,
};

/** The server as the dialog calls it: a zip made when asked, or a refusal; `release` lets a held answer go. */
const fakeApi = (answer: () => Promise<Blob>) => {
  const asked: unknown[] = [];
  const request = vi.fn(async ({ method, path, body }: { method: string; path: string; body?: unknown }) => {
    if (method === 'POST' && path === '/admin/export/zip') {
      asked.push(body);
      return answer();
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  return { api: { request } as unknown as ApiClient, asked };
};

describe('ExportZipModal', () => {
  it('says it is packing while the server makes the zip, then saves it under the scenario name and closes', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    // jsdom does not navigate: the click that saves the file is only counted.
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let release: (zip: Blob) => void = () => undefined;
    const { api, asked } = fakeApi(() => new Promise<Blob>((resolve) => (release = resolve)));
    const onClose = vi.fn();
    renderWithProviders(<ExportZipModal scenario={scenario} onClose={onClose} />, { api });
    const dialog = await screen.findByRole('dialog', { name: 'Export “Chest pain: day 1” with media' });

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Include the version history/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download .zip' }));
    expect(await within(dialog).findByRole('status')).toHaveProperty('textContent', 'Packing the scenario and its media…');
    expect(asked).toEqual([{ ids: ['r1'], history: true }]);
    expect(within(dialog).getByRole('checkbox', { name: /Include the version history/ })).toHaveProperty('disabled', true);

    release(new Blob(['PK']));
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    const link = saved.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('chest-pain-day-1.resim.zip');
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    saved.mockRestore();
  });

  it("shows the server's refusal and stays open to try again", async () => {
    const { api } = fakeApi(() =>
      Promise.reject(new Error('A file the scenario refers to is no longer stored: /files/0123456789abcdef01234567/x-ray.png')),
    );
    const onClose = vi.fn();
    renderWithProviders(<ExportZipModal scenario={scenario} onClose={onClose} />, { api });
    const dialog = await screen.findByRole('dialog', { name: 'Export “Chest pain: day 1” with media' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download .zip' }));
    const alert = await within(dialog).findByText(/no longer stored: \/files\/0123456789abcdef01234567\/x-ray.png/);
    expect(alert).toBeTruthy();
    expect(within(dialog).getByText('The zip was not made')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download .zip' })).toHaveProperty('disabled', false);
    expect(onClose).not.toHaveBeenCalled();
  });
});
