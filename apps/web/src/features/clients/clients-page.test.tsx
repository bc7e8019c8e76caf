import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../app/notify';
import { renderWithProviders } from '../../test/render';
import { ClientsPage } from './clients-page';
import { fakeClientsApi, learnerFixture, spaceFixture } from './clients-fixtures';

vi.mock('../../app/notify', () => ({ showSuccess: vi.fn(), showDanger: vi.fn() }));

const cohort = [
  learnerFixture('ann@example.test', { tags: ['night', 'week1'], invited: '2025-02-01T10:00:00.000Z', resims: ['r1'] }),
  learnerFixture('bob@example.test', { tags: ['day'] }),
  learnerFixture('cy@example.test', { tags: ['night'] }),
  learnerFixture('dee@example.test'),
];

const rowEmails = () =>
  within(screen.getByRole('table', { name: 'Learners' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

const open = async (learners = cohort, path = '/clients?space=s1') => {
  const fake = fakeClientsApi({ learners });
  renderWithProviders(<ClientsPage />, { api: fake.api, path });
  await screen.findByRole('table', { name: 'Learners' });
  return fake;
};

describe('Clients: the learners table', () => {
  it('lists the learners of the space in the address, with tags, dates and scenario counts', async () => {
    const { list } = await open();
    expect(list).toHaveBeenCalledWith('s1', expect.anything());
    expect(rowEmails()).toEqual(['ann@example.test', 'bob@example.test', 'cy@example.test', 'dee@example.test']);
    const ann = screen.getByRole('row', { name: /ann@example.test/ });
    expect(within(ann).getByText('week1')).toBeTruthy();
    expect(ann.querySelector('time[datetime="2025-02-01T10:00:00.000Z"]')).toBeTruthy();
    expect(within(ann).getAllByText('Never')).toHaveLength(1);
  });

  it('opens the first space by name when the address names none', async () => {
    const fake = fakeClientsApi({ spaces: [spaceFixture('s2', 'Neurology'), spaceFixture('s1', 'Cardiology')], learners: cohort });
    renderWithProviders(<ClientsPage />, { api: fake.api, path: '/clients' });
    await screen.findByRole('table', { name: 'Learners' });
    expect(fake.list).toHaveBeenCalledWith('s1', expect.anything());
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Space' }).value).toBe('Cardiology');
  });

  it('shows who has an accommodation, and where it comes from, in words', async () => {
    const none = { extraPercent: 0, extraMinutes: 0, untimed: false, windowMinutes: 0 };
    await open([
      learnerFixture('ann@example.test', { accommodation: { ...none, extraPercent: 50, windowMinutes: 120, from: 'learner' } }),
      learnerFixture('bob@example.test', { tags: ['Dyslexia'], accommodation: { ...none, untimed: true, from: ['Dyslexia'] } }),
      learnerFixture('cy@example.test'),
    ]);
    // Each part of the cell, as a screen reader reads them one after the other.
    const accommodation = (email: string) => {
      const row = screen.getByRole('row', { name: new RegExp(email) });
      const column = within(screen.getByRole('table', { name: 'Learners' }))
        .getAllByRole('columnheader')
        .findIndex((header) => header.textContent === 'Accommodation');
      const cell = within(row).getAllByRole('cell')[column - 1];
      return [...(cell?.querySelectorAll('.mantine-Badge-label, p') ?? [])].map((part) => part.textContent);
    };
    expect(accommodation('ann@example.test')).toEqual(['+50 % time, closes 2 h later', 'own']);
    expect(accommodation('bob@example.test')).toEqual(['untimed', 'from tag Dyslexia']);
    expect(accommodation('cy@example.test')).toEqual(['None']);
    expect(screen.getByRole('button', { name: 'Accommodation for cy@example.test' })).toBeTruthy();
  });

  it('searches by email and filters by tag', async () => {
    await open();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search learners by email' }), { target: { value: 'B@EX' } });
    await waitFor(() => expect(rowEmails()).toEqual(['bob@example.test']));
    expect(screen.getByText('Showing 1 of 4 learners')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'night' }));
    await waitFor(() => expect(rowEmails()).toEqual(['ann@example.test', 'cy@example.test']));
  });

  it('says when nothing matches, and clears the filters', async () => {
    await open();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search learners by email' }), { target: { value: 'zed' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowEmails()).toHaveLength(4));
  });

  it('selects all on the page, then adds a tag to them', async () => {
    const { tag } = await open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all learners on this page' }));
    expect(screen.getByText('4 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tag 4 learners' });
    const input = within(dialog).getByRole('combobox', { name: 'Tags to add' });
    fireEvent.change(input, { target: { value: 'cohort-2' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    await waitFor(() =>
      expect(tag).toHaveBeenCalledWith('s1', {
        learners: ['ann@example.test', 'bob@example.test', 'cy@example.test', 'dee@example.test'],
        tags: ['cohort-2'],
        mode: 'add',
      }),
    );
    expect(showSuccess).toHaveBeenCalledWith('Added tag “cohort-2” to 4 learners');
  });

  it('removes a tag the selected learners have', async () => {
    const { tag } = await open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select cy@example.test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove tags from 1 learner' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Tags to remove' }));
    expect(screen.queryByRole('option', { name: 'day' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'night' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove tag' }));
    await waitFor(() => expect(tag).toHaveBeenCalledWith('s1', { learners: ['cy@example.test'], tags: ['night'], mode: 'remove' }));
  });

  it('selects a range with shift-click', async () => {
    await open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select bob@example.test' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select dee@example.test' }), { shiftKey: true });
    const checked = screen
      .getAllByRole('checkbox', { name: /^Select .+@/ })
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.getAttribute('aria-label'));
    expect(checked).toEqual(['Select bob@example.test', 'Select cy@example.test', 'Select dee@example.test']);
  });

  it('asks before removing, naming how many and who, and removes only on confirmation', async () => {
    const { remove } = await open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ann@example.test' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select cy@example.test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove learners' });
    expect(within(dialog).getByText('Remove 2 learners from this space?')).toBeTruthy();
    expect(within(dialog).getByText('ann@example.test, cy@example.test')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove learners' })).getByRole('button', { name: 'Remove 2 learners' }),
    );
    await waitFor(() => expect(remove).toHaveBeenCalledWith('s1', ['ann@example.test', 'cy@example.test']));
    await waitFor(() => expect(rowEmails()).toEqual(['bob@example.test', 'dee@example.test']));
    expect(screen.getByText('Select learners to tag, remind or remove them')).toBeTruthy();
  });

  it('sends a reminder to the selected learners after asking', async () => {
    const { remind } = await open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select bob@example.test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send reminder' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Send a reminder' })).getByRole('button', { name: 'Send reminder 1 learner' }),
    );
    await waitFor(() => expect(remind).toHaveBeenCalledWith('s1', ['bob@example.test']));
  });

  it('shows thousands of learners a page at a time, and selects every one shown across pages', async () => {
    const many = Array.from({ length: 2_000 }, (_, at) => learnerFixture(`l${String(at).padStart(4, '0')}@example.test`));
    const { remind } = await open(many);
    expect(rowEmails()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowEmails()[0]).toBe('l0050@example.test'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all learners on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 2,000 learners shown' }));
    expect(screen.getByText('2,000 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder' });
    expect(within(dialog).getByText(/and 1,995 more$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reminder 2,000 learners' }));
    await waitFor(() => expect(remind.mock.calls[0]?.[1]).toHaveLength(2_000));
  });

  it('says one learner in the singular: selected on a page, shown by a filter', async () => {
    const many = Array.from({ length: 51 }, (_, at) => learnerFixture(`l${String(at).padStart(4, '0')}@example.test`));
    await open(many);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowEmails()).toEqual(['l0050@example.test']));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all learners on this page' }));
    expect(screen.getByRole('status').textContent).toBe('The 1 learner on this page is selected. Select all 51 learners shown');
  });

  it('says a filter that finds none of one learner in the singular', async () => {
    await open([learnerFixture('ann@example.test')]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search learners by email' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('Showing 0 of 1 learner')).toBeTruthy();
  });

  it('invites to add learners when the space has none', async () => {
    const fake = fakeClientsApi({ learners: [] });
    renderWithProviders(<ClientsPage />, { api: fake.api, path: '/clients?space=s1' });
    expect(await screen.findByText('No learners yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add learners' }));
    expect(await screen.findByRole('dialog', { name: 'Add learners to Cardiology' })).toBeTruthy();
  });

  it('says when the learners could not be loaded, and tries again', async () => {
    const fake = fakeClientsApi({ learners: cohort });
    fake.list.mockRejectedValueOnce(new Error('offline'));
    renderWithProviders(<ClientsPage />, { api: fake.api, path: '/clients?space=s1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Learners' })).toBeTruthy();
  });

  it('shows learners read-only in a space the user may not edit', async () => {
    const fake = fakeClientsApi({
      spaces: [
        spaceFixture('s1', 'Cardiology', { isOwner: false, security: { canMove: true, canClone: true, canEdit: false, canDelete: false } }),
      ],
      learners: cohort,
    });
    renderWithProviders(<ClientsPage />, { api: fake.api, path: '/clients?space=s1' });
    await screen.findByRole('table', { name: 'Learners' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add learners' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Accommodation for/ })).toBeNull();
  });

  it('says so when the address names a space that is not the user’s', async () => {
    const fake = fakeClientsApi({ learners: cohort });
    renderWithProviders(<ClientsPage />, { api: fake.api, path: '/clients?space=elsewhere' });
    expect(await screen.findByText('Space not found')).toBeTruthy();
    expect(fake.list).not.toHaveBeenCalled();
  });
});
