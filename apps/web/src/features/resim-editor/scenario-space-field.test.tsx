import type { Space } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { ScenarioSpaceField } from './scenario-space-field';

const security = { canMove: true, canClone: true, canEdit: true, canDelete: true };
const spaceOf = (id: string, description: string, overrides: Partial<Space> = {}): Space => ({
  id,
  description,
  owner: 'owner@example.test',
  isOwner: false,
  security,
  created: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const render = (spaces: Space[]) => {
  const onMove = vi.fn(async () => undefined);
  const api = { spaces: { list: async () => spaces } } as unknown as ApiClient;
  renderWithProviders(<ScenarioSpaceField resimId="r1" resimName="Chest pain" placement={{ group: 's1', onMove }} />, { api });
  return onMove;
};

describe("the editor's space and Move to space...", () => {
  it('moves the scenario to a space the author may edit', async () => {
    const onMove = render([spaceOf('s1', 'Cardiology'), spaceOf('s2', 'Neurology')]);
    expect(await screen.findByText('Cardiology')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move to space...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Chest pain” to another space' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Neurology/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move scenario' }));
    await waitFor(() => expect(onMove).toHaveBeenCalledWith('s2', expect.anything()));
  });

  it('is disabled, saying why, when the space has canMove off', async () => {
    render([spaceOf('s1', 'Cardiology', { security: { ...security, canMove: false } }), spaceOf('s2', 'Neurology')]);
    const reason = await screen.findByText('This space does not allow moving its scenarios out (canMove is off); ask its owner');
    const button = screen.getByRole('button', { name: 'Move to space...' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
  });
});
