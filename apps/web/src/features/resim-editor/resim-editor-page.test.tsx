import type { PatchResimBody, Space } from '@resim/contracts';
import type { Scenario } from '@resim/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, SaveResult } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { scenarioFixture } from '../../test/scenario-fixtures';
import { FakeSocket } from '../player/player-fixtures';
import { ResimEditorPage } from './resim-editor-page';
import { dashboardOf, instanceOf } from './results/results-fixtures';

const spaceOf = (overrides: Partial<Space> = {}): Space => ({
  id: 's1',
  description: 'Cardiology',
  owner: 'owner@example.test',
  isOwner: true,
  security: { canMove: true, canClone: true, canEdit: true, canDelete: true },
  created: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

/** An API holding one scenario; saves answer as the test scripts them, or land. */
const fakeApi = (scenario: Scenario, space: Space, answers: SaveResult[] = []) => {
  let current = scenario;
  const save = vi.fn(async (_id: string, body: PatchResimBody): Promise<SaveResult> => {
    const scripted = answers.shift();
    // A conflict means someone else's save landed first.
    if (scripted?.kind === 'conflict') current = scripted.current;
    if (scripted) return scripted;
    current = { ...current, ...body.details, ...body, revision: current.revision + 1 } as Scenario;
    return { kind: 'saved', scenario: current };
  });
  const api = {
    resims: { get: async () => current, list: async () => [], save },
    spaces: { list: async () => [space] },
  } as unknown as ApiClient;
  return { api, save };
};

const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Name/ });

