import type { LrsSettings, Space, SpaceUser } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { SpaceSettingsPage } from './space-settings-page';

const security = { canMove: true, canClone: true, canEdit: true, canDelete: true };
const lab: Space = {
  id: 's1',
  description: 'Lab',
  owner: 'me@example.test',
  isOwner: true,
  security,
  created: '2025-01-01T00:00:00.000Z',
};
const userOf = (id: string, email: string, more: Partial<SpaceUser> = {}): SpaceUser => ({
  id,
  email,
  name: null,
  isOwner: false,
  fromGroup: false,
  pending: false,
  ...more,
});
const owner = userOf('u-me', 'me@example.test', { isOwner: true });

const fakeApi = (initial: { space?: Space; users?: SpaceUser[]; lrs?: LrsSettings } = {}) => {
  let space = initial.space ?? lab;
  let users = initial.users ?? [owner];
  // As the server answers: someone new to the space is pending, whether or not they had an account.
  const addUser = vi.fn(async (_spaceId: string, { email }: { email: string }) => {
    const added = userOf(`u-${email}`, email, { pending: true });
    users = [...users, added];
    return added;
  });
  const removeUser = vi.fn(async (_spaceId: string, userId: string) => {
    users = users.filter((user) => user.id !== userId);
    return { ok: true as const };
  });
  const setSecurity = vi.fn(async (_spaceId: string, flags: Space['security']) => {
    space = { ...space, security: flags };
    return space;
  });
  const handOver = vi.fn(async (_spaceId: string, { email }: { email: string }) => {
    space = { ...space, owner: email, isOwner: false };
    return space;
  });
  let lrs: LrsSettings = initial.lrs ?? {
    endpoint: null,
    key: null,
    secretSet: false,
    updated: null,
    counts: { queued: 0, sending: 0, sent: 0, failed: 0 },
    lastError: null,
  };
  const setLrs = vi.fn(async (_spaceId: string, body: { endpoint: string; key: string; secret?: string }) => {
    lrs = { ...lrs, endpoint: body.endpoint, key: body.key, secretSet: true, updated: '2026-12-02T10:00:00.000Z' };
    return lrs;
  });
  const checkLrs = vi.fn(async () =>
    lrs.key === 'good'
      ? { ok: true, message: 'The LRS answered and accepted the key and secret; it speaks xAPI 1.0.3', versions: ['1.0.3'] }
      : { ok: false, message: 'The LRS answered 401: it refused the key and secret', versions: [] },
  );
  const retryLrs = vi.fn(async () => {
    const queued = lrs.counts.failed ?? 0;
    lrs = { ...lrs, counts: { ...lrs.counts, failed: 0, queued }, lastError: null };
    return { queued };
  });
  const removeLrs = vi.fn(async () => {
    lrs = { ...lrs, endpoint: null, key: null, secretSet: false };
    return { ok: true as const };
  });
  const api = {
    spaces: {
      list: async () => [space],
      users: async () => users,
      addUser,
      removeUser,
      setSecurity,
      handOver,
      rename: vi.fn(),
      lrs: async () => lrs,
      setLrs,
      checkLrs,
      retryLrs,
      removeLrs,
    },
    user: { auth: async () => ({ id: 'u-me', email: 'me@example.test', name: null, groups: [], isDeveloper: false, isLearner: false }) },
  } as unknown as ApiClient;
  return { api, addUser, removeUser, setSecurity, handOver, setLrs, checkLrs, retryLrs, removeLrs };
};

const members = () => screen.findByRole('table', { name: 'Members' });

