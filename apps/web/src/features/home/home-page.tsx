import { Alert, Button, Card, CloseButton, EmptyState, Group, Input, Paper, Skeleton, Stack, TextInput } from '@mantine/core';
import type { ResimSummary, ScenarioTemplate, Space } from '@resim/contracts';
import { groupScenariosBySpace, mayEditInSpace, mayMoveOutOf, moveOutRefused, SortOrder } from '@resim/domain';
import {
  IconAlertTriangle,
  IconArrowsSort,
  IconChevronDown,
  IconFolderPlus,
  IconPlus,
  IconSearch,
  IconSearchOff,
} from '@tabler/icons-react';
import { Suspense, useMemo, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { pathFor } from '../../app/routes';
import { showSuccess } from '../../app/notify';
import { PageHeader } from '../../ui/page-header';
import { setSpaceCollapsed } from './collapsed-spaces';
import type { HomeDialog } from './home-dialogs';
import { useCloneResim, useCreateResim, useExportResim, useHomeData, useSaveMetadata } from './home-queries';
import type { ScenarioCardActions } from './scenario-card';
import { lazyNamed } from '../../ui/lazy-named';
import { SpaceSection } from './space-section';
import grid from './card-grid.module.css';
import priorityToggle from './priority-toggle.module.css';

/** SPEC 9 sort orders, as the user reads them. */
export const sortOptions: readonly { value: SortOrder; label: string }[] = [
  { value: SortOrder.AlphaAsc, label: 'A→Z' },
  { value: SortOrder.AlphaDesc, label: 'Z→A' },
  { value: SortOrder.CreationAsc, label: 'Oldest first' },
  { value: SortOrder.CreationDesc, label: 'Newest first' },
];

const toSortOrder = (value: string | null): SortOrder | null => sortOptions.find((option) => String(option.value) === value)?.value ?? null;

const HomeSkeleton = () => (
  <Stack gap="md" aria-busy="true" aria-label="Loading scenarios">
    {[0, 1].map((section) => (
      <Paper key={section} radius="md" p="md" shadow="xs">
        <Group gap="sm" mb="md">
          <Skeleton height={20} width={20} radius="sm" />
          <Skeleton height={18} width={180} radius="sm" />
          <Skeleton height={18} width={70} radius="sm" />
        </Group>
        <div className={grid.grid}>
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} height={118} radius="md" />
          ))}
        </div>
      </Paper>
    ))}
  </Stack>
);

// The dialogs and what they change load when one is first opened: most visits to Home open none.
const HomeDialogs = lazyNamed(() => import('./home-dialogs').then((m) => m.HomeDialogs));

