import type { ScenarioVersion, VersionDiffBody } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { scenarioFixture } from '../../test/scenario-fixtures';
import { renderWithProviders } from '../../test/render';
import { HistoryPanel } from './history-panel';
import { dashboardOf, instanceOf } from './results/results-fixtures';

const version = (revision: number, author: string, savedAt: string, changes: Partial<ScenarioVersion> = {}): ScenarioVersion => ({
  revision,
  savedAt,
  author,
  authorId: null,
  name: null,
  restoredFrom: null,
  itemsChanged: 0,
  items: [],
  fields: [],
  ...changes,
});

const diff = (from: number, to: number): VersionDiffBody => ({
  from,
  to,
  changes: [
    {
      section: 'actions',
      id: 'act1',
      name: 'Full blood count',
      change: 'changed',
      words: 'Changed action “Full blood count”',
      fields: [{ label: 'Name', before: 'CBC', after: 'Full blood count', words: 'Name: “CBC” → “Full blood count”' }],
    },
  ],
  reordered: [],
});

/** The server as the panel calls it: three saves, the diff of any two, restores and names. */
const fakeApi = (instances: ReturnType<typeof instanceOf>[] = []) => {
  let versions = [
    version(2, 'ada@example.test', '2026-12-07T10:40:00.000Z', {
      itemsChanged: 1,
      items: [{ part: 'actions', id: 'act1', name: 'Full blood count', change: 'changed' }],
    }),
    version(1, 'ada@example.test', '2026-12-07T10:10:00.000Z', { itemsChanged: 2 }),
    version(0, 'bo@example.test', '2026-12-07T09:00:00.000Z'),
  ];
  const restored: string[] = [];
  const named: unknown[] = [];
  const request = vi.fn(async ({ method, path, body }: { method: string; path: string; body?: Record<string, unknown> }) => {
    if (method === 'GET' && path === '/admin/resim/r1/history?limit=50') return { versions, next: null };
    const compared = /^\/admin\/resim\/r1\/history\/diff\?from=(\d+)&to=(\d+)$/.exec(path);
    if (method === 'GET' && compared) return diff(Number(compared[1]), Number(compared[2]));
    const restoring = /^\/admin\/resim\/r1\/history\/(\d+)\/restore$/.exec(path);
    if (method === 'POST' && restoring) {
      restored.push(`${restoring[1]} over ${String(body?.revision)}`);
      versions = [version(3, 'ada@example.test', '2026-12-07T10:50:00.000Z', { restoredFrom: Number(restoring[1]) }), ...versions];
      return {};
    }
    const naming = /^\/admin\/resim\/r1\/history\/(\d+)\/name$/.exec(path);
    if (method === 'PUT' && naming) {
      named.push([Number(naming[1]), body?.name]);
      versions = versions.map((entry) => (entry.revision === Number(naming[1]) ? { ...entry, name: body?.name as string } : entry));
      return versions.find((entry) => entry.revision === Number(naming[1]));
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  const dashboard = vi.fn().mockResolvedValue(dashboardOf({ instances }));
  return { api: { request, resims: { dashboard } } as unknown as ApiClient, restored, named };
};

const renderPanel = (
  options: { readOnly?: boolean; blocked?: string | null; instances?: ReturnType<typeof instanceOf>[]; path?: string } = {},
) => {
  const fake = fakeApi(options.instances);
  const onRestored = vi.fn(() => Promise.resolve());
  renderWithProviders(
    <HistoryPanel
      resimId="r1"
      content={scenarioFixture()}
      readOnly={options.readOnly ?? false}
      onChange={() => undefined}
      history={{ revision: 2, blocked: options.blocked ?? null, onRestored }}
    />,
    { api: fake.api, ...(options.path ? { path: options.path } : {}) },
  );
  return { ...fake, onRestored };
};

describe('HistoryPanel', () => {
  it('lists the saves grouped by author and hour and compares the newest two in words, side by side', async () => {
    renderPanel();
    expect(await screen.findByText(/^ada@example\.test · /)).toBeTruthy();
    expect(screen.getByText(/^bo@example\.test · /)).toBeTruthy();
    expect(screen.getByText('1 item changed')).toBeTruthy();
    expect(screen.getByText('Created')).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Changed action “Full blood count”' });
    expect(within(table).getByRole('columnheader', { name: 'Revision 1' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Revision 2' })).toBeTruthy();
    const row = within(table).getByRole('row', { name: /Name/ });
    expect(within(row).getByText('CBC')).toBeTruthy();
    expect(within(row).getByText('Full blood count')).toBeTruthy();
  });

  it('marks the versions openings ran and compares the last two openings’ versions', async () => {
    renderPanel({
      instances: [
        instanceOf('i3', '2026-12-07T11:00:00.000Z', { revision: 2 }),
        instanceOf('i2', '2026-12-07T10:20:00.000Z', { revision: 1 }),
        instanceOf('i1', '2026-12-07T09:30:00.000Z', { revision: 0 }),
      ],
    });
    const revisionOne = (await screen.findByText('Revision 1')).closest('tr')!;
    expect(await within(revisionOne).findByText(/^opened /)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Compare the last two openings' }));
    expect(await screen.findByRole('table', { name: 'Changed action “Full blood count”' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toMatch(/^Revision 1 · opened /);
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toMatch(/^Revision 2 · opened /);
  });

  it('compares the version the address names with the latest, as the dashboard’s "Changes since" asks', async () => {
    renderPanel({ path: '/resim/r1?tab=history&from=0' });
    const table = await screen.findByRole('table', { name: 'Changed action “Full blood count”' });
    expect(within(table).getByRole('columnheader', { name: 'Revision 0' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Revision 2' })).toBeTruthy();
  });

  it('restores a version only after the author confirms, then shows the scenario as saved', async () => {
    const { restored, onRestored } = renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore revision 0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore Revision 0?' });
    expect(restored).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(restored).toEqual(['0 over 2']));
    await waitFor(() => expect(onRestored).toHaveBeenCalled());
    expect(await screen.findByText('Restored revision 0')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Restore revision 2' }).disabled).toBe(true);
  });

  it('names a version', async () => {
    const { named } = renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Name revision 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name revision 1' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Used for the March exam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(named).toEqual([[1, 'Used for the March exam']]));
    expect(await screen.findByText('Used for the March exam')).toBeTruthy();
  });

  it('offers no restore while changes are unsaved, and nothing to change to a reader', async () => {
    renderPanel({ blocked: 'Save or undo your changes first' });
    expect(await screen.findByText('Save or undo your changes first to restore a version.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Restore revision 0' }).disabled).toBe(true);
  });

  it('shows a reader the history without restoring or naming', async () => {
    renderPanel({ readOnly: true });
    expect(await screen.findByText('Created')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Restore revision/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Name revision/ })).toBeNull();
  });
});
