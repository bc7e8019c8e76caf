import { Badge, Box, Button, EmptyState, Grid, Group, NavLink, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type ListItem = { readonly id: string; readonly name: string; readonly badges?: readonly ReactNode[]; readonly hint?: string };

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
}) => (
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
          <ScrollArea.Autosize mah={560} type="auto" offsetScrollbars>
            <Stack gap={2} component="nav" aria-label={props.title}>
              {props.items.map((item) => (
                <NavLink
                  key={item.id}
                  component="button"
                  active={item.id === props.selectedId}
                  aria-current={item.id === props.selectedId ? 'true' : undefined}
                  onClick={() => props.onSelect(item.id)}
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
              ))}
            </Stack>
          </ScrollArea.Autosize>
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

/** The selected item, or the first one when the selection is gone (deleted, undone). */
export const selectedOf = <T extends { readonly id: string }>(items: readonly T[], selectedId: string | null): T | undefined =>
  items.find((item) => item.id === selectedId) ?? items[0];
