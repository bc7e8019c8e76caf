import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { IntelQuery, ResimSummary, Space } from '@resim/contracts';

type Props = {
  readonly filters: IntelQuery;
  readonly spaces: readonly Space[];
  readonly scenarios: readonly ResimSummary[];
  readonly onChange: (name: keyof IntelQuery, value: string | null) => void;
};

/** Space, scenario (of the space chosen), the days the runs started on, and the trend's period. */
export const IntelFilters = ({ filters, spaces, scenarios, onChange }: Props) => (
  <Group gap="sm" align="flex-end" wrap="wrap" mb="lg">
    <Select
      label="Space"
      placeholder="All spaces"
      clearable
      searchable
      w={220}
      data={spaces.map((space) => ({ value: space.id, label: space.description }))}
      value={filters.space ?? null}
      onChange={(value) => onChange('space', value)}
    />
    <Select
      label="Scenario"
      placeholder="All scenarios"
      clearable
      searchable
      w={240}
      data={scenarios
        .filter((scenario) => !filters.space || scenario.group === filters.space)
        .map((scenario) => ({ value: scenario.id, label: scenario.resimName }))}
      value={filters.resim ?? null}
      onChange={(value) => onChange('resim', value)}
    />
    <TextInput
      type="date"
      label="From"
      w={170}
      value={filters.from ?? ''}
      max={filters.to}
      onChange={(event) => onChange('from', event.currentTarget.value || null)}
    />
    <TextInput
      type="date"
      label="To"
      w={170}
      value={filters.to ?? ''}
      min={filters.from}
      onChange={(event) => onChange('to', event.currentTarget.value || null)}
    />
    <Stack gap={4}>
      <Text component="span" fz="sm" fw={500} id="intel-period">
        Trend by
      </Text>
      <SegmentedControl
        aria-labelledby="intel-period"
        data={[
          { value: 'day', label: 'Day' },
          { value: 'week', label: 'Week' },
        ]}
        value={filters.by ?? 'day'}
        onChange={(value) => onChange('by', value === 'day' ? null : value)}
      />
    </Stack>
  </Group>
);
