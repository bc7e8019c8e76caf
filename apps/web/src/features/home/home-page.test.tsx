import type { ResimSummary, Space, UserMetadata } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, UserMetadataChanges } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { setSpaceCollapsed } from './collapsed-spaces';
import { HomePage } from './home-page';

const security = { canMove: true, canClone: true, canEdit: true, canDelete: true };
const spaceOf = (id: string, description: string): Space => ({
  id,
  description,
  owner: 'me@example.test',
  isOwner: true,
  security,
  created: '2025-01-01T00:00:00.000Z',
});
const scenarioOf = (id: string, resimName: string, group: string, created: string): ResimSummary => ({
  id,
  resimName,
  description: `About ${resimName}`,
  group,
  resimStatus: 0,
  templateId: 'blank',
  created,
  priority: null,
});

const fakeApi = (data: {
  spaces: Space[];
  scenarios: ResimSummary[];
  metadata: Omit<UserMetadata, 'priorityFirst'> & { priorityFirst?: boolean };
}) => {
  let metadata: UserMetadata = { priorityFirst: false, ...data.metadata };
  const saveMetadata = vi.fn(async (changes: UserMetadataChanges) => {
    metadata = {
      collapsedSpaces: changes.collapsedSpaces ?? metadata.collapsedSpaces,
      sortOrder: changes.sortOrder ?? metadata.sortOrder,
      priorityFirst: changes.priorityFirst ?? metadata.priorityFirst,
    };
    return metadata;
  });
  const create = vi.fn(async (groupId: string) => ({ ...data.scenarios[0], id: 'r-new', group: groupId }));
  const remove = vi.fn(async () => ({ ok: true }));
  const move = vi.fn(async (resimId: string, spaceId: string) => {
    data.scenarios = data.scenarios.map((r) => (r.id === resimId ? { ...r, group: spaceId } : r));
    return data.scenarios.find((r) => r.id === resimId);
  });
  const api = {
    templates: {
      list: async () => [
        { id: 'blank', name: 'Blank', description: 'An empty scenario' },
        { id: 'diagnostic', name: 'Diagnostic workup', description: 'Two tasks and a points measure' },
      ],
    },
    resims: { list: async () => data.scenarios, create, remove, move },
    spaces: { list: async () => data.spaces, create: vi.fn(), rename: vi.fn(), remove: vi.fn() },
    user: { metadata: async () => metadata, saveMetadata },
  } as unknown as ApiClient;
  return { api, saveMetadata, create, remove, move };
};

const cardNames = (section: HTMLElement): string[] =>
  within(section)
    .queryAllByRole('link')
    .map((link) => link.querySelector('p')?.textContent ?? '');

const cardiology = spaceOf('s-card', 'Cardiology');
const neurology = spaceOf('s-neuro', 'Neurology');
const scenarios = [
  scenarioOf('r1', 'Chest pain', 's-card', '2025-03-01T00:00:00.000Z'),
  scenarioOf('r2', 'Arrhythmia', 's-card', '2025-01-01T00:00:00.000Z'),
  scenarioOf('r3', 'Stroke', 's-neuro', '2025-02-01T00:00:00.000Z'),
];

