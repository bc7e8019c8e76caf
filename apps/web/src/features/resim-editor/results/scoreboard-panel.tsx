import { Anchor, Badge, Button, Card, EmptyState, Group, Select, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { BoardLearner, Dashboard, Scoreboard } from '@resim/contracts';
import type { ScenarioContent } from '@resim/domain';
import { IconDownload, IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PanelProps } from '../editor-types';
import { instanceOptions, pickInstance } from './instance-options';
import { LoadFailed } from '../../../ui/load-failed';
import { PointsChart } from './points-chart';
import { formatDuration, formatMostPoints, formatPoints, passRate, runStage, verdictLabel } from './results-format';
import { resultsFileName, useDashboard, useDownloadResults, useScoreboard } from './results-queries';
import { RunDrawer } from './run-drawer';
import { EmailOpeningReportsButton, OpeningReportsButton } from './report-downloads';
import { AccommodationBadge, ExtraTimeSummary } from '../accommodation-badge';
import { accommodatedLearners } from '../accommodations';

type Opening = Dashboard['instances'][number];

const Summary = ({ board, opening }: { board: Scoreboard; opening: Opening | undefined }) => {
  const rate = passRate(board.learners);
  return (
    <Group gap="xl" wrap="wrap">
      <Stack gap={0} aria-label="Average points">
        <Text fz={28} fw={700} lh={1.1}>
          {formatPoints(board.averagePoints)}
        </Text>
        <Text fz="xs" c="dimmed">
          Average points
        </Text>
      </Stack>
      <Stack gap={0} aria-label="Finished of joined">
        <Text fz={28} fw={700} lh={1.1}>
          {board.finished} / {board.players}
        </Text>
        <Text fz="xs" c="dimmed">
          Finished / joined
        </Text>
      </Stack>
      {opening?.mostPoints ? (
        <Stack gap={0} aria-label="Most points reachable">
          <Text fz={28} fw={700} lh={1.1}>
            {formatMostPoints(opening.mostPoints)}
          </Text>
          <Text fz="xs" c="dimmed">
            Most points reachable
          </Text>
        </Stack>
      ) : null}
      {opening?.revision == null ? null : (
        <Stack gap={0} aria-label="Version played">
          <Text fz={28} fw={700} lh={1.1}>
            {opening.revision}
          </Text>
          <Text fz="xs" c="dimmed">
            Revision played
          </Text>
        </Stack>
      )}
      {rate ? (
        <Stack gap={0} aria-label="Pass rate">
          <Text fz={28} fw={700} lh={1.1}>
            {Math.round((rate.passed / rate.judged) * 100)} %
          </Text>
          <Text fz="xs" c="dimmed">
            Passed: {rate.passed} of {rate.judged} judged
          </Text>
        </Stack>
      ) : null}
    </Group>
  );
};

/** The verdict of a run as a badge, its reasons on hover and read with it by a screen reader. */
const VerdictBadge = ({ verdict }: { verdict: NonNullable<BoardLearner['verdict']> }) => {
  const { label, color } = verdictLabel(verdict);
  const reasons = verdict.reasons.join('. ');
  return (
    <Tooltip label={reasons} multiline maw={320} disabled={reasons === ''}>
      <Badge size="sm" variant="light" radius="sm" color={color} aria-label={reasons ? `${label}: ${reasons}` : label}>
        {label}
      </Badge>
    </Tooltip>
  );
};

const LearnerTable = ({ board, onOpen }: { board: Scoreboard; onOpen: (learner: BoardLearner) => void }) => {
  // A scenario without a pass mark has no verdicts: the column would stay empty.
  const judged = board.learners.some((learner) => learner.verdict !== null);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Learners by rank">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>Rank</Table.Th>
            <Table.Th>Nickname</Table.Th>
            <Table.Th ta="right">Points</Table.Th>
            <Table.Th ta="right">Steps</Table.Th>
            <Table.Th ta="right">Time taken</Table.Th>
            <Table.Th>Status</Table.Th>
            {judged ? <Table.Th>Result</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {board.learners.map((learner) => {
            const stage = runStage(learner);
            return (
              <Table.Tr key={learner.gameId} onClick={() => onOpen(learner)} style={{ cursor: 'pointer' }}>
                <Table.Td>{learner.rank ?? '–'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component="button" type="button" fz="sm" aria-label={`Open the run of ${learner.nickname}`}>
                      {learner.nickname}
                    </Anchor>
                    {learner.accommodation ? <AccommodationBadge label={learner.accommodation} /> : null}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{formatPoints(learner.points)}</Table.Td>
                <Table.Td ta="right">{learner.eventCount}</Table.Td>
                <Table.Td ta="right">{formatDuration(learner.durationMs)}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" radius="sm" color={stage.color}>
                    {stage.label}
                  </Badge>
                </Table.Td>
                {judged ? <Table.Td>{learner.verdict ? <VerdictBadge verdict={learner.verdict} /> : '–'}</Table.Td> : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const Board = ({
  resimId,
  instanceId,
  opening,
  content,
  spaceId,
}: {
  resimId: string;
  instanceId: string;
  opening: Opening | undefined;
  content: ScenarioContent;
  spaceId: string | null;
}) => {
  const scoreboard = useScoreboard(resimId, instanceId);
  const [open, setOpen] = useState<BoardLearner | null>(null);
  if (scoreboard.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the scoreboard">
        <Skeleton height={48} width={280} />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  if (scoreboard.isError && !scoreboard.data) return <LoadFailed what="The scoreboard" onRetry={() => void scoreboard.refetch()} />;
  const board = scoreboard.data;
  if (board.learners.length === 0)
    return <EmptyState py="xl" icon={<IconTrophy size={28} />} title="No learners yet" description="Learners appear here as they join." />;
  return (
    <Stack gap="lg">
      <Summary board={board} opening={opening} />
      <Stack gap="xs">
        <Title order={3} fz="sm">
          Points per learner
        </Title>
        <PointsChart learners={board.learners} />
      </Stack>
      <Stack gap="xs">
        <ExtraTimeSummary count={accommodatedLearners(board.learners).length} />
        <LearnerTable board={board} onOpen={setOpen} />
      </Stack>
      <RunDrawer
        resimId={resimId}
        gameId={open?.gameId ?? null}
        nickname={open?.nickname ?? ''}
        accommodation={open?.accommodation ?? null}
        content={content}
        spaceId={spaceId}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
};

/** SPEC 2 and 7: the scoreboard of one opening, polled while the screen is open; the opening is kept in the address. */
export const ScoreboardPanel = ({ resimId, content, placement }: PanelProps) => {
  const dashboard = useDashboard(resimId);
  const download = useDownloadResults(resimId);
  const [searchParams, setSearchParams] = useSearchParams();
  if (dashboard.isPending) return <Skeleton height={320} radius="md" aria-busy="true" aria-label="Loading the openings" />;
  if (dashboard.isError && !dashboard.data) return <LoadFailed what="The openings" onRetry={() => void dashboard.refetch()} />;
  const instanceId = pickInstance(dashboard.data, searchParams.get('instance'));
  const opening = dashboard.data.instances.find((instance) => instance.id === instanceId);
  const choose = (value: string | null) => {
    if (value) setSearchParams({ tab: 'scoreboard', instance: value }, { replace: true });
  };
  return (
    <Card radius="md" padding="lg">
      {instanceId === null ? (
        <EmptyState
          py="xl"
          withIndicatorBackground
          icon={<IconTrophy size={28} />}
          title="No sessions yet"
          description="Open the lobby or activate the scenario to let learners in."
        />
      ) : (
        <Stack gap="lg">
          <Group align="flex-end" justify="space-between" wrap="wrap">
            <Select
              label="Opening"
              data={instanceOptions(dashboard.data)}
              value={instanceId}
              onChange={choose}
              allowDeselect={false}
              w={{ base: '100%', xs: 320 }}
            />
            <Group gap="xs" align="flex-start">
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={download.isPending}
                onClick={() =>
                  download.mutate({
                    instanceId,
                    fileName: resultsFileName(content.resimName, opening?.created),
                  })
                }
              >
                Download CSV
              </Button>
              <OpeningReportsButton resimId={resimId} instanceId={instanceId} resimName={content.resimName} size="sm" />
              <EmailOpeningReportsButton resimId={resimId} instanceId={instanceId} size="sm" />
            </Group>
          </Group>
          <Board resimId={resimId} instanceId={instanceId} opening={opening} content={content} spaceId={placement?.group ?? null} />
        </Stack>
      )}
    </Card>
  );
};
