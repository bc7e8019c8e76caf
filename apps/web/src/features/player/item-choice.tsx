import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ActionView } from '@resim/domain';
import { IconCheck } from '@tabler/icons-react';

/**
 * One test or diagnosis to pick, with its cost when shown: a checkbox card while it can be picked; done ones are marked,
 * and ones shown but blocked (isAlwaysShown) are disabled with the reason.
 */
export const ItemChoice = ({
  item,
  checked,
  blocked = false,
  cost = null,
  onToggle,
}: {
  item: ActionView;
  checked: boolean;
  /** the limit of picks is reached and this one is not among them */
  blocked?: boolean;
  /** what doing it changes on the measures, when the scenario shows it */
  cost?: string | null;
  onToggle: (id: string) => void;
}) => {
  const done = item.availability === 'done';
  const disabled = item.availability !== 'available' || blocked;
  return (
    <Checkbox.Card
      checked={checked || done}
      disabled={disabled}
      onClick={() => onToggle(item.id)}
      radius="md"
      p="sm"
      aria-describedby={item.reason ? `reason-${item.id}` : undefined}
      style={disabled ? { opacity: done ? 0.75 : 0.6, cursor: 'not-allowed' } : { cursor: 'pointer' }}
      bg={checked ? 'blue.0' : undefined}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Checkbox.Indicator disabled={disabled} mt={2} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fz="sm" fw={checked ? 600 : 400}>
            {item.name}
          </Text>
          {cost ? (
            <Text fz="xs" c="dimmed">
              Costs {cost}
            </Text>
          ) : null}
          {item.reason && item.availability === 'unavailable' ? (
            <Text fz="xs" c="dimmed" id={`reason-${item.id}`}>
              {item.reason}
            </Text>
          ) : null}
        </Stack>
        {done ? (
          <Badge size="sm" variant="light" color="teal" leftSection={<IconCheck size={12} aria-hidden />}>
            Done
          </Badge>
        ) : null}
      </Group>
    </Checkbox.Card>
  );
};
