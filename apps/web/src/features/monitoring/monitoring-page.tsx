import {
  Anchor,
  Badge,
  Card,
  EmptyState,
  Group,
  Progress,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { recentWindowHours, type ActiveClient, type ResimSummary } from '@resim/contracts';
import { RunStatus } from '@resim/domain';
import { IconActivityHeartbeat } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pathFor } from '../../app/routes';
import { formatDateTime, formatRelative } from '../../ui/format';
import { LoadFailed } from '../../ui/load-failed';
import { PageHeader } from '../../ui/page-header';
import { formatPoints, runStage } from '../resim-editor/results/results-format';
import { RunDrawer } from '../resim-editor/results/run-drawer';
import { groupByScenario, lastStepWords, learnerDetail, progressPercent, progressWords, type ScenarioGroup } from './monitoring-format';
import { useClients, useClientsLive, useScenarioContent, useScenarioList } from './monitoring-queries';
import classes from './monitoring-page.module.css';

// The console's live channel follows at most this many scenarios at once; polling covers the rest.
const maxFollowed = 50;
const liveStatuses: readonly number[] = [RunStatus.Waiting, RunStatus.Running, RunStatus.TestMode];
// "x minutes ago" moves on while the page stays open.
const clockTickMs = 15_000;

const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), clockTickMs);
    return () => clearInterval(timer);
  }, []);
  return now;
};

const Connection = ({ connected }: { connected: boolean }) => (
  <Group gap={6} wrap="nowrap">
    <span className={classes.dot} data-connected={connected || undefined} aria-hidden />
    <Text fz="sm" c={connected ? undefined : 'dimmed'}>
      {connected ? 'Connected' : 'Disconnected'}
    </Text>
  </Group>
);

const openingLabel = (client: ActiveClient): string => {
  if (client.opening.number === null) return client.test ? 'Test Mode' : 'Preview';
  const status = { lobby: 'lobby', open: 'open', closed: 'closed' }[client.opening.status];
  return `Opening ${client.opening.number} · ${status}`;
};

