import { Badge, Group, Text } from '@mantine/core';
import { describeAccommodation, type EffectiveAccommodation } from '@resim/contracts';
import { IconClockPlus } from '@tabler/icons-react';
import { accommodationSource } from './accommodation-text';

/** A learner's accommodation in effect, and in words where it comes from (their own, or a tag's). */
export const AccommodationBadge = ({ accommodation }: { accommodation: EffectiveAccommodation | null }) => {
  if (accommodation === null)
    return (
      <Text fz="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color="grape" radius="sm" tt="none" fw={500} leftSection={<IconClockPlus size={12} aria-hidden />}>
        {describeAccommodation(accommodation)}
      </Badge>
      <Text fz="xs" c="dimmed">
        {accommodationSource(accommodation.from)}
      </Text>
    </Group>
  );
};
