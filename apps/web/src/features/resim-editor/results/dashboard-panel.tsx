import { Badge, Button, Card, EmptyState, Group, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { Dashboard } from '@resim/contracts';
import { byCount, runReadingOf, runStatusName } from '@resim/domain';
import { IconDoorEnter, IconHistory, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import type { PanelProps } from '../editor-types';
import { statusColors } from '../run-status-control';
import { LoadFailed } from '../../../ui/load-failed';
import { formatMostPoints, formatPoints } from './results-format';
import { useDashboard } from './results-queries';

type Instance = Dashboard['instances'][number];

const phaseLabel: Record<Dashboard['phase'], string> = {
  lobby: 'Lobby open: learners are joining',
  open: 'Open: learners are playing',
  closed: 'Closed to learners',
};

const Figure = ({ label, value }: { label: string; value: string | number }) => (
  <Stack gap={0} aria-label={label}>
    <Text fz="xl" fw={700} lh={1.2}>
      {value}
    </Text>
    <Text fz="xs" c="dimmed">
      {label}
    </Text>
  </Stack>
);

const InstanceCard = ({ instance, current }: { instance: Instance; current: boolean }) => {
  const opened = formatDateTime(instance.created);
  const share = instance.players === 0 ? 0 : (instance.finished / instance.players) * 100;
  return (
    <Card component="section" withBorder radius="md" padding="md" aria-label={`Opening of ${opened}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} fz="sm" truncate>
            Opened {opened}
          </Text>
          <Group gap={6} wrap="nowrap">
            {instance.revision === null ? null : (
              <Badge size="sm" variant="outline" color="gray" radius="sm" aria-label={`Ran revision ${instance.revision}`}>
                Revision {instance.revision}
              </Badge>
            )}
            {current ? (
              <Badge size="sm" variant="light" radius="sm">
                Current
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Figure label="Joined" value={instance.players} />
          <Figure label="Playing" value={instance.playing} />
          <Figure label="Finished" value={instance.finished} />
          <Figure label="Average points" value={formatPoints(instance.averagePoints)} />
          {instance.mostPoints ? <Figure label="Most points reachable" value={formatMostPoints(instance.mostPoints)} /> : null}
        </Group>
        <Stack gap={4}>
          <Progress value={share} size="sm" radius="xl" aria-label={`${instance.finished} of ${instance.players} finished`} />
          <Text fz="xs" c="dimmed">
            {instance.finished} of {instance.players} finished
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={`?tab=scoreboard&instance=${encodeURIComponent(instance.id)}`}
            replace
            variant="light"
            size="xs"
            leftSection={<IconTrophy size={14} />}
          >
            Scoreboard
          </Button>
          {instance.revision === null ? null : (
            <Button
              component={Link}
              to={`?tab=history&from=${instance.revision}`}
              variant="subtle"
              size="xs"
              leftSection={<IconHistory size={14} />}
              aria-label={`What changed since revision ${instance.revision}`}
            >
              Changes since
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
};

const DashboardSkeleton = () => (
  <Stack gap="md" aria-busy="true" aria-label="Loading the dashboard">
    <Skeleton height={24} width={320} />
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Skeleton height={180} radius="md" />
      <Skeleton height={180} radius="md" />
    </SimpleGrid>
  </Stack>
);

/** SPEC 2 and 7: the scenario's openings at a glance, polled while the screen is open. */
export const DashboardPanel = ({ resimId, content }: PanelProps) => {
  const dashboard = useDashboard(resimId);
  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError && !dashboard.data) return <LoadFailed what="The dashboard" onRetry={() => void dashboard.refetch()} />;
  const { data } = dashboard;
  // An opening nobody joined (a lobby opened by mistake, then closed) is no session to look back on.
  const shown = data.instances.filter((instance) => instance.players > 0 || instance.id === data.currentInstanceId);
  const hidden = data.instances.length - shown.length;
  return (
    <Stack gap="md">
      <Card radius="md" padding="md">
        <Group gap="md" wrap="wrap">
          {/* In the reading of the scenario's mode, as the editor's header names it ('Running' for a live session). */}
          <Badge variant="light" color={statusColors[data.resimStatus] ?? 'gray'} radius="sm" aria-label="Status of the session">
            {runStatusName(data.resimStatus, runReadingOf(content.mode))}
          </Badge>
          <Text fz="sm">{phaseLabel[data.phase]}</Text>
          {data.code ? (
            <Badge variant="outline" radius="sm" style={{ letterSpacing: 1 }} aria-label={`Join code ${data.code}`}>
              Code {data.code}
            </Badge>
          ) : null}
          {/* Only when there are some: a live class's dashboard says nothing of Test Mode. */}
          {data.testRuns > 0 ? (
            <Text fz="sm" c="dimmed" ml="auto" aria-label="Test Mode runs">
              {data.testRuns.toLocaleString()} {byCount(data.testRuns, 'run', 'runs')} in Test Mode, counted apart
            </Text>
          ) : null}
        </Group>
      </Card>
      {shown.length === 0 ? (
        <Card radius="md" padding="xl">
          <EmptyState
            py="xl"
            withIndicatorBackground
            icon={<IconDoorEnter size={28} />}
            title="No sessions yet"
            description="Open the lobby or activate the scenario to let learners in."
          />
        </Card>
      ) : (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} aria-label="Openings, newest first">
            {shown.map((instance) => (
              <InstanceCard key={instance.id} instance={instance} current={instance.id === data.currentInstanceId} />
            ))}
          </SimpleGrid>
          {hidden > 0 ? (
            <Text fz="sm" c="dimmed">
              {hidden.toLocaleString()} earlier {byCount(hidden, 'opening', 'openings')} nobody joined {byCount(hidden, 'is', 'are')} not
              shown.
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
};