describe('Space settings', () => {
  it('adds a member by email and shows them as Invited, saying the same whether or not the address had an account', async () => {
    const { api, addUser } = fakeApi();
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    expect(await screen.findByText('No one else is in this space yet')).toBeTruthy();

    const field = screen.getByRole('textbox', { name: 'Add a member' });
    fireEvent.change(field, { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText(/Enter a valid email address/)).toBeTruthy();
    expect(addUser).not.toHaveBeenCalled();

    const said: string[] = [];
    for (const email of ['new.person@example.test', 'known@example.test']) {
      fireEvent.change(field, { target: { value: email === 'new.person@example.test' ? 'New.Person@Example.test' : email } });
      fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
      const status = await screen.findByText((text) => text.startsWith(`${email} has been invited`));
      said.push(status.textContent.replace(email, 'ADDRESS'));
      expect(within(await members()).getByRole('row', { name: new RegExp(email) }).textContent).toBe(`${email}Invited`);
    }
    expect(addUser).toHaveBeenCalledWith('s1', { email: 'new.person@example.test' });
    expect(said).toEqual([said[0], said[0]]);
    expect(said[0]).toBe('ADDRESS has been invited to this space by email, and shows as Invited until they sign in and open it.');
  });

  it('shows a member who has not yet signed in by email with Invited, and one who has by name and email', async () => {
    const { api } = fakeApi({
      users: [owner, userOf('u-kim', 'kim@example.test', { name: 'Kim Known' }), userOf('u-pat', 'pat@example.test', { pending: true })],
    });
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    const table = await members();
    expect(within(table).getByRole('row', { name: /pat@example\.test/ }).textContent).toBe('pat@example.testInvited');
    expect(within(table).getByRole('row', { name: /kim@example\.test/ }).textContent).toBe('Kim Knownkim@example.testMember');
    expect(screen.getByText(/have not yet signed in and opened this space/)).toBeTruthy();
  });

  it('says where a member is added what the space lets them do, delete included when the flags are on, with the way to change it', async () => {
    const { api } = fakeApi();
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    const note = await screen.findByLabelText('What a member may do');
    expect(note.textContent).toBe(
      "A member may open the space's scenarios, edit its scenarios and add or remove members, clone them, move them to another space, delete them. Change what members may do",
    );
    expect(within(note).getByRole('link', { name: 'Change what members may do' }).getAttribute('href')).toBe('#space-security-title');
  });

  it('says what a member may not do when the owner turned flags off', async () => {
    const { api } = fakeApi({ space: { ...lab, security: { ...security, canDelete: false, canMove: false } } });
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    expect((await screen.findByLabelText('What a member may do')).textContent).toContain(
      'They may not move them to another space or delete them.',
    );
  });

  it('removes a member only after confirming, and never one a sign-in group gives the space', async () => {
    const { api, removeUser } = fakeApi({
      users: [owner, userOf('u-ann', 'ann@example.test'), userOf('u-grp', 'grp@example.test', { fromGroup: true })],
    });
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    const table = await members();
    expect(within(table).getByText('Owner')).toBeTruthy();
    expect(within(table).getByText('Sign-in group')).toBeTruthy();
    expect(screen.getByText(/cannot be removed here/)).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Remove grp@example.test' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Remove me@example.test' })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Remove ann@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removeUser).not.toHaveBeenCalled();

    fireEvent.click(within(table).getByRole('button', { name: 'Remove ann@example.test' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove member' })).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(within(table).queryByText('ann@example.test')).toBeNull());
    expect(removeUser).toHaveBeenCalledWith('s1', 'u-ann');
  });

  it('saves the security flags the owner switches', async () => {
    const { api, setSecurity } = fakeApi();
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    const save = await screen.findByRole('button', { name: 'Save security' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: /Members can delete/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save security' }));
    await waitFor(() => expect(setSecurity).toHaveBeenCalledWith('s1', { ...security, canDelete: false }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save security' }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Members can delete/ }).checked).toBe(false);
  });

  it('shows the flags read-only to a member, with the reason, and no handover', async () => {
    const { api } = fakeApi({ space: { ...lab, owner: 'boss@example.test', isOwner: false, security: { ...security, canEdit: false } } });
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    expect(await screen.findByText(/Only the owner of this space, boss@example\.test, can change its security/)).toBeTruthy();
    for (const flag of screen.getAllByRole('switch')) expect(flag.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save security' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Hand over to' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Add a member' })).toBeNull();
    expect(screen.getByText('Only the owner can hand this space over to someone else.')).toBeTruthy();
  });

  it('hands the space over after confirming, and then shows it as a member sees it', async () => {
    const { api, handOver } = fakeApi();
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Hand over to' }), { target: { value: 'next@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hand over…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over this space' });
    expect(within(dialog).getByText(/You lose the owner's rights/)).toBeTruthy();
    expect(handOver).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('Only the owner can hand this space over to someone else.')).toBeTruthy();
    expect(handOver).toHaveBeenCalledWith('s1', { email: 'next@example.test' });
    expect(screen.getByTestId('space-owner').textContent).toContain('next@example.test owns this space');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Owner' })));
  });

  it('says so when the space is not one of the caller’s', async () => {
    const { api } = fakeApi();
    renderWithProviders(<SpaceSettingsPage spaceId="elsewhere" />, { api });
    expect(await screen.findByText('Space not found')).toBeTruthy();
  });

  it('sets the learning record store, tests it in plain words, and never shows the secret', async () => {
    const { api, setLrs, checkLrs } = fakeApi();
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    const card = within(await screen.findByRole('region', { name: 'Learning record store (xAPI)' }));
    expect(await card.findByText('No statements are sent: this space has no LRS.')).toBeTruthy();
    fireEvent.change(card.getByRole('textbox', { name: /xAPI endpoint/ }), { target: { value: 'https://lrs.example.org/xapi/' } });
    fireEvent.change(card.getByRole('textbox', { name: /Key/ }), { target: { value: 'wrong' } });
    fireEvent.change(card.getByLabelText(/Secret/), { target: { value: 's3cret' } });
    fireEvent.click(card.getByRole('button', { name: 'Save LRS' }));
    await waitFor(() =>
      expect(setLrs).toHaveBeenCalledWith('s1', { endpoint: 'https://lrs.example.org/xapi/', key: 'wrong', secret: 's3cret' }),
    );
    expect(await card.findByText('0 sent')).toBeTruthy();
    expect(card.getByLabelText<HTMLInputElement>(/Secret/).value).toBe('');
    expect(card.getByText('Leave empty to keep the one saved')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Test the connection' }));
    expect((await card.findByRole('status')).textContent).toContain('The LRS answered 401: it refused the key and secret');
    // A new key alone keeps the secret saved.
    fireEvent.change(card.getByRole('textbox', { name: /Key/ }), { target: { value: 'good' } });
    fireEvent.click(card.getByRole('button', { name: 'Save LRS' }));
    await waitFor(() => expect(setLrs).toHaveBeenLastCalledWith('s1', { endpoint: 'https://lrs.example.org/xapi/', key: 'good' }));
    fireEvent.click(await card.findByRole('button', { name: 'Test the connection' }));
    await waitFor(() => expect(checkLrs).toHaveBeenCalledTimes(2));
    expect((await card.findByRole('status')).textContent).toContain('it speaks xAPI 1.0.3');
  });

  it('tells what went wrong, sends the failed statements again, and asks before it stops sending', async () => {
    const { api, retryLrs, removeLrs } = fakeApi({
      lrs: {
        endpoint: 'https://lrs.example.org/xapi/',
        key: 'k',
        secretSet: true,
        updated: '2026-12-01T10:00:00.000Z',
        counts: { queued: 0, sending: 0, sent: 40, failed: 2 },
        lastError: 'The LRS answered 401: it refused the key and secret',
      },
    });
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    const card = within(await screen.findByRole('region', { name: 'Learning record store (xAPI)' }));
    expect((await card.findByLabelText('Statements by status')).textContent).toBe('40 sent2 failed');
    expect(card.getByText('The LRS answered 401: it refused the key and secret')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Send the failed ones again' }));
    await waitFor(() => expect(retryLrs).toHaveBeenCalled());
    expect(await card.findByText('2 queued')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Stop sending' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stop sending statements?' }));
    expect(removeLrs).not.toHaveBeenCalled();
    fireEvent.click(dialog.getByRole('button', { name: 'Stop sending' }));
    await waitFor(() => expect(removeLrs).toHaveBeenCalled());
    expect(await card.findByText('No statements are sent: this space has no LRS.')).toBeTruthy();
  });

  it('shows a member where statements go, without a way to change it', async () => {
    const { api } = fakeApi({
      space: { ...lab, isOwner: false, owner: 'boss@example.test' },
      lrs: {
        endpoint: 'https://lrs.example.org/xapi/',
        key: 'k',
        secretSet: true,
        updated: null,
        counts: { queued: 0, sending: 0, sent: 3, failed: 0 },
        lastError: null,
      },
    });
    renderWithProviders(<SpaceSettingsPage spaceId="s1" />, { api });
    const card = within(await screen.findByRole('region', { name: 'Learning record store (xAPI)' }));
    expect((await card.findByText(/Statements go to/)).textContent).toBe(
      'Statements go to https://lrs.example.org/xapi/. Only the owner of this space, boss@example.test, can change where.',
    );
    expect(card.queryByRole('button', { name: 'Save LRS' })).toBeNull();
  });
});
