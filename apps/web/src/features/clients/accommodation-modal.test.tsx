import type { Learner } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { showSuccess } from '../../app/notify';
import { renderWithProviders } from '../../test/render';
import { ClientsPage } from './clients-page';
import { fakeClientsApi, learnerFixture } from './clients-fixtures';

vi.mock('../../app/notify', () => ({ showSuccess: vi.fn(), showDanger: vi.fn() }));

const none = { extraPercent: 0, extraMinutes: 0, untimed: false, windowMinutes: 0 };

const cohort = [
  learnerFixture('ann@example.test', { tags: ['night'] }),
  learnerFixture('bob@example.test', { tags: ['Dyslexia'], accommodation: { ...none, extraPercent: 50, from: 'learner' } }),
  learnerFixture('cy@example.test', { tags: ['Dyslexia'], accommodation: { ...none, extraMinutes: 20, from: ['Dyslexia'] } }),
];

const open = async (learners: Learner[] = cohort) => {
  const fake = fakeClientsApi({
    learners,
    accommodations: {
      learners: [],
      tags: [{ kind: 'tag', name: 'Dyslexia', ...none, extraMinutes: 20, updated: '2025-01-01T00:00:00.000Z' }],
    },
  });
  renderWithProviders(<ClientsPage />, { api: fake.api, path: '/clients?space=s1' });
  await screen.findByRole('table', { name: 'Learners' });
  return fake;
};

const openFor = async (email: string) => {
  fireEvent.click(screen.getByRole('button', { name: `Accommodation for ${email}` }));
  return screen.findByRole('dialog', { name: `Accommodation for ${email}` });
};

const type = (dialog: HTMLElement, name: string | RegExp, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

/** axe's critical and serious violations in what is on screen (the page, and the modal open over it). */
const violations = async () => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious').map((v) => v.id);
};

describe('Clients: accommodations', () => {
  it('is accessible: the table with its badges and buttons, and the modal for a learner and for a tag', async () => {
    await open();
    expect(await violations()).toEqual([]);
    const dialog = await openFor('bob@example.test');
    expect(await violations()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Accommodation for tag…' }));
    const forTag = await screen.findByRole('dialog', { name: 'Accommodation for a tag' });
    fireEvent.click(within(forTag).getByRole('combobox', { name: 'Tag' }));
    fireEvent.click(screen.getByRole('option', { name: 'Dyslexia' }));
    await within(forTag).findByRole('button', { name: 'Remove accommodation' });
    expect(await violations()).toEqual([]);
  });

  it('gives a learner extra time as a percentage, previewed in the words the table uses', async () => {
    const { accommodate } = await open();
    const dialog = await openFor('ann@example.test');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    type(dialog, /Extra time in percent/, '50');
    expect(await within(dialog).findByText('+50 % time')).toBeTruthy();
    fireEvent.click(save);
    await waitFor(() =>
      expect(accommodate).toHaveBeenCalledWith('s1', { learners: ['ann@example.test'], accommodation: { ...none, extraPercent: 50 } }),
    );
    expect(showSuccess).toHaveBeenCalledWith('Accommodation for ann@example.test: +50 % time');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives extra minutes and a later close of the schedule window', async () => {
    const { accommodate } = await open();
    const dialog = await openFor('ann@example.test');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Minutes' }));
    type(dialog, /Extra time in minutes/, '25');
    type(dialog, /Schedule window closes later by/, '120');
    expect(await within(dialog).findByText('+25 min, closes 2 h later')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(accommodate).toHaveBeenCalledWith('s1', {
        learners: ['ann@example.test'],
        accommodation: { ...none, extraMinutes: 25, windowMinutes: 120 },
      }),
    );
  });

  it('makes play untimed, the extra time then off', async () => {
    const { accommodate } = await open();
    const dialog = await openFor('ann@example.test');
    type(dialog, /Extra time in percent/, '50');
    fireEvent.click(within(dialog).getByRole('switch', { name: /Untimed/ }));
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Extra time in percent/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(dialog).getByText('Time limits off; the time is still measured and shown.')).toBeTruthy();
    expect(await within(dialog).findByText('untimed')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(accommodate).toHaveBeenCalledWith('s1', { learners: ['ann@example.test'], accommodation: { ...none, untimed: true } }),
    );
  });

  it('refuses numbers past the bounds before sending', async () => {
    const { accommodate } = await open();
    const dialog = await openFor('ann@example.test');
    type(dialog, /Extra time in percent/, '500');
    expect(await within(dialog).findByText('A whole number from 0 to 300')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(save);
    expect(accommodate).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal inside the modal, as the server wrote it', async () => {
    const { accommodate } = await open();
    accommodate.mockRejectedValueOnce(
      new ApiError('ann@example.test is not a learner of this space', {
        method: 'PUT',
        path: '/admin/space/s1/accommodation',
        status: 404,
        code: 'not_found',
      }),
    );
    const dialog = await openFor('ann@example.test');
    type(dialog, /Extra time in percent/, '10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('ann@example.test is not a learner of this space')).toBeTruthy();
    expect(within(dialog).getByText('Nothing was changed')).toBeTruthy();
  });

  it('shows a learner’s own accommodation, and removes it once confirmed', async () => {
    const { unaccommodate } = await open();
    const dialog = await openFor('bob@example.test');
    expect(within(dialog).getByText(/^Now:/).textContent).toBe('Now: +50 % time');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Extra time in percent/ }).value).toBe('50 %');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove accommodation' }));
    expect(within(dialog).getByText(/Remove the accommodation of bob@example.test\?/)).toBeTruthy();
    expect(unaccommodate).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(unaccommodate).toHaveBeenCalledWith('s1', { learners: ['bob@example.test'] }));
    expect(showSuccess).toHaveBeenCalledWith('Accommodation removed for bob@example.test');
  });

  it('says what a learner has from their tags, and offers no removal of it', async () => {
    await open();
    const dialog = await openFor('cy@example.test');
    expect(within(dialog).getByText('Now +20 min from tag Dyslexia. An accommodation of their own replaces it.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Remove accommodation' })).toBeNull();
  });

  it('sets a tag’s accommodation, chosen from the space’s tags and starting from what it has', async () => {
    const { accommodate } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Accommodation for tag…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accommodation for a tag' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Tag' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Dyslexia', 'night']);
    fireEvent.click(screen.getByRole('option', { name: 'Dyslexia' }));
    expect(await within(dialog).findByRole('radio', { name: 'Minutes', checked: true })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Extra time in minutes/ }).value).toBe('20 min');
    type(dialog, /Extra time in minutes/, '30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(accommodate).toHaveBeenCalledWith('s1', { tags: ['Dyslexia'], accommodation: { ...none, extraMinutes: 30 } }),
    );
  });

  it('removes a tag’s accommodation once confirmed', async () => {
    const { unaccommodate } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Accommodation for tag…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accommodation for a tag' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Tag' }));
    fireEvent.click(screen.getByRole('option', { name: 'Dyslexia' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Remove accommodation' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(unaccommodate).toHaveBeenCalledWith('s1', { tags: ['Dyslexia'] }));
  });
});
