import { Button, Card, EmptyState, Group, Skeleton, Stack } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Rows of grey while the learners load. */
export const LearnersSkeleton = () => (
  <Stack gap={10} aria-busy="true" aria-label="Loading learners">
    {Array.from({ length: 8 }, (_, row) => (
      <Group key={row} gap="md" wrap="nowrap">
        <Skeleton height={18} width={18} radius="sm" />
        <Skeleton height={14} width="32%" radius="sm" />
        <Skeleton height={14} width="18%" radius="sm" />
        <Skeleton height={14} width="12%" radius="sm" />
        <Skeleton height={14} width="12%" radius="sm" />
      </Group>
    ))}
  </Stack>
);

export const EmptyCard = (props: { icon: ReactNode; title: string; description: string; action?: ReactNode }) => (
  <Card padding="xl" radius="md">
    <EmptyState variant="light" size="lg" py="xl" icon={props.icon} title={props.title} description={props.description}>
      {props.action ? <EmptyState.Actions>{props.action}</EmptyState.Actions> : null}
    </EmptyState>
  </Card>
);

export const NoMatch = ({ onClear }: { onClear: () => void }) => (
  <EmptyCard
    icon={<IconSearchOff size={28} />}
    title="No learners match"
    description="No learner of this space matches the search and tags chosen."
    action={
      <Button variant="default" onClick={onClear}>
        Clear filters
      </Button>
    }
  />
);