const ClientRow = ({ client, now, onOpen }: { client: ActiveClient; now: number; onOpen: (client: ActiveClient) => void }) => {
  const stage = runStage({ startedAt: client.startedAt, endedAt: client.finished ? client.lastActive : null, endReason: client.endReason });
  const percent = progressPercent(client);
  const detail = learnerDetail(client.learner);
  return (
    <Table.Tr data-game={client.gameId}>
      <Table.Td>
        <Connection connected={client.connected} />
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Anchor
              component="button"
              type="button"
              fz="sm"
              fw={600}
              onClick={() => onOpen(client)}
              aria-label={`Open the run of ${client.learner.nickname}`}
            >
              {client.learner.nickname}
            </Anchor>
            {client.test ? (
              <Badge size="xs" variant="outline" color="grape" radius="sm">
                Test Mode
              </Badge>
            ) : null}
          </Group>
          {detail ? (
            <Text fz="xs" c="dimmed">
              {detail}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{openingLabel(client)}</Text>
      </Table.Td>
      <Table.Td miw={160}>
        <Stack gap={4}>
          <Progress value={percent} size="sm" aria-label={`Progress of ${client.learner.nickname}: ${percent}%`} />
          <Text fz="xs" c="dimmed">
            {progressWords(client.progress)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td ta="right">{formatPoints(client.progress.points)}</Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text fz="sm">{lastStepWords(client)}</Text>
          <Tooltip label={formatDateTime(client.lastStep?.at ?? client.lastActive)} openDelay={300}>
            <Text component="time" dateTime={client.lastStep?.at ?? client.lastActive} fz="xs" c="dimmed">
              {formatRelative(client.lastStep?.at ?? client.lastActive, now)}
            </Text>
          </Tooltip>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" radius="sm" color={stage.color}>
          {client.finished && stage.label === 'Ended' ? 'Finished' : stage.label}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
};

const ScenarioCard = ({ group, now, onOpen }: { group: ScenarioGroup; now: number; onOpen: (client: ActiveClient) => void }) => {
  const connected = group.clients.filter((client) => client.connected).length;
  return (
    <Card radius="md" padding="lg" component="section" aria-labelledby={`scenario-${group.id}`}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <Stack gap={0}>
          <Title order={2} fz="lg" id={`scenario-${group.id}`}>
            {group.name}
          </Title>
          <Text fz="xs" c="dimmed">
            {group.spaceName} · {group.clients.length} {group.clients.length === 1 ? 'learner' : 'learners'}, {connected} connected
          </Text>
        </Stack>
        <Anchor component={Link} to={`${pathFor({ name: 'EDIT_RESIM', resimId: group.id })}?tab=scoreboard`} fz="sm">
          Scoreboard
        </Anchor>
      </Group>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="xs" highlightOnHover aria-label={`Active learners of ${group.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Connection</Table.Th>
              <Table.Th>Learner</Table.Th>
              <Table.Th>Opening</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th ta="right">Points</Table.Th>
              <Table.Th>Last step</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.clients.map((client) => (
              <ClientRow key={client.gameId} client={client} now={now} onOpen={onOpen} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
};

// Until the scenario comes (or if it does not), steps name their items by id.
const unnamed = { actions: [], conclusions: [], measures: [], currency: 'USD' };

/** A learner's run from the Monitoring page, in the scoreboard's drawer; the scenario is read to name its items. */
const OpenRun = ({ client, onClose }: { client: ActiveClient | null; onClose: () => void }) => {
  const content = useScenarioContent(client?.scenario.id ?? null);
  return (
    <RunDrawer
      resimId={client?.scenario.id ?? ''}
      gameId={client?.gameId ?? null}
      nickname={client?.learner.nickname ?? ''}
      content={content.data ?? unnamed}
      spaceId={content.data?.group ?? null}
      onClose={onClose}
    />
  );
};

const scenarioOptions = (scenarios: readonly ResimSummary[] | undefined, clients: readonly ActiveClient[]) => {
  const names = new Map<string, string>();
  for (const scenario of scenarios ?? []) names.set(scenario.id, scenario.resimName);
  for (const client of clients) if (!names.has(client.scenario.id)) names.set(client.scenario.id, client.scenario.name);
  return [
    { value: '', label: 'All scenarios' },
    ...[...names].sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label })),
  ];
};

/**
 * SPEC 2, 7: Monitoring, the learners active now and recently (GET /admin/clients), by scenario;
 * `?id=` narrows it to one. It updates as learners act, over the console's live channel, and
 * polls as the fallback.
 */
export const MonitoringPage = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const resimId = searchParams.get('id') || null;
  const [showTests, setShowTests] = useState(false);
  const [open, setOpen] = useState<ActiveClient | null>(null);
  const clients = useClients(resimId);
  const scenarios = useScenarioList();
  const now = useNow();

  const listed = useMemo(() => (clients.data?.clients ?? []).filter((client) => showTests || !client.test), [clients.data, showTests]);
  const followed = useMemo(() => {
    if (resimId) return [resimId];
    const ids = new Set(listed.map((client) => client.scenario.id));
    for (const scenario of scenarios.data ?? []) if (liveStatuses.includes(scenario.resimStatus)) ids.add(scenario.id);
    return [...ids].slice(0, maxFollowed);
  }, [listed, resimId, scenarios.data]);
  useClientsLive(followed);

  const choose = (value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set('id', value);
    else next.delete('id');
    setSearchParams(next, { replace: true });
  };
  const testRuns = (clients.data?.clients ?? []).filter((client) => client.test).length;

  const body = () => {
    if (clients.isPending)
      return (
        <Stack gap="md" role="status" aria-label="Loading the active learners">
          <Skeleton height={48} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      );
    if (clients.isError && !clients.data) return <LoadFailed what="The active learners" onRetry={() => void clients.refetch()} />;
    if (listed.length === 0)
      return (
        <Card padding="xl" radius="md">
          <EmptyState
            py="xl"
            withIndicatorBackground
            icon={<IconActivityHeartbeat size={28} />}
            title="Nobody is playing right now"
            description={`Learners show here as soon as they join an open scenario, and stay for ${recentWindowHours} hours after their last step.`}
          />
        </Card>
      );
    return (
      <Stack gap="lg">
        {groupByScenario(listed).map((group) => (
          <ScenarioCard key={group.id} group={group} now={now} onOpen={setOpen} />
        ))}
        {clients.data.truncated ? (
          <Text fz="sm" c="dimmed">
            Showing the {clients.data.clients.length} most recently active runs; narrow the list to one scenario to see its others.
          </Text>
        ) : null}
      </Stack>
    );
  };

  return (
    <>
      <PageHeader
        title="Monitoring"
        description={`Learners playing now, and everyone who joined or took a step in the last ${recentWindowHours} hours, across your spaces. The page updates as they play.`}
      />
      <Group align="flex-end" gap="lg" mb="lg" wrap="wrap">
        <Select
          label="Scenario"
          data={scenarioOptions(scenarios.data, clients.data?.clients ?? [])}
          value={resimId ?? ''}
          onChange={choose}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 320 }}
        />
        <Switch
          label={`Show Test Mode runs${testRuns > 0 ? ` (${testRuns})` : ''}`}
          checked={showTests}
          onChange={(event) => setShowTests(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {body()}
      <OpenRun client={open} onClose={() => setOpen(null)} />
    </>
  );
};