/** Home: the user's spaces, each with its scenarios, foldable, sorted and searchable. */
export const HomePage = () => {
  const { templates, resims, spaces, metadata } = useHomeData();
  const saveMetadata = useSaveMetadata();
  const createResim = useCreateResim();
  const cloneResim = useCloneResim();
  const exportResim = useExportResim();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<HomeDialog>(null);
  // Kept once mounted, so that a dialog closes with its transition.
  const [dialogsShown, setDialogsShown] = useState(false);
  if (dialog !== null && !dialogsShown) setDialogsShown(true);

  const order: SortOrder = metadata.data?.sortOrder ?? SortOrder.AlphaAsc;
  const priorityFirst = metadata.data?.priorityFirst ?? false;
  const collapsed = useMemo(() => new Set(metadata.data?.collapsedSpaces ?? []), [metadata.data]);
  const templatesById = useMemo(
    () => new Map<string, ScenarioTemplate>((templates.data ?? []).map((template) => [template.id, template])),
    [templates.data],
  );
  const groups = useMemo(
    () => groupScenariosBySpace({ spaces: spaces.data ?? [], scenarios: resims.data ?? [], order, priorityFirst, search }),
    [spaces.data, resims.data, order, priorityFirst, search],
  );

  const loading = spaces.isPending || resims.isPending || metadata.isPending;
  const failed = spaces.isError || resims.isError;
  const searching = search.trim() !== '';

  const toggle = (spaceId: string) => {
    const current = metadata.data?.collapsedSpaces ?? [];
    saveMetadata.mutate({ collapsedSpaces: setSpaceCollapsed(current, spaceId, !collapsed.has(spaceId)) });
  };

  // SPEC 7: a new scenario is made in the space from the template chosen, then opened in the editor.
  const newScenario = (space: Space, templateId: string, resimName: string) =>
    createResim.mutate(
      { groupId: space.id, templateId, resimName },
      { onSuccess: (created) => void navigate(pathFor({ name: 'EDIT_RESIM', resimId: created.id })) },
    );

  const spacesById = useMemo(() => new Map((spaces.data ?? []).map((space) => [space.id, space])), [spaces.data]);
  const scenarioActions = (scenario: ResimSummary): ScenarioCardActions => {
    const space = spacesById.get(scenario.group);
    const owner = space?.isOwner ?? false;
    return {
      onClone:
        owner || space?.security.canClone
          ? () => cloneResim.mutate(scenario.id, { onSuccess: (copy) => showSuccess(`“${copy.resimName}” was created`) })
          : null,
      onExport: () => exportResim.mutate(scenario),
      onDelete: owner || space?.security.canDelete ? () => setDialog({ kind: 'delete-scenario', scenario }) : null,
      onMove: () => setDialog({ kind: 'move-scenario', scenario }),
      mayEdit: space ? mayEditInSpace(space.security, space.isOwner) : false,
      moveBlocked: space && !mayMoveOutOf(space) ? moveOutRefused : null,
    };
  };

  const newSpaceButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
      New space
    </Button>
  );

  const content = () => {
    if (loading) return <HomeSkeleton />;
    if (failed)
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Your scenarios could not be loaded">
          <Stack gap="sm" align="flex-start">
            The server did not answer as expected. Check your connection and try again.
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => {
                void spaces.refetch();
                void resims.refetch();
              }}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      );
    if ((spaces.data ?? []).length === 0)
      return (
        <Card padding="xl" radius="md">
          <EmptyState
            variant="light"
            size="lg"
            py="xl"
            icon={<IconFolderPlus size={28} />}
            title="Create your first space"
            description="Spaces hold your scenarios and the people who work on them. Create one to get started."
          >
            <EmptyState.Actions>{newSpaceButton}</EmptyState.Actions>
          </EmptyState>
        </Card>
      );
    if (groups.length === 0)
      return (
        <Card padding="xl" radius="md">
          <EmptyState
            size="md"
            py="lg"
            icon={<IconSearchOff size={28} />}
            withIndicatorBackground
            title="No matches"
            description={`No scenario or space matches “${search.trim()}”.`}
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={() => setSearch('')}>
                Clear search
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      );
    return (
      <Stack gap="md">
        {groups.map(({ space, scenarios }) => (
          <SpaceSection
            key={space.id}
            space={space}
            scenarios={scenarios}
            templates={templatesById}
            collapsed={collapsed.has(space.id)}
            searching={searching}
            onToggle={() => toggle(space.id)}
            onRename={() => setDialog({ kind: 'rename', space })}
            onDelete={() => setDialog({ kind: 'delete', space })}
            onNewScenario={mayEditInSpace(space.security, space.isOwner) ? () => setDialog({ kind: 'new-scenario', space }) : null}
            creatingScenario={createResim.isPending && createResim.variables?.groupId === space.id}
            onImport={mayEditInSpace(space.security, space.isOwner) ? () => setDialog({ kind: 'import', space }) : null}
            scenarioActions={scenarioActions}
          />
        ))}
      </Stack>
    );
  };

  return (
    <>
      <PageHeader title="Home" description="Your spaces and the scenarios in them." actions={newSpaceButton} />
      <Group gap="sm" mb="lg" wrap="wrap" align="flex-end">
        <TextInput
          aria-label="Search scenarios and spaces"
          placeholder="Search scenarios and spaces"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={searching ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null}
          style={{ flex: '1 1 280px' }}
        />
        {/* A plain select in Mantine's input frame: NativeSelect would add its own chevron code to the first download. */}
        <Input
          component="select"
          aria-label="Sort scenarios"
          value={String(order)}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            const next = toSortOrder(event.currentTarget.value);
            if (next !== null && next !== order) saveMetadata.mutate({ sortOrder: next });
          }}
          leftSection={<IconArrowsSort size={16} />}
          rightSection={<IconChevronDown size={14} />}
          rightSectionPointerEvents="none"
          pointer
          w={190}
          disabled={metadata.isPending}
        >
          {sortOptions.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </Input>
        <label className={priorityToggle.toggle}>
          <input
            type="checkbox"
            checked={priorityFirst}
            onChange={(event) => saveMetadata.mutate({ priorityFirst: event.currentTarget.checked })}
            disabled={metadata.isPending}
          />
          High priority first
        </label>
      </Group>
      {content()}
      {dialogsShown && (
        <Suspense fallback={null}>
          <HomeDialogs
            dialog={dialog}
            spaces={spaces.data ?? []}
            templates={templates}
            createResim={createResim}
            onNewScenario={newScenario}
            onClose={() => {
              setDialog(null);
              createResim.reset();
            }}
          />
        </Suspense>
      )}
    </>
  );
};
