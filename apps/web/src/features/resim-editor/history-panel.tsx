import { Alert, Badge, Button, Group, Loader, Modal, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ScenarioVersion, VersionDiffBody } from '@resim/contracts';
import { IconAlertTriangle, IconDoorEnter, IconRestore, IconTag } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApi } from '../../api/api-context';
import { historyCalls, historyKey } from '../../api/history-calls';
import { formatDateTime } from '../../ui/format';
import type { PanelProps } from './editor-types';
import { groupVersions, versionSummary } from './history-groups';
import { useDashboard } from './results/results-queries';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const authorOf = (version: { author: string }) => version.author || 'Before history was kept';
const titleOf = (version: ScenarioVersion) => `Revision ${version.revision}${version.name ? ` “${version.name}”` : ''}`;

const changeColours = { added: 'teal', removed: 'red', changed: 'blue' } as const;

const revisionParam = (value: string | null): number | null => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

/** When each revision was opened to learners, oldest first, from the dashboard's openings. */
const openingsByRevision = (instances: readonly { created: string; revision: number | null }[] | undefined): Map<number, string[]> => {
  const openings = new Map<number, string[]>();
  for (const instance of [...(instances ?? [])].reverse())
    if (instance.revision !== null) openings.set(instance.revision, [...(openings.get(instance.revision) ?? []), instance.created]);
  return openings;
};

