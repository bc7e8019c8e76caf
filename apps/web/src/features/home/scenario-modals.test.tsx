import type { Space } from '@resim/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { ImportScenariosModal } from './scenario-modals';

const space: Space = {
  id: 's1',
  description: 'Cardiology',
  owner: 'a@example.test',
  isOwner: true,
  security: { canMove: true, canClone: true, canEdit: true, canDelete: true },
  created: '2025-01-01T00:00:00.000Z',
};

const api = { request: vi.fn() } as unknown as ApiClient;

const open = (props: { pending?: boolean; error?: string | null } = {}) => {
  const onImport = vi.fn();
  const onImportZip = vi.fn();
  renderWithProviders(
    <ImportScenariosModal
      space={space}
      pending={props.pending ?? false}
      error={props.error ?? null}
      onImport={onImport}
      onImportZip={onImportZip}
      onClose={() => undefined}
    />,
    { api },
  );
  const dialog = screen.getByRole('dialog', { name: 'Import scenarios into Cardiology' });
  const choose = (file: File) => {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [file] } });
  };
  return { dialog, choose, onImport, onImportZip };
};

describe('ImportScenariosModal', () => {
  it('takes a zip made by Export with media as well as a JSON export, and sends the zip as it is', () => {
    const { dialog, choose, onImport, onImportZip } = open();
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('application/json,.json,application/zip,.zip');
    const zip = new File(['PK'], 'chest-pain.resim.zip', { type: 'application/zip' });
    choose(zip);
    expect(within(dialog).getByText('chest-pain.resim.zip is ready to import with its media.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(onImportZip).toHaveBeenCalledWith(zip);
    expect(onImport).not.toHaveBeenCalled();
  });

  it('reads a zip by its name when the browser gives it no type', () => {
    const { dialog, choose, onImportZip } = open();
    choose(new File(['PK'], 'Export.ZIP'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(onImportZip).toHaveBeenCalledOnce();
  });

  it('says it is storing the media while the zip is imported', () => {
    const { dialog, choose } = open({ pending: true });
    choose(new File(['PK'], 'ward.resim.zip', { type: 'application/zip' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Checking ward.resim.zip and storing its media…');
  });

  it("shows the server's refusal of the zip sent, until another file is chosen", () => {
    const { dialog, choose } = open({ error: 'media/abc/x.png is listed in the manifest but not in the zip' });
    choose(new File(['PK'], 'ward.resim.zip', { type: 'application/zip' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByText('Nothing was imported')).toBeTruthy();
    expect(within(dialog).getByText('media/abc/x.png is listed in the manifest but not in the zip')).toBeTruthy();
    choose(new File(['PK'], 'ward-2.resim.zip', { type: 'application/zip' }));
    expect(within(dialog).queryByText('Nothing was imported')).toBeNull();
    expect(within(dialog).getByText('ward-2.resim.zip is ready to import with its media.')).toBeTruthy();
  });
});