describe('Home', () => {
  it('groups scenarios by space, in the saved sort order', async () => {
    const { api } = fakeApi({ spaces: [neurology, cardiology], scenarios, metadata: { collapsedSpaces: [], sortOrder: 0 } });
    renderWithProviders(<HomePage />, { api });
    const sections = await screen.findAllByRole('region');
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual(['Cardiology', 'Neurology']);
    expect(cardNames(sections[0]!)).toEqual(['Arrhythmia', 'Chest pain']);
    expect(cardNames(sections[1]!)).toEqual(['Stroke']);
    expect(
      within(sections[0]!)
        .getByRole('link', { name: /Chest pain/ })
        .getAttribute('href'),
    ).toBe('/resim/r1');
  });

  it('sorts newest first when that is the saved order', async () => {
    const { api } = fakeApi({ spaces: [cardiology], scenarios, metadata: { collapsedSpaces: [], sortOrder: 3 } });
    renderWithProviders(<HomePage />, { api });
    const [section] = await screen.findAllByRole('region');
    expect(cardNames(section!)).toEqual(['Chest pain', 'Arrhythmia']);
  });

  it('folds a space, saves it as collapsedSpaces, and unfolds it again', async () => {
    const { api, saveMetadata } = fakeApi({ spaces: [cardiology, neurology], scenarios, metadata: { collapsedSpaces: [], sortOrder: 0 } });
    renderWithProviders(<HomePage />, { api });
    const toggle = await screen.findByRole('button', { name: 'Collapse Cardiology' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(toggle);
    const expand = await screen.findByRole('button', { name: 'Expand Cardiology' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(saveMetadata).toHaveBeenLastCalledWith({ collapsedSpaces: ['s-card'] });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Chest pain/ })).toBeNull());
    expect(screen.getByRole('link', { name: /Stroke/ })).toBeTruthy();

    fireEvent.click(expand);
    await screen.findByRole('button', { name: 'Collapse Cardiology' });
    await waitFor(() => expect(saveMetadata).toHaveBeenLastCalledWith({ collapsedSpaces: [] }));
  });

  it('shows a space folded when it was saved folded', async () => {
    const { api } = fakeApi({ spaces: [cardiology, neurology], scenarios, metadata: { collapsedSpaces: ['s-neuro'], sortOrder: 0 } });
    renderWithProviders(<HomePage />, { api });
    expect((await screen.findByRole('button', { name: 'Expand Neurology' })).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: /Stroke/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Collapse Cardiology' })).toBeTruthy();
  });

  it('searches by scenario and by space name, and says when nothing matches', async () => {
    const { api } = fakeApi({ spaces: [cardiology, neurology], scenarios, metadata: { collapsedSpaces: [], sortOrder: 0 } });
    renderWithProviders(<HomePage />, { api });
    const search = await screen.findByRole('textbox', { name: 'Search scenarios and spaces' });
    await screen.findAllByRole('region');

    fireEvent.change(search, { target: { value: 'stro' } });
    expect(screen.getAllByRole('region').map((section) => section.getAttribute('aria-label'))).toEqual(['Neurology']);

    fireEvent.change(search, { target: { value: 'cardio' } });
    expect(cardNames(screen.getByRole('region'))).toEqual(['Arrhythmia', 'Chest pain']);

    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No matches')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear search' }).at(-1)!);
    expect(screen.getAllByRole('region')).toHaveLength(2);
  });

  it('invites to create a space when there is none', async () => {
    const { api } = fakeApi({ spaces: [], scenarios: [], metadata: { collapsedSpaces: [], sortOrder: 0 } });
    renderWithProviders(<HomePage />, { api });
    expect(await screen.findByText('Create your first space')).toBeTruthy();
  });

  it('links each space’s menu to its settings and its learners', async () => {
    const { api } = fakeApi({ spaces: [cardiology], scenarios, metadata: { collapsedSpaces: [], sortOrder: 0 } });
    renderWithProviders(<HomePage />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Cardiology' }));
    expect((await screen.findByRole('menuitem', { name: 'Space settings' })).getAttribute('href')).toBe('/space/s-card');
    expect(screen.getByRole('menuitem', { name: 'Learners' }).getAttribute('href')).toBe('/clients?space=s-card');
  });

  it('says so when a space holds no scenario', async () => {
    const { api } = fakeApi({ spaces: [spaceOf('s-empty', 'Empty')], scenarios, metadata: { collapsedSpaces: [], sortOrder: 0 } });
    renderWithProviders(<HomePage />, { api });
    expect(await screen.findByText('No scenarios in this space yet.')).toBeTruthy();
  });
});

describe('Home scenario cards', () => {
  it('names the template a scenario was made from, but not Blank, which reads as an empty scenario', async () => {
    const fromTemplate = { ...scenarioOf('r7', 'Workup', 's-card', '2025-04-01T00:00:00.000Z'), templateId: 'diagnostic' };
    const { api } = fakeApi({
      spaces: [cardiology],
      scenarios: [...scenarios, fromTemplate],
      metadata: { collapsedSpaces: [], sortOrder: 0 },
    });
    renderWithProviders(<HomePage />, { api });
    expect(await screen.findByText('From Diagnostic workup')).toBeTruthy();
    expect(screen.getAllByText('Chest pain').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Blank/)).toBeNull();
  });
});

describe('Home scenario actions', () => {
  it('creates a scenario in a space from Blank unless another template is chosen', async () => {
    const { api, create } = fakeApi({ spaces: [cardiology], scenarios, metadata: { collapsedSpaces: [], sortOrder: 0 } });
    renderWithProviders(<HomePage />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'New scenario in Cardiology' }));
    const dialog = await screen.findByRole('dialog', { name: 'New scenario in Cardiology' });
    expect((await within(dialog).findByRole('radio', { name: /Blank/ })).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByText('Two tasks and a points measure')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    // The name is asked first, the SPEC's default shown where none is typed.
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('placeholder')).toBe('New Simulation (Unfinished)');
    fireEvent.change(name, { target: { value: '  Chest pain in the ED ' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Diagnostic workup/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create scenario' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('s-card', 'diagnostic', 'Chest pain in the ED'));
  });

  it('deletes a scenario from its card menu after asking', async () => {
    const { api, remove } = fakeApi({ spaces: [cardiology], scenarios, metadata: { collapsedSpaces: [], sortOrder: 0 } });
    renderWithProviders(<HomePage />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Chest pain' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete scenario' });
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete scenario' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('r1'));
  });

  it('hides the scenario actions a space does not allow', async () => {
    const locked = {
      ...spaceOf('s-locked', 'Locked'),
      isOwner: false,
      security: { canMove: true, canClone: false, canEdit: false, canDelete: false },
    };
    const { api } = fakeApi({
      spaces: [locked],
      scenarios: [scenarioOf('r9', 'Sepsis', 's-locked', '2025-01-01T00:00:00.000Z')],
      metadata: { collapsedSpaces: [], sortOrder: 0 },
    });
    renderWithProviders(<HomePage />, { api });
    await screen.findByRole('link', { name: 'Sepsis' });
    expect(screen.queryByRole('button', { name: 'New scenario in Locked' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import scenarios into Locked' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Sepsis' }));
    expect((await screen.findByRole('menuitem', { name: 'Delete' })).hasAttribute('data-disabled')).toBe(true);
    expect(screen.getByRole('menuitem', { name: 'Clone' }).hasAttribute('data-disabled')).toBe(true);
  });
});

