import { Text, Tooltip } from '@mantine/core';
import { formatDateTime, formatRelative } from '../../ui/format';

/** A date as how long ago it was, the exact date and time on hover; 'Never' when there is none. */
export const RelativeDate = ({ iso, now }: { iso: string | null; now: number }) =>
  iso === null ? (
    <Text fz="sm" c="dimmed">
      Never
    </Text>
  ) : (
    <Tooltip label={formatDateTime(iso)} openDelay={300}>
      <Text component="time" dateTime={iso} fz="sm">
        {formatRelative(iso, now)}
      </Text>
    </Tooltip>
  );
