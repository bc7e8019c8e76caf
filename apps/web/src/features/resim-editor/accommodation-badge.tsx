import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClockPlus } from '@tabler/icons-react';
import { extraTimeSummary } from './accommodations';

/**
 * A learner's time allowance beside their name ('+50 % time', 'untimed'). Read as "Extra time:
 * +50 % time": the words say it, not the colour; dark blue on white keeps its contrast.
 */
export const AccommodationBadge = ({ label }: { label: string }) => (
  <Badge
    size="sm"
    variant="outline"
    color="blue.9"
    radius="sm"
    tt="none"
    leftSection={<IconClockPlus size={12} aria-hidden />}
    style={{ flex: 'none' }}
  >
    <VisuallyHidden>Extra time: </VisuallyHidden>
    {label}
  </Badge>
);

/** How many of the learners listed play with extra time; nothing when none does. */
export const ExtraTimeSummary = ({ count }: { count: number }) =>
  count === 0 ? null : (
    <Group gap={6} wrap="nowrap">
      <IconClockPlus size={16} aria-hidden color="var(--mantine-color-blue-9)" style={{ flex: 'none' }} />
      <Text fz="sm">{extraTimeSummary(count)}</Text>
    </Group>
  );
