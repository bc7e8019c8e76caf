import { Button, Group, Paper, Text } from '@mantine/core';
import { IconMailForward, IconTag, IconTagOff, IconTrash, IconX } from '@tabler/icons-react';

/** What can be done to the selected learners at once. */
export const BulkActions = (props: {
  count: number;
  onAddTag: () => void;
  onRemoveTag: () => void;
  onRemind: () => void;
  onRemove: () => void;
  onClear: () => void;
}) => {
  const none = props.count === 0;
  return (
    <Paper
      radius="md"
      px="md"
      py={8}
      mb="sm"
      role="toolbar"
      aria-label="Selected learners"
      bg={none ? undefined : 'var(--mantine-primary-color-light)'}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Text fz="sm" fw={500} aria-live="polite">
            {none ? 'Select learners to tag, remind or remove them' : `${props.count.toLocaleString()} selected`}
          </Text>
          {none ? null : (
            <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={props.onClear}>
              Clear
            </Button>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" leftSection={<IconTag size={14} />} onClick={props.onAddTag} disabled={none}>
            Add tag
          </Button>
          <Button size="xs" variant="default" leftSection={<IconTagOff size={14} />} onClick={props.onRemoveTag} disabled={none}>
            Remove tag
          </Button>
          <Button size="xs" variant="default" leftSection={<IconMailForward size={14} />} onClick={props.onRemind} disabled={none}>
            Send reminder
          </Button>
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={props.onRemove} disabled={none}>
            Remove
          </Button>
        </Group>
      </Group>
    </Paper>
  );
};
