import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage } from '@resim/contracts';
import type { ApiClient } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import { actionFixture, conclusionFixture, scenarioFixture } from '../../../test/scenario-fixtures';
import { formatDate, formatDateTimeSeconds } from '../../../ui/format';
import { AuditPanel } from './audit-panel';
import { auditEntryOf, dashboardOf, panelPropsOf } from './results-fixtures';

const content = scenarioFixture({
  actions: [actionFixture('a1', 'Full blood count'), actionFixture('a2', 'Ferritin')],
  conclusions: [conclusionFixture('c1', 'Iron deficiency')],
});

const trail = [
  auditEntryOf('Ann', 1, 'runAction', { actionId: 'a1' }),
  auditEntryOf('Bo', 1, 'runAction', { actionId: 'a2' }),
  auditEntryOf('Ann', 2, 'takeHint'),
  auditEntryOf('Ann', 3, 'confirmConclusions', { conclusionIds: ['c1'] }),
  auditEntryOf('Bo', 2, 'stop'),
];

const pageOf = (entries: AuditEntry[], nextCursor: string | null = null, total = entries.length): AuditPage => ({
  entries,
  nextCursor,
  total,
});

const show = (entries = trail, audit = vi.fn().mockResolvedValue(pageOf(entries))) => {
  const dashboard = vi.fn().mockResolvedValue(
    dashboardOf({
      currentInstanceId: 'i2',
      instances: [
        {
          id: 'i2',
          created: '2025-05-02T10:00:00.000Z',
          players: 1,
          playing: 1,
          finished: 0,
          averagePoints: null,
          revision: null,
          mostPoints: null,
        },
        {
          id: 'i1',
          created: '2025-05-01T10:00:00.000Z',
          players: 2,
          playing: 0,
          finished: 2,
          averagePoints: 10,
          revision: null,
          mostPoints: null,
        },
      ],
    }),
  );
  const api = { resims: { audit, dashboard } } as unknown as ApiClient;
  renderWithProviders(<AuditPanel {...panelPropsOf(content)} />, { api, path: '/resim/r1?tab=audit' });
  return audit;
};

const happenings = () =>
  within(screen.getByRole('table', { name: 'Audit trail' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return `${cells[1]!.textContent} ${cells[2]!.textContent}: ${cells[3]!.textContent}`;
    });

describe('audit', () => {
  it('words each step with the scenario’s names', async () => {
    show();
    await screen.findByRole('table', { name: 'Audit trail' });
    expect(happenings()).toEqual([
      'Ann 1: ran Full blood count',
      'Bo 1: ran Ferritin',
      'Ann 2: took the hint',
      'Ann 3: confirmed Iron deficiency',
      'Bo 2: was stopped',
    ]);
  });

  it('dates each step as the rest of the console dates things, with its seconds', async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell')[0]!.textContent).toBe(formatDateTimeSeconds(trail[0]!.at));
    expect(formatDateTimeSeconds(trail[0]!.at).startsWith(formatDate(trail[0]!.at))).toBe(true);
  });

  it('shows one learner’s steps when filtered by learner', async () => {
    show();
    await screen.findByRole('table', { name: 'Audit trail' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Learner' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bo' }));
    expect(happenings()).toEqual(['Bo 1: ran Ferritin', 'Bo 2: was stopped']);
    expect(screen.getByText('2 steps')).toBeTruthy();
  });

  it('reads the steps of one opening when filtered by opening', async () => {
    const audit = show();
    await screen.findByRole('table', { name: 'Audit trail' });
    expect(audit).toHaveBeenLastCalledWith('r1', { instanceId: null, cursor: undefined }, expect.anything());
    audit.mockResolvedValue(pageOf(trail.filter((entry) => entry.nickname === 'Bo')));
    fireEvent.click(screen.getByRole('combobox', { name: 'Opening' }));
    fireEvent.click(await screen.findByRole('option', { name: /\(current\)/ }));
    await waitFor(() => expect(happenings()).toEqual(['Bo 1: ran Ferritin', 'Bo 2: was stopped']));
    expect(audit).toHaveBeenLastCalledWith('r1', { instanceId: 'i2', cursor: undefined }, expect.anything());
  });

  it('pages the trail fifty steps at a time', async () => {
    show(Array.from({ length: 60 }, (_, index) => auditEntryOf('Ann', index + 1, 'runAction', { actionId: 'a1' })));
    await screen.findByRole('table', { name: 'Audit trail' });
    expect(happenings()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(happenings()).toHaveLength(10);
  });

  it('reads the trail again on Refresh, and says when there is nothing yet', async () => {
    const audit = show([]);
    expect(await screen.findByText('No steps yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(audit).toHaveBeenCalledTimes(2);
  });

  it('loads the next page from the cursor the server gave, counting what is loaded against the whole trail', async () => {
    const audit = vi
      .fn()
      .mockResolvedValueOnce(pageOf(trail.slice(0, 3), 'cursor-1', 5))
      .mockResolvedValueOnce(pageOf(trail.slice(3), null, 5));
    show(trail, audit);
    await screen.findByRole('table', { name: 'Audit trail' });
    expect(happenings()).toHaveLength(3);
    expect(screen.getByText('3 steps of the 3 loaded, of 5 in all')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more steps' }));
    await waitFor(() => expect(happenings()).toHaveLength(5));
    expect(audit).toHaveBeenLastCalledWith('r1', { instanceId: null, cursor: 'cursor-1' }, expect.anything());
    expect(screen.getByText('5 steps')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more steps' })).toBeNull();
  });
});
