import {
  Group,
  NavLink,
  UnstyledButton,
  useStyles,
  type NavLinkFactory,
  type NavLinkProps,
  type UnstyledButtonFactory,
  type UnstyledButtonProps,
} from '@mantine/core';
import { memo, useMemo, type CSSProperties } from 'react';
import { sameListItem, type ListItem } from './list-rows';

type Part = { readonly className: string; readonly style: CSSProperties };

/** Classes and styles of a row's parts, the same for every row of a list. */
export type RowLook = {
  readonly root: Part;
  readonly body: Part;
  readonly label: Part;
  readonly description: Part;
  readonly section: Part;
};

const navLinkProps: NavLinkProps = { variant: 'light' };
const buttonProps: UnstyledButtonProps = {};
const rowStyles = { root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 500 } };

/**
 * What Mantine's NavLink (variant light, on an UnstyledButton) gives each part of a row, resolved
 * once for the list through the same styles API, theme included, instead of once per row.
 */
export const useRowLook = (): RowLook => {
  const navLink = useStyles<NavLinkFactory>({
    name: 'NavLink',
    classes: NavLink.classes,
    props: navLinkProps,
    styles: rowStyles,
    varsResolver: NavLink.varsResolver,
  });
  const root = navLink('root');
  const button = useStyles<UnstyledButtonFactory>({
    name: 'UnstyledButton',
    classes: UnstyledButton.classes,
    props: buttonProps,
    className: root.className,
    style: root.style,
  });
  const look: RowLook = {
    root: button('root', { focusable: true }),
    body: navLink('body'),
    label: navLink('label'),
    description: navLink('description'),
    section: navLink('section'),
  };
  // The same look keeps its identity, so that rows compare equal from one render to the next.
  const key = JSON.stringify(look);
  return useMemo(() => JSON.parse(key) as RowLook, [key]);
};

type ListRowProps = { readonly item: ListItem; readonly active: boolean; readonly look: RowLook; readonly onSelect: (id: string) => void };

/**
 * One entry of a list of the editor, as Mantine's NavLink renders it (a test checks the markup is
 * the same) but with plain elements: a NavLink is a dozen components, which for a thousand rows
 * is what opening the list costs.
 */
export const ListRow = memo(
  ({ item, active, look, onSelect }: ListRowProps) => (
    <button
      className={look.root.className}
      style={look.root.style}
      data-variant="light"
      data-active={active || undefined}
      type="button"
      aria-current={active ? 'true' : undefined}
      onClick={() => onSelect(item.id)}
    >
      <div className={look.body.className} style={look.body.style}>
        <span className={look.label.className} style={look.label.style}>
          {item.name.trim() || 'Untitled'}
        </span>
        <span className={look.description.className} style={look.description.style} data-active={active || undefined}>
          {item.hint}
        </span>
      </div>
      <span className={look.section.className} style={look.section.style} data-position="right">
        {item.badges && item.badges.length > 0 ? (
          <Group gap={4} wrap="nowrap">
            {item.badges}
          </Group>
        ) : null}
      </span>
    </button>
  ),
  (before, after) =>
    before.active === after.active &&
    before.look === after.look &&
    before.onSelect === after.onSelect &&
    sameListItem(before.item, after.item),
);