describe('scenario editor page', () => {
  it('opens view-only, saying why, when the scenario is no longer Initialized', async () => {
    const { api } = fakeApi(scenarioFixture({ resimStatus: 2 }), spaceOf());
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
    expect(await screen.findByText('This scenario is Open: only an Initialized scenario can be edited.')).toBeTruthy();
    expect(nameField().hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('opens view-only when the space does not allow editing and the user is not its owner', async () => {
    const space = spaceOf({ isOwner: false, security: { canMove: true, canClone: true, canEdit: false, canDelete: true } });
    const { api } = fakeApi(scenarioFixture(), space);
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
    expect(await screen.findByText('Only the owner of “Cardiology” (owner@example.test) can edit the scenarios in it.')).toBeTruthy();
  });

  it('saves only the changed fields with the revision it loaded, with Ctrl+S', async () => {
    const { api, save } = fakeApi(scenarioFixture({ revision: 7 }), spaceOf());
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
    await screen.findByRole('heading', { name: 'Chest pain' });
    // Saving at once, before the editor has rendered the keystroke, still sends what was typed.
    fireEvent.change(nameField(), { target: { value: 'Anaemia' } });
    fireEvent.keyDown(document.documentElement, { key: 's', ctrlKey: true });
    await waitFor(() => expect(save).toHaveBeenCalledWith('r1', { revision: 7, details: { resimName: 'Anaemia' } }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('All changes saved'));
    expect(screen.getByText(/Revision 8/)).toBeTruthy();
  });

  it('shows unsaved changes once a keystroke has been painted', async () => {
    const { api } = fakeApi(scenarioFixture(), spaceOf());
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
    await screen.findByRole('heading', { name: 'Chest pain' });
    fireEvent.change(nameField(), { target: { value: 'Anaemia' } });
    expect(nameField().value).toBe('Anaemia');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Unsaved changes'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Anaemia');
  });

  it('undoes and redoes from the keyboard, even right after typing', async () => {
    const { api } = fakeApi(scenarioFixture(), spaceOf());
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
    await screen.findByRole('heading', { name: 'Chest pain' });
    fireEvent.change(nameField(), { target: { value: 'Anaemia' } });
    fireEvent.keyDown(document.documentElement, { key: 'z', ctrlKey: true });
    expect(nameField().value).toBe('Chest pain');
    expect(screen.getByRole('status').textContent).toBe('No changes');
    fireEvent.keyDown(document.documentElement, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(nameField().value).toBe('Anaemia');
  });

  it('on a conflict, keeps mine by sending my changes again on top of their revision', async () => {
    const theirs = scenarioFixture({ revision: 9, description: 'Their description' });
    const { api, save } = fakeApi(scenarioFixture({ revision: 7 }), spaceOf(), [
      { kind: 'conflict', current: theirs, message: 'Changed by someone else' },
    ]);
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
    await screen.findByRole('heading', { name: 'Chest pain' });
    fireEvent.change(nameField(), { target: { value: 'Anaemia' } });
    await screen.findByText('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this scenario' });
    expect(within(dialog).getByText(/Only they changed:/).parentElement?.textContent).toContain('Description');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(save).toHaveBeenLastCalledWith('r1', { revision: 9, details: { resimName: 'Anaemia' } }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('All changes saved'));
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' }).value).toBe('Their description');
  });

  it('on a conflict, merges part by part', async () => {
    const theirs = scenarioFixture({ revision: 9, resimName: 'Their name', description: 'Their description' });
    const { api, save } = fakeApi(scenarioFixture({ revision: 7 }), spaceOf(), [
      { kind: 'conflict', current: theirs, message: 'Changed by someone else' },
    ]);
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
    await screen.findByRole('heading', { name: 'Chest pain' });
    fireEvent.change(nameField(), { target: { value: 'My name' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'My description' } });
    await screen.findByText('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this scenario' });
    // Both changed both fields: take their description, keep my name.
    fireEvent.click(within(within(dialog).getByRole('row', { name: /Description/ })).getByText('Theirs'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save merged' }));
    await waitFor(() => expect(save).toHaveBeenLastCalledWith('r1', { revision: 9, details: { resimName: 'My name' } }));
  });

  it('shows the failure and offers a reload after a refused save', async () => {
    const { api, save } = fakeApi(scenarioFixture(), spaceOf());
    save.mockRejectedValueOnce(new Error('details.resimName: must not be empty'));
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
    await screen.findByRole('heading', { name: 'Chest pain' });
    fireEvent.change(nameField(), { target: { value: ' ' } });
    await screen.findByText('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Resim has failed to save.')).toBeTruthy();
    expect(screen.getByText('details.resimName: must not be empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the saved scenario' }));
    await waitFor(() => expect(nameField().value).toBe('Chest pain'));
    expect(screen.getByRole('status').textContent).toBe('No changes');
  });

  it('names what the server would refuse before sending anything', async () => {
    const { api, save } = fakeApi(scenarioFixture({ userRestriction: { pattern: ['*'] } }), spaceOf());
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
    await screen.findByRole('heading', { name: 'Chest pain' });
    fireEvent.change(nameField(), { target: { value: 'Anaemia' } });
    await screen.findByText('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/^Fix this first: userRestriction\.pattern\[0\] "\*": A pattern of only \* lets everyone in/),
    ).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Not saved');
  });

  it('turns view-only, keeping the changes, when a save finds the scenario has left Initialized', async () => {
    const lobby = scenarioFixture({ revision: 7, resimStatus: 1 });
    const refused = 'The scenario can be edited only while it is Initialized (status 0)';
    const { api } = fakeApi(scenarioFixture({ revision: 7 }), spaceOf(), [{ kind: 'conflict', current: lobby, message: refused }]);
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
    await screen.findByRole('heading', { name: 'Chest pain' });
    fireEvent.change(nameField(), { target: { value: 'Anaemia' } });
    await screen.findByText('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This scenario is Waiting: only an Initialized scenario can be edited. Your unsaved changes are kept here, to save once it can be edited again.',
      ),
    ).toBeTruthy();
    expect(nameField().value).toBe('Anaemia');
    expect(nameField().hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the address names no tab, rather than silently showing another', async () => {
    const { api } = fakeApi(scenarioFixture({ revision: 2 }), spaceOf());
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1?tab=scorebord' });
    await screen.findByRole('heading', { name: 'Chest pain' });
    expect((await screen.findByText(/There is no tab/)).textContent).toBe(
      'There is no tab “scorebord” in this scenario; showing Details & settings instead.',
    );
  });

  it('keeps every field typed in before the editor has rendered any of them', async () => {
    const { api, save } = fakeApi(scenarioFixture({ revision: 2 }), spaceOf());
    renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1?tab=wording' });
    await screen.findByRole('heading', { name: 'Chest pain' });
    // Two fields of one map (the wording), one right after the other, then saved at once.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Actions are called' }), { target: { value: 'investigations' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Run button' }), { target: { value: 'Order investigations' } });
    fireEvent.keyDown(document.documentElement, { key: 's', ctrlKey: true });
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith('r1', {
        revision: 2,
        details: { uiText: { actions: 'investigations', actionChoiceCTA: 'Order investigations' } },
      }),
    );
  });

  it('shows how far a Stop has gone as the live channel pushes it, and reads the runs again whenever they or the connections changed', async () => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    try {
      const scenario = scenarioFixture({ resimStatus: 2, code: 'ABC234' });
      const dashboard = vi
        .fn()
        .mockResolvedValue(dashboardOf({ currentInstanceId: 'i1', instances: [instanceOf('i1', '2025-05-01T09:00:00.000Z')] }));
      const api = {
        accessToken: async () => 'access-token',
        resims: { get: async () => scenario, list: async () => [], dashboard },
        spaces: { list: async () => [spaceOf()] },
      } as unknown as ApiClient;
      renderWithProviders(<ResimEditorPage resimId="r1" />, { api, path: '/resim/r1' });
      await screen.findByRole('heading', { name: 'Chest pain' });
      await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
      const socket = FakeSocket.all[0]!;
      act(() => socket.open());
      await waitFor(() => expect(dashboard).toHaveBeenCalled());

      act(() => socket.receive({ type: 'progress', resimId: 'r1', task: 'stop', done: 4000, total: 10_000 }));
      const n = new Intl.NumberFormat();
      expect(await screen.findByRole('progressbar', { name: `Ending runs… ${n.format(4000)} of ${n.format(10_000)}` })).toBeTruthy();

      for (const notice of [{ runs: 250 }, { connections: true }]) {
        const before = dashboard.mock.calls.length;
        act(() => socket.receive({ type: 'changed', resimId: 'r1', ...notice }));
        await waitFor(() => expect(dashboard.mock.calls.length).toBeGreaterThan(before));
      }

      act(() => socket.receive({ type: 'progress', resimId: 'r1', task: 'stop', done: 10_000, total: 10_000 }));
      await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
