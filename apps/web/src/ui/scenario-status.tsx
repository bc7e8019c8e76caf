import { Badge } from '@mantine/core';

/**
 * SPEC 4, scenario run status. Status 2 reads 'Running' for a live session and 'Open' for a
 * self-paced one; the list does not say which mode a scenario uses, so it shows the neutral one.
 */
const statuses: Record<number, { label: string; color: string }> = {
  0: { label: 'Initialized', color: 'gray' },
  1: { label: 'Waiting', color: 'yellow' },
  2: { label: 'Open', color: 'green' },
  3: { label: 'Finished', color: 'blue' },
  4: { label: 'Test Mode', color: 'violet' },
  6: { label: 'Updating', color: 'orange' },
};

export const scenarioStatusLabel = (status: number): string => statuses[status]?.label ?? `Status ${status}`;

export const ScenarioStatusBadge = ({ status }: { status: number }) => (
  <Badge variant="light" color={statuses[status]?.color ?? 'gray'} radius="sm" size="sm" style={{ flex: 'none' }}>
    {scenarioStatusLabel(status)}
  </Badge>
);
