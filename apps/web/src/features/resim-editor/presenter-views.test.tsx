import type { SavedPresenterView } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { PresenterDisplayLauncher } from './presenter-views';

const savedOf = (id: string, changes: Partial<SavedPresenterView> = {}): SavedPresenterView => ({
  id,
  resimId: 'r1',
  name: id,
  panels: ['join', 'lobby'],
  hideNames: false,
  theme: 'dark',
  isDefault: false,
  created: '2025-05-01T10:00:00.000Z',
  updated: '2025-05-01T10:00:00.000Z',
  ...changes,
});

const show = (views: SavedPresenterView[]) => {
  const resims = {
    presenterViews: vi.fn().mockResolvedValue(views),
    createPresenterView: vi.fn().mockImplementation((body: Partial<SavedPresenterView>) => Promise.resolve(savedOf('v-new', body))),
    patchPresenterView: vi.fn().mockImplementation((id: string, body: Partial<SavedPresenterView>) => Promise.resolve(savedOf(id, body))),
  };
  renderWithProviders(<PresenterDisplayLauncher resimId="r1" />, { api: { resims } as unknown as ApiClient });
  return resims;
};

const displayLink = () => screen.getByRole('link', { name: 'Presenter display' });

describe('presenter views', () => {
  it('opens the display with the scenario’s default view until another is chosen', async () => {
    show([savedOf('v1', { name: 'Room', isDefault: true }), savedOf('v2', { name: 'Scores' })]);
    expect(displayLink().getAttribute('href')).toBe('/presenter/r1');
    fireEvent.click(screen.getByRole('button', { name: 'Presenter views' }));
    const dialog = await screen.findByRole('dialog', { name: 'Presenter views' });
    const chooser = within(dialog).getByRole('combobox', { name: 'The display shows' });
    await waitFor(() => expect((chooser as HTMLInputElement).value).toBe("The scenario's default (Room)"));
    fireEvent.click(chooser);
    fireEvent.click(await screen.findByRole('option', { name: 'Scores' }));
    expect(displayLink().getAttribute('href')).toBe('/presenter/r1?view=v2');
    expect(within(dialog).getByRole('link', { name: 'Open the display' }).getAttribute('href')).toBe('/presenter/r1?view=v2');
  });

  it('saves a new view of the panels chosen, names hidden, and opens the display with it', async () => {
    const api = show([]);
    fireEvent.click(screen.getByRole('button', { name: 'Presenter views' }));
    const dialog = await screen.findByRole('dialog', { name: 'Presenter views' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'New view' }));
    const form = within(dialog).getByRole('form', { name: 'New presenter view' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: ' Scores only ' } });
    for (const panel of ['Join code and QR code', 'Lobby: names as learners join', 'Measure charts', 'Messages to learners'])
      fireEvent.click(within(form).getByRole('checkbox', { name: panel }));
    fireEvent.click(within(form).getByRole('switch', { name: /Hide learners' names/ }));
    fireEvent.click(within(form).getByText('Light'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save view' }));
    await waitFor(() =>
      expect(api.createPresenterView).toHaveBeenCalledWith({
        resimId: 'r1',
        name: 'Scores only',
        panels: ['leaderboard'],
        hideNames: true,
        theme: 'light',
        isDefault: false,
      }),
    );
    await waitFor(() => expect(displayLink().getAttribute('href')).toBe('/presenter/r1?view=v-new'));
  });

  it('will not save a view without a panel', async () => {
    show([savedOf('v1', { name: 'Room', panels: ['join'] })]);
    fireEvent.click(screen.getByRole('button', { name: 'Presenter views' }));
    const dialog = await screen.findByRole('dialog', { name: 'Presenter views' });
    const chooser = within(dialog).getByRole('combobox', { name: 'The display shows' });
    await waitFor(() => expect(chooser.hasAttribute('disabled')).toBe(false));
    fireEvent.click(chooser);
    fireEvent.click(await screen.findByRole('option', { name: 'Room' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit this view' }));
    const form = within(dialog).getByRole('form', { name: 'Edit the view Room' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Join code and QR code' }));
    expect(within(form).getByText('Choose at least one panel')).toBeTruthy();
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Save view' }).disabled).toBe(true);
  });
});
