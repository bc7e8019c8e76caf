import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmailSendsProvider } from '../../app/app-session';
import { showSuccess } from '../../app/notify';
import { renderWithProviders } from '../../test/render';
import { ClientsPage } from './clients-page';
import { fakeClientsApi, learnerFixture } from './clients-fixtures';

vi.mock('../../app/notify', () => ({ showSuccess: vi.fn(), showDanger: vi.fn() }));

const openDialog = async (emailSends: boolean | null = null) => {
  const fake = fakeClientsApi({ learners: [learnerFixture('old@example.test', { tags: ['night'] })] });
  renderWithProviders(
    <EmailSendsProvider value={emailSends}>
      <ClientsPage />
    </EmailSendsProvider>,
    { api: fake.api, path: '/clients?space=s1' },
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Add learners' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add learners to Cardiology' });
  const paste = (text: string) => fireEvent.change(within(dialog).getByRole('textbox', { name: /Emails/ }), { target: { value: text } });
  return { ...fake, dialog, paste };
};

describe('Clients: adding learners', () => {
  it('reports every bad line before saving, and saves nothing while there are bad lines', async () => {
    const { dialog, paste, add } = await openDialog();
    paste('email,tags\nann@example.test, week1\nnot an email\nANN@example.test; x\nold@example.test\n');
    const report = await within(dialog).findByRole('region', { name: 'What will be added' });
    expect(within(report).getByText('1 learner will be added; 1 already in the space will get the tags')).toBeTruthy();
    expect(within(report).getByText('The first line names the columns and was skipped')).toBeTruthy();
    const bad = within(report).getByRole('table', { name: 'Lines that cannot be added' });
    expect(
      within(bad)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'LineContentWhy',
      '3not an email“not an email” is not an email address',
      '4ANN@example.test; x“ANN@example.test; x” is not an email address',
    ]);
    const save = within(dialog).getByRole('button', { name: 'Add 2 learners' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(save);
    expect(add).not.toHaveBeenCalled();
  });

  it('adds the good lines and skips the bad ones only when asked to', async () => {
    const { dialog, paste, add } = await openDialog();
    paste('ann@example.test, week1; night\nbad line\nbob@example.test\n');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add the 2 good, skip 1 bad line' }));
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith('s1', {
        tags: [],
        notify: false,
        learners: [{ email: 'ann@example.test', tags: ['week1', 'night'] }, { email: 'bob@example.test' }],
      }),
    );
  });

  it('merges duplicates, adds tags for everyone, invites, and shows the server’s answer', async () => {
    const { dialog, paste, add } = await openDialog();
    paste('ann@example.test\nbob@example.test\nAnn@Example.test, lead\n');
    expect(await within(dialog).findByText(/1 email appears more than once/)).toBeTruthy();
    const tags = within(dialog).getByRole('combobox', { name: /Tags for everyone/ });
    // Mantine takes typing only from the focused input, as a person types.
    act(() => tags.focus());
    fireEvent.change(tags, { target: { value: 'cohort-3' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Send invitations/ }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add 2 learners' }));
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith('s1', {
        tags: ['cohort-3'],
        notify: true,
        learners: [{ email: 'ann@example.test', tags: ['lead'] }, { email: 'bob@example.test' }],
      }),
    );
    expect(showSuccess).toHaveBeenCalledWith('2 learners added · 2 invitations sent');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('invites by default where email is sent, and says invitations reach nobody where no SMTP server is configured', async () => {
    const sending = await openDialog(true);
    expect(within(sending.dialog).getByRole<HTMLInputElement>('checkbox', { name: /Send invitations/ }).checked).toBe(true);
    fireEvent.click(within(sending.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    document.body.innerHTML = '';

    const keeping = await openDialog(false);
    const box = within(keeping.dialog).getByRole<HTMLInputElement>('checkbox', { name: /Send invitations/ });
    expect(box.checked).toBe(false);
    expect(keeping.dialog.textContent).toContain('No SMTP server is configured: invitations stay in the outbox and reach nobody.');
    keeping.paste('ann@example.test\n');
    fireEvent.click(box);
    fireEvent.click(await within(keeping.dialog).findByRole('button', { name: 'Add 1 learner' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(expect.stringContaining('kept in the outbox, not sent (no SMTP configured)')),
    );
  });

  it('refuses a tag for everyone that the server would refuse', async () => {
    const { dialog, paste } = await openDialog();
    paste('ann@example.test\n');
    const tags = within(dialog).getByRole('combobox', { name: /Tags for everyone/ });
    act(() => tags.focus());
    fireEvent.change(tags, { target: { value: 'x'.repeat(41) } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(await within(dialog).findByText(/a tag has at most 40 characters/)).toBeTruthy();
    expect((await within(dialog).findByRole('button', { name: 'Add 1 learner' })).hasAttribute('disabled')).toBe(true);
  });

  it('sends the accommodation of each line, and reports a bad one by its line', async () => {
    const { dialog, paste, add } = await openDialog();
    paste('email,tags,accommodation\nann@example.test,,50%\nbob@example.test,x,\ncy@example.test,,forever\n');
    const report = await within(dialog).findByRole('region', { name: 'What will be added' });
    expect(within(report).getByText('1 learner with an accommodation from the list')).toBeTruthy();
    expect(
      within(within(report).getByRole('table', { name: 'Lines that cannot be added' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'LineContentWhy',
      '4cy@example.test,,foreveraccommodation: “forever” is not an accommodation: write 50%, 25 min, untimed or window 2h, joined by ;',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add the 2 good, skip 1 bad line' }));
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith('s1', {
        tags: [],
        notify: false,
        learners: [
          { email: 'ann@example.test', accommodation: { extraPercent: 50, extraMinutes: 0, untimed: false, windowMinutes: 0 } },
          { email: 'bob@example.test', tags: ['x'] },
        ],
      }),
    );
  });

  it('reads an uploaded CSV file', async () => {
    const { dialog, add } = await openDialog();
    const content = 'Email,Tags\ncy@example.test,"a|b"\n';
    const file = new File([content], 'cohort.csv', { type: 'text/csv' });
    // jsdom's files cannot be read as text; a browser's can.
    Object.defineProperty(file, 'text', { value: async () => content });
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect(await within(dialog).findByText('cohort.csv')).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add 1 learner' }));
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith('s1', { tags: [], notify: false, learners: [{ email: 'cy@example.test', tags: ['a', 'b'] }] }),
    );
  });
});
