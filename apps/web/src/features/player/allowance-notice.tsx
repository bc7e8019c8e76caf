import { Group, Text } from '@mantine/core';
import type { GameSnapshot } from '@resim/contracts';
import { IconClockPlus } from '@tabler/icons-react';
import { allowanceText } from './announcements';

export const allowanceNoticeId = 'run-allowance';

/**
 * The learner's own time allowance in plain words beside the clock ("You have 25 minutes more than
 * the standard time", "This run is untimed…"); nothing for a run played to the scenario's time.
 */
export const AllowanceNotice = ({ allowance }: { allowance: GameSnapshot['allowance'] }) => {
  const text = allowanceText(allowance);
  if (text === null) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconClockPlus size={16} aria-hidden style={{ flex: 'none', marginTop: 3 }} color="var(--mantine-color-blue-8)" />
      <Text fz="sm" id={allowanceNoticeId}>
        {text}
      </Text>
    </Group>
  );
};
