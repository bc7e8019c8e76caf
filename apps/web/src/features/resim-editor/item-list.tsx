import { Badge, Box, Button, EmptyState, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo, useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import classes from './item-list.module.css';
import { ListRow, useRowLook, type RowLook } from './list-row';
import { rowBlocks, sameListItems, type ListItem } from './list-rows';

export type { ListItem } from './list-rows';

type BlockProps = {
  readonly items: readonly ListItem[];
  readonly selectedId: string | null;
  readonly look: RowLook;
  readonly onSelect: (id: string) => void;
};

/**
 * A block of consecutive rows. With a thousand rows, even skipping each one costs React a walk up
 * the tree per row; blocks keep a keystroke to the rows of one block.
 */
const RowBlock = memo(
  ({ items, selectedId, look, onSelect }: BlockProps) => (
    <div className={classes.block}>
      {items.map((item) => (
        <ListRow key={item.id} item={item} active={item.id === selectedId} look={look} onSelect={onSelect} />
      ))}
    </div>
  ),
  (before, after) =>
    before.selectedId === after.selectedId &&
    before.look === after.look &&
    before.onSelect === after.onSelect &&
    sameListItems(before.items, after.items),
);

/** A callback of constant identity that calls the latest `callback` given. */
const useStableCallback = <A extends unknown[]>(callback: (...args: A) => void): ((...args: A) => void) => {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
};

/**
 * One part of the scenario as a list on the left and the chosen item's form on the right.
 * The list stays in the order of the scenario, which is the order learners see.
 */
export const ItemList = (props: {
  title: string;
  description: string;
  items: readonly ListItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  addLabel: string;
  onAdd: (() => void) | null;
  extraActions?: ReactNode;
  emptyTitle: string;
  emptyText: string;
  children: ReactNode;
}) => {
  const onSelect = useStableCallback(props.onSelect);
  const look = useRowLook();
  const scroller = useRef<HTMLDivElement>(null);
  // The chosen item in view: one opened from the flow chart or an address, or one just added at the end.
  useLayoutEffect(() => {
    scroller.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [props.selectedId]);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper radius="md" p="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" px={4}>
              <Title order={2} fz="md" fw={600}>
                {props.title}
              </Title>
              <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
                {props.items.length}
              </Badge>
            </Group>
            <Text fz="xs" c="dimmed" px={4}>
              {props.description}
            </Text>
            {props.onAdd || props.extraActions ? (
              <Group gap="xs" px={4}>
                {props.onAdd ? (
                  <Button size="xs" leftSection={<IconPlus size={14} />} onClick={props.onAdd}>
                    {props.addLabel}
                  </Button>
                ) : null}
                {props.extraActions}
              </Group>
            ) : null}
            <div className={classes.scroll} ref={scroller}>
              <Stack gap={2} component="nav" aria-label={props.title}>
                {rowBlocks(props.items).map((block, index) => (
                  <RowBlock
                    key={index}
                    items={block}
                    selectedId={block.some((item) => item.id === props.selectedId) ? props.selectedId : null}
                    look={look}
                    onSelect={onSelect}
                  />
                ))}
              </Stack>
            </div>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        {props.items.length === 0 ? (
          <Paper radius="md" p="xl">
            <EmptyState size="md" py="lg" title={props.emptyTitle} description={props.emptyText} />
          </Paper>
        ) : (
          <Paper radius="md" p="lg">
            <Box>{props.children}</Box>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
};

/** The selected item, or the first one when the selection is gone (deleted, undone). */
export const selectedOf = <T extends { readonly id: string }>(items: readonly T[], selectedId: string | null): T | undefined =>
  items.find((item) => item.id === selectedId) ?? items[0];
