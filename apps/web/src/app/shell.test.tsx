import type { Space } from '@resim/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client';
import { renderWithProviders } from '../test/render';
import { AppSessionProvider } from './app-session';
import { ConsoleShell } from './shell';

const space = (isOwner: boolean): Space => ({
  id: isOwner ? 's1' : 's2',
  description: isOwner ? 'Ward 9' : 'Clinic',
  owner: isOwner ? 'me@example.test' : 'boss@example.test',
  isOwner,
  security: { canMove: true, canClone: true, canEdit: true, canDelete: true },
  created: '2026-01-01T00:00:00.000Z',
});

const show = (spaces: Space[]) => {
  const list = vi.fn(() => Promise.resolve(spaces));
  const api = {
    spaces: { list },
    user: {
      auth: vi.fn().mockResolvedValue({ id: 'u1', email: 'me@example.test', name: null, groups: [], isDeveloper: false, isLearner: false }),
    },
  } as unknown as ApiClient;
  renderWithProviders(
    <AppSessionProvider value={{ productName: 'Resim', signOut: () => undefined, signingOut: false }}>
      <ConsoleShell page={{ name: 'HOME' }}>page</ConsoleShell>
    </AppSessionProvider>,
    { api },
  );
  return { nav: within(screen.getByRole('navigation', { name: 'Main navigation' })), list };
};

describe('the console navigation', () => {
  it('shows Subscriptions to the owner of a space, its billing owner', async () => {
    const { nav } = show([space(false), space(true)]);
    expect(await nav.findByRole('link', { name: 'Subscriptions' })).toBeTruthy();
  });

  it('shows no billing to a member who owns no space', async () => {
    const { nav, list } = show([space(false)]);
    await waitFor(() => expect(list).toHaveBeenCalled());
    // The answer is in once its promise settles and the cache has told the shell.
    await list.mock.results[0]?.value;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(nav.queryByRole('link', { name: 'Subscriptions' })).toBeNull();
    expect(nav.getByRole('link', { name: 'Intel' })).toBeTruthy();
  });
});
