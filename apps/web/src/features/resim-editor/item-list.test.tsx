import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { ItemList } from './item-list';
import type { ListItem } from './list-rows';

const items = (count: number, renamed?: { id: string; name: string }): ListItem[] =>
  Array.from({ length: count }, (_, index) => {
    const id = `act${index + 1}`;
    return { id, name: renamed?.id === id ? renamed.name : `Test ${index + 1}`, hint: 'History' };
  });

const list = (props: { items: ListItem[]; selectedId: string | null; onSelect: (id: string) => void }) => (
  <MantineProvider theme={theme} env="test">
    <ItemList
      title="Tests"
      description="What a learner can run."
      addLabel="Add test"
      onAdd={null}
      emptyTitle="No tests yet"
      emptyText="Add one."
      {...props}
    >
      <p>Form</p>
    </ItemList>
  </MantineProvider>
);

describe('ItemList', () => {
  it('shows every item of a long list, in order, the selected one marked', () => {
    render(list({ items: items(120), selectedId: 'act75', onSelect: () => undefined }));
    const rows = within(screen.getByRole('navigation', { name: 'Tests' })).getAllByRole('button');
    expect(rows).toHaveLength(120);
    expect(rows[0]!.textContent).toBe('Test 1History');
    expect(rows[119]!.textContent).toBe('Test 120History');
    expect(rows.filter((row) => row.getAttribute('aria-current') === 'true').map((row) => row.textContent)).toEqual(['Test 75History']);
  });

  it('shows a renamed item and a new selection, and selects through the latest handler', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(list({ items: items(120), selectedId: 'act75', onSelect: first }));
    rerender(list({ items: items(120, { id: 'act75', name: 'Troponin' }), selectedId: 'act3', onSelect: latest }));
    const nav = screen.getByRole('navigation', { name: 'Tests' });
    expect(within(nav).getByRole('button', { name: /Troponin/ })).toBeTruthy();
    expect(within(nav).getByRole('button', { current: true }).textContent).toBe('Test 3History');
    fireEvent.click(within(nav).getByRole('button', { name: /Test 110/ }));
    expect(latest).toHaveBeenCalledWith('act110');
    expect(first).not.toHaveBeenCalled();
  });
});
