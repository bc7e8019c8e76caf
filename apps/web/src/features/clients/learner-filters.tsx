import { CloseButton, Group, MultiSelect, Text, TextInput } from '@mantine/core';
import { byCount } from '@resim/domain';
import { IconSearch, IconTag } from '@tabler/icons-react';
import type { LearnerFilter } from './learner-filter';

/** Search by email and filter by tags, shared by the learners table and the allocation matrix. */
export const LearnerFilters = (props: {
  filter: LearnerFilter;
  tags: readonly string[];
  shown: number;
  total: number;
  onChange: (filter: LearnerFilter) => void;
}) => {
  const { filter, onChange } = props;
  return (
    <Group gap="sm" mb="md" wrap="wrap" align="center">
      <TextInput
        aria-label="Search learners by email"
        placeholder="Search by email"
        leftSection={<IconSearch size={16} />}
        value={filter.search}
        onChange={(event) => onChange({ ...filter, search: event.currentTarget.value })}
        rightSection={
          filter.search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange({ ...filter, search: '' })} /> : null
        }
        style={{ flex: '1 1 240px' }}
      />
      <MultiSelect
        aria-label="Filter by tag"
        placeholder={filter.tags.length === 0 ? 'Any tag' : undefined}
        leftSection={<IconTag size={16} />}
        data={[...props.tags]}
        value={[...filter.tags]}
        onChange={(tags) => onChange({ ...filter, tags })}
        searchable
        clearable
        nothingFoundMessage="No such tag"
        disabled={props.tags.length === 0}
        style={{ flex: '1 1 240px' }}
        maw={420}
      />
      <Text fz="sm" c="dimmed" aria-live="polite">
        {props.shown === props.total
          ? `${props.total.toLocaleString()} ${byCount(props.total, 'learner', 'learners')}`
          : `Showing ${props.shown.toLocaleString()} of ${props.total.toLocaleString()} ${byCount(props.total, 'learner', 'learners')}`}
      </Text>
    </Group>
  );
};
