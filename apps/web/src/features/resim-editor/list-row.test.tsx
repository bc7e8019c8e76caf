import { Badge, Group, MantineProvider, NavLink } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { ListRow, useRowLook } from './list-row';
import type { ListItem } from './list-rows';

/** The NavLink the lists of the editor used for each row, before rows were plain elements. */
const MantineRow = ({ item, active }: { item: ListItem; active: boolean }) => (
  <NavLink
    component="button"
    active={active}
    aria-current={active ? 'true' : undefined}
    onClick={() => undefined}
    label={item.name.trim() || 'Untitled'}
    description={item.hint}
    rightSection={
      item.badges && item.badges.length > 0 ? (
        <Group gap={4} wrap="nowrap">
          {item.badges}
        </Group>
      ) : null
    }
    variant="light"
    styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 500 } }}
  />
);

const LightRow = ({ item, active, onSelect = () => undefined }: { item: ListItem; active: boolean; onSelect?: (id: string) => void }) => (
  <ListRow item={item} active={active} look={useRowLook()} onSelect={onSelect} />
);

/** An element as a comparable tree: attributes sorted, classes and style declarations as sets. */
const shape = (node: Node): unknown => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  const element = node as Element;
  const attributes = [...element.attributes]
    .map((attribute) => {
      if (attribute.name === 'class') return ['class', attribute.value.split(/\s+/).filter(Boolean).sort().join(' ')];
      if (attribute.name === 'style')
        return [
          'style',
          (element as HTMLElement).style.cssText
            .split(';')
            .map((rule) => rule.trim())
            .filter(Boolean)
            .sort()
            .join('; '),
        ];
      return [attribute.name, attribute.value];
    })
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return { tag: element.tagName, attributes, children: [...element.childNodes].map(shape) };
};

const rendered = (ui: React.ReactNode) => {
  const { container, unmount } = render(
    <MantineProvider theme={theme} env="test">
      <div data-testid="row">{ui}</div>
    </MantineProvider>,
  );
  const row = container.querySelector('[data-testid="row"]')!.firstElementChild!;
  const result = shape(row);
  unmount();
  return result;
};

const answer = (
  <Badge key="answer" size="xs" variant="light" color="teal" radius="sm">
    Answer
  </Badge>
);

const cases: { title: string; item: ListItem; active: boolean }[] = [
  {
    title: 'selected, with a hint and a badge',
    item: { id: 'act1', name: 'Full blood count', hint: 'History', badges: [answer] },
    active: true,
  },
  { title: 'not selected, with a hint', item: { id: 'act2', name: 'Ferritin', hint: 'No stage', badges: [] }, active: false },
  { title: 'unnamed, without a hint', item: { id: 'act3', name: '  ' }, active: false },
];

describe('ListRow', () => {
  it.each(cases)('renders what Mantine’s NavLink renders: $title', ({ item, active }) => {
    expect(rendered(<LightRow item={item} active={active} />)).toEqual(rendered(<MantineRow item={item} active={active} />));
  });

  it('selects its item when clicked', () => {
    const onSelect = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <LightRow item={{ id: 'act7', name: 'Troponin', hint: 'Examination' }} active={false} onSelect={onSelect} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Troponin/ }));
    expect(onSelect).toHaveBeenCalledWith('act7');
  });
});