/** The changes between two versions, each item's fields side by side. */
const DiffView = ({ diff }: { diff: VersionDiffBody }) => {
  if (diff.changes.length === 0 && diff.reordered.length === 0)
    return (
      <Text c="dimmed">
        Revisions {diff.from} and {diff.to} have the same content.
      </Text>
    );
  return (
    <Stack gap="md">
      {diff.reordered.length > 0 ? <Text fz="sm">Order changed: {diff.reordered.join(', ')}.</Text> : null}
      {diff.changes.map((change) => (
        <Paper key={`${change.section}:${change.id}`} withBorder p="sm" radius="md">
          <Group gap="xs" mb="xs">
            <Badge color={changeColours[change.change]} variant="light">
              {change.change}
            </Badge>
            <Text fw={600}>{change.words}</Text>
          </Group>
          <Table layout="fixed" fz="sm" aria-label={change.words}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="22%">Field</Table.Th>
                <Table.Th>Revision {diff.from}</Table.Th>
                <Table.Th>Revision {diff.to}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {change.fields.map((field) => (
                <Table.Tr key={field.label} title={field.words}>
                  <Table.Td>{field.label}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{field.before || '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{field.after || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
};

/**
 * The scenario's saves grouped by author and hour, each marked with the openings that ran it; two
 * versions compared in words, side by side (`?from=` and `?to=` pick them, as the dashboard's
 * "Changes since" does); a version restored as a new save (after a confirmation) or named ("used
 * for the March exam").
 */
export const HistoryPanel = ({ resimId, readOnly, history }: PanelProps) => {
  const { request } = useApi();
  const calls = useMemo(() => historyCalls(request), [request]);
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery({
    queryKey: historyKey(resimId),
    queryFn: ({ pageParam, signal }) => calls.list(resimId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });
  const versions = useMemo(() => pages.data?.pages.flatMap((page) => page.versions) ?? [], [pages.data]);
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<{ from: number | null; to: number | null }>(() => ({
    from: revisionParam(params.get('from')),
    to: revisionParam(params.get('to')),
  }));
  const dashboard = useDashboard(resimId);
  const openings = useMemo(() => openingsByRevision(dashboard.data?.instances), [dashboard.data]);
  // The two latest openings that ran different versions: what changed between their cohorts.
  const cohorts = [
    ...new Set((dashboard.data?.instances ?? []).flatMap((instance) => (instance.revision === null ? [] : [instance.revision]))),
  ];
  const openedText = (revision: number) => openings.get(revision)?.map((created) => `opened ${formatDateTime(created)}`) ?? [];
  const from = picked.from ?? versions[1]?.revision ?? null;
  const to = picked.to ?? versions[0]?.revision ?? null;
  const diff = useQuery({
    queryKey: [...historyKey(resimId), 'diff', from, to],
    queryFn: ({ signal }) => calls.diff(resimId, from!, to!, signal),
    enabled: from !== null && to !== null,
  });
  const [restoring, setRestoring] = useState<ScenarioVersion | null>(null);
  const [naming, setNaming] = useState<{ version: ScenarioVersion; name: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: historyKey(resimId) });
  const restore = useMutation({
    mutationFn: (version: ScenarioVersion) => calls.restore(resimId, version.revision, history?.revision ?? 0),
    onSuccess: async () => {
      setRestoring(null);
      await refresh();
      await history?.onRestored();
    },
  });
  const rename = useMutation({
    mutationFn: ({ version, name }: { version: ScenarioVersion; name: string }) =>
      calls.name(resimId, version.revision, name.trim() || null),
    onSuccess: async () => {
      setNaming(null);
      await refresh();
    },
  });

  if (pages.isPending) return <Loader size="sm" aria-label="Loading the history" />;
  if (pages.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The history could not be read">
        {messageOf(pages.error)}
      </Alert>
    );

  // A revision asked for or run by an opening may be on a page not read yet: it is offered all the same.
  const listed = new Set(versions.map((version) => version.revision));
  const unlisted = [...new Set([from, to, ...openings.keys()])].filter(
    (revision): revision is number => revision !== null && !listed.has(revision),
  );
  const options = [
    ...versions.map((version) => ({ revision: version.revision, title: titleOf(version) })),
    ...unlisted.sort((a, b) => b - a).map((revision) => ({ revision, title: `Revision ${revision}` })),
  ].map(({ revision, title }) => ({ value: String(revision), label: [title, ...openedText(revision)].join(' · ') }));
  const mayChange = !readOnly && history !== undefined;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3}>Compare two versions</Title>
        <Group gap="sm" align="flex-end">
          <Select
            label="From"
            data={options}
            value={from === null ? null : String(from)}
            onChange={(value) => setPicked((now) => ({ ...now, from: value === null ? null : Number(value) }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 300 }}
          />
          <Select
            label="To"
            data={options}
            value={to === null ? null : String(to)}
            onChange={(value) => setPicked((now) => ({ ...now, to: value === null ? null : Number(value) }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 300 }}
          />
          {cohorts.length >= 2 ? (
            <Button variant="default" onClick={() => setPicked({ from: cohorts[1]!, to: cohorts[0]! })}>
              Compare the last two openings
            </Button>
          ) : null}
        </Group>
        {diff.isError ? (
          <Alert color="red" variant="light" title="The versions could not be compared">
            {messageOf(diff.error)}
          </Alert>
        ) : diff.data ? (
          <DiffView diff={diff.data} />
        ) : from !== null && to !== null ? (
          <Loader size="sm" aria-label="Comparing the versions" />
        ) : (
          <Text c="dimmed">There is one version so far: save a change to compare it with.</Text>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3}>Saves</Title>
        {mayChange && history.blocked ? (
          <Text fz="sm" c="dimmed">
            {history.blocked} to restore a version.
          </Text>
        ) : null}
        {groupVersions(versions).map((group) => (
          <Paper key={group.key} withBorder radius="md" p="sm">
            <Text fw={600} fz="sm" mb="xs">
              {authorOf(group)} · {formatDateTime(group.hour)}
            </Text>
            <Table fz="sm">
              <Table.Tbody>
                {group.versions.map((version) => (
                  <Table.Tr key={version.revision}>
                    <Table.Td w="30%">
                      <Text fz="sm">Revision {version.revision}</Text>
                      {version.name ? (
                        <Badge variant="light" leftSection={<IconTag size={12} />}>
                          {version.name}
                        </Badge>
                      ) : null}
                      {openedText(version.revision).map((opened) => (
                        <Badge key={opened} variant="outline" color="gray" leftSection={<IconDoorEnter size={12} />} tt="none">
                          {opened}
                        </Badge>
                      ))}
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{versionSummary(version)}</Text>
                      <Text fz="xs" c="dimmed">
                        {formatDateTime(version.savedAt)}
                        {version.items.length > 0 ? ` · ${version.items.map((item) => item.name).join(', ')}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td w="1%">
                      {mayChange ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setNaming({ version, name: version.name ?? '' })}
                            aria-label={`Name revision ${version.revision}`}
                          >
                            Name…
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            leftSection={<IconRestore size={14} />}
                            disabled={history.blocked !== null || version.revision === history.revision}
                            onClick={() => setRestoring(version)}
                            aria-label={`Restore revision ${version.revision}`}
                          >
                            Restore…
                          </Button>
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))}
        {pages.hasNextPage ? (
          <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            Show older saves
          </Button>
        ) : null}
      </Stack>

      <Modal opened={restoring !== null} onClose={() => setRestoring(null)} title={restoring ? `Restore ${titleOf(restoring)}?` : ''}>
        <Stack gap="md">
          <Text fz="sm">
            Its content is saved again as a new revision. Every version stays in the history, so this can be undone by restoring revision{' '}
            {history?.revision} afterwards.
          </Text>
          {restore.isError ? (
            <Alert color="red" variant="light" title="The version was not restored">
              {messageOf(restore.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRestoring(null)}>
              Cancel
            </Button>
            <Button loading={restore.isPending} onClick={() => restoring && restore.mutate(restoring)}>
              Restore
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={naming !== null} onClose={() => setNaming(null)} title={naming ? `Name revision ${naming.version.revision}` : ''}>
        <Stack gap="md">
          <TextInput
            label="Name"
            description="For instance “used for the March exam”; leave it blank to remove the name."
            value={naming?.name ?? ''}
            maxLength={100}
            onChange={(event) => {
              const name = event.currentTarget.value;
              setNaming((now) => (now ? { ...now, name } : now));
            }}
            data-autofocus
          />
          {rename.isError ? (
            <Alert color="red" variant="light" title="The name was not saved">
              {messageOf(rename.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNaming(null)}>
              Cancel
            </Button>
            <Button loading={rename.isPending} onClick={() => naming && rename.mutate(naming)}>
              Save name
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};