describe('Home priorities (SPEC 9)', () => {
  const prioritised = [
    { ...scenarios[0]!, priority: 2 as const },
    scenarios[1]!,
    { ...scenarioOf('r4', 'Syncope', 's-card', '2025-04-01T00:00:00.000Z'), priority: 1 as const },
  ];

  it('marks High priority scenarios, and puts them first (Low last) when "High priority first" is on, saving the choice', async () => {
    const { api, saveMetadata } = fakeApi({
      spaces: [cardiology],
      scenarios: prioritised,
      metadata: { collapsedSpaces: [], sortOrder: 0 },
    });
    renderWithProviders(<HomePage />, { api });
    const [section] = await screen.findAllByRole('region');
    expect(cardNames(section!)).toEqual(['Arrhythmia', 'Chest pain', 'Syncope']);
    expect(within(section!).getAllByText('High')).toHaveLength(1);
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'High priority first' });
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(saveMetadata).toHaveBeenLastCalledWith({ priorityFirst: true }));
    await waitFor(() => expect(cardNames(section!)).toEqual(['Syncope', 'Arrhythmia', 'Chest pain']));
  });

  it('shows the saved "High priority first" choice on load', async () => {
    const { api } = fakeApi({
      spaces: [cardiology],
      scenarios: prioritised,
      metadata: { collapsedSpaces: [], sortOrder: 3, priorityFirst: true },
    });
    renderWithProviders(<HomePage />, { api });
    const [section] = await screen.findAllByRole('region');
    await waitFor(() => expect(cardNames(section!)).toEqual(['Syncope', 'Arrhythmia', 'Chest pain']));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'High priority first' }).checked).toBe(true);
  });
});

describe('Home moving a scenario', () => {
  it('moves a scenario to a space the user may edit, offering no other', async () => {
    const readOnly = { ...spaceOf('s-ro', 'Read only'), isOwner: false, security: { ...security, canEdit: false } };
    const { api, move } = fakeApi({
      spaces: [cardiology, neurology, readOnly],
      scenarios,
      metadata: { collapsedSpaces: [], sortOrder: 0 },
    });
    renderWithProviders(<HomePage />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Chest pain' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to space...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Chest pain” to another space' });
    expect(within(dialog).queryByRole('radio', { name: /Cardiology/ })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: /Read only/ })).toBeNull();
    const moveButton = within(dialog).getByRole('button', { name: 'Move scenario' });
    expect(moveButton.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Neurology/ }));
    fireEvent.click(moveButton);
    await waitFor(() => expect(move).toHaveBeenCalledWith('r1', 's-neuro'));
    const neuro = await screen.findByRole('region', { name: 'Neurology' });
    await waitFor(() => expect(cardNames(neuro)).toEqual(['Chest pain', 'Stroke']));
  });

  it('disables "Move to space..." with the reason when the space has canMove off', async () => {
    const noMove = { ...spaceOf('s-nomove', 'Fixed'), isOwner: false, security: { ...security, canMove: false } };
    const { api } = fakeApi({
      spaces: [noMove, cardiology],
      scenarios: [scenarioOf('r9', 'Sepsis', 's-nomove', '2025-01-01T00:00:00.000Z')],
      metadata: { collapsedSpaces: [], sortOrder: 0 },
    });
    renderWithProviders(<HomePage />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Sepsis' }));
    const item = await screen.findByRole('menuitem', { name: /Move to space/ });
    expect(item.hasAttribute('data-disabled')).toBe(true);
    expect(item.textContent).toContain('canMove is off in this space');
  });
});

describe('setSpaceCollapsed', () => {
  it('adds and removes a space without duplicates', () => {
    expect(setSpaceCollapsed([], 'a', true)).toEqual(['a']);
    expect(setSpaceCollapsed(['a'], 'a', true)).toEqual(['a']);
    expect(setSpaceCollapsed(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(setSpaceCollapsed(['b'], 'a', false)).toEqual(['b']);
  });
});
