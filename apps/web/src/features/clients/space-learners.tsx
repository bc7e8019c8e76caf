import { Button, Group, Tabs } from '@mantine/core';
import type { ResimSummary, Space } from '@resim/contracts';
import { mayEditInSpace } from '@resim/domain';
import { IconClockPlus, IconLayoutGrid, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { AccommodationModal, type AccommodationSubject } from './accommodation-modal';
import { AddLearnersModal } from './add-learners-modal';
import { AllocationMatrix } from './allocation-matrix';
import { filterLearners, noFilter, tagsPresent } from './learner-filter';
import { LearnerFilters } from './learner-filters';
import { useAllocate, useLearners } from './learner-queries';
import { LearnersPanel } from './learners-panel';
import { LoadFailed } from '../../ui/load-failed';
import { EmptyCard, LearnersSkeleton, NoMatch } from './list-states';
import type { ClientsView } from './use-clients-address';

/** One space's learners: the table and the allocation matrix, both under one search and tag filter. */
export const SpaceLearners = (props: {
  space: Space;
  scenarios: readonly ResimSummary[];
  view: ClientsView;
  onView: (view: ClientsView) => void;
}) => {
  const { space } = props;
  const learners = useLearners(space.id);
  const allocate = useAllocate(space.id);
  const [filter, setFilter] = useState(noFilter);
  const [adding, setAdding] = useState(false);
  const [accommodating, setAccommodating] = useState<AccommodationSubject | null>(null);
  const editable = mayEditInSpace(space.security, space.isOwner);
  // Typing in the search stays quick while thousands of rows are filtered behind it.
  const applied = useDeferredValue(filter);
  const all = useMemo(() => learners.data ?? [], [learners.data]);
  const shown = useMemo(() => filterLearners(all, applied), [all, applied]);
  const tags = useMemo(() => tagsPresent(all), [all]);
  const filterKey = `${applied.search}\n${applied.tags.join('\n')}`;

  // The tag filtered by, when there is one, is the tag the accommodation is most likely for.
  const tagButton =
    editable && tags.length > 0 ? (
      <Button
        variant="default"
        leftSection={<IconClockPlus size={16} />}
        onClick={() => setAccommodating({ kind: 'tag', tag: filter.tags.length === 1 ? (filter.tags[0] ?? null) : null })}
      >
        Accommodation for tag…
      </Button>
    ) : null;

  const addButton = editable ? (
    <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
      Add learners
    </Button>
  ) : null;

  const content = (panel: () => ReactNode) => {
    if (learners.isPending) return <LearnersSkeleton />;
    if (learners.isError) return <LoadFailed what="The learners" onRetry={() => void learners.refetch()} />;
    if (all.length === 0)
      return (
        <EmptyCard
          icon={<IconUsers size={28} />}
          title="No learners yet"
          description={
            editable
              ? 'Add learners by email, pasted or from a CSV file; then give them scenarios of this space.'
              : 'Nobody has been added to this space yet.'
          }
          action={addButton}
        />
      );
    if (shown.length === 0) return <NoMatch onClear={() => setFilter(noFilter)} />;
    return panel();
  };

  return (
    <>
      <Tabs value={props.view} onChange={(view) => props.onView(view === 'allocations' ? 'allocations' : 'learners')} keepMounted={false}>
        <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
          <Tabs.List>
            <Tabs.Tab value="learners" leftSection={<IconUsers size={16} />}>
              Learners
            </Tabs.Tab>
            <Tabs.Tab value="allocations" leftSection={<IconLayoutGrid size={16} />}>
              Allocations
            </Tabs.Tab>
          </Tabs.List>
          {all.length > 0 ? (
            <Group gap="sm">
              {tagButton}
              {addButton}
            </Group>
          ) : null}
        </Group>
        {all.length > 0 ? (
          <LearnerFilters filter={filter} tags={tags} shown={shown.length} total={all.length} onChange={setFilter} />
        ) : null}
        <Tabs.Panel value="learners">
          {content(() => (
            <LearnersPanel
              spaceId={space.id}
              learners={all}
              shown={shown}
              filterKey={filterKey}
              editable={editable}
              onAccommodate={(learner) => setAccommodating({ kind: 'learner', learner })}
            />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="allocations">
          {content(() =>
            props.scenarios.length === 0 ? (
              <EmptyCard
                icon={<IconLayoutGrid size={28} />}
                title="No scenarios in this space"
                description="Scenarios made in this space can be given to its learners here."
              />
            ) : (
              <AllocationMatrix
                key={filterKey}
                learners={shown}
                scenarios={props.scenarios}
                editable={editable}
                onChange={(change) => allocate.mutate(change)}
              />
            ),
          )}
        </Tabs.Panel>
      </Tabs>
      <AddLearnersModal
        opened={adding}
        spaceId={space.id}
        spaceName={space.description}
        learners={all}
        tags={tags}
        onClose={() => setAdding(false)}
      />
      <AccommodationModal spaceId={space.id} subject={accommodating} tags={tags} onClose={() => setAccommodating(null)} />
    </>
  );
};
