import { Badge, Button, Card, EmptyState, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { LearnerScenario } from '@resim/contracts';
import { byCount } from '@resim/domain';
import { IconClipboardCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { playerPath } from '../../app/routes';
import { scheduleNote, standingOf } from '../player/learner-scenario-status';
import { ScenarioTags } from '../player/scenario-tags';
import { formatDateTime } from '../../ui/format';
import { LoadFailed } from '../../ui/load-failed';
import { PageHeader } from '../../ui/page-header';

/** What the learner can do with a scenario now: play it, go on with it, or read their result; nothing while it is shut. */
const actionOf = (scenario: LearnerScenario): string | null => {
  if (scenario.ended) return 'See your result';
  if (scenario.schedule.phase === 'before' || scenario.schedule.phase === 'after') return null;
  if (scenario.phase === 'closed') return null;
  return scenario.gameId ? 'Continue' : 'Play';
};

const ResultCell = ({ scenario }: { scenario: LearnerScenario }) => {
  if (scenario.ended)
    return (
      <Stack gap={0}>
        <Text fz="sm" fw={600}>
          {scenario.points === null ? 'Finished' : `${scenario.points.toLocaleString()} ${byCount(scenario.points, 'point', 'points')}`}
        </Text>
        {scenario.endedAt ? (
          <Text fz="xs" c="dimmed">
            {formatDateTime(scenario.endedAt)}
          </Text>
        ) : null}
      </Stack>
    );
  return (
    <Text fz="sm" c="dimmed">
      {scenario.gameId ? 'In progress' : 'Not started'}
    </Text>
  );
};

const ScenarioRow = ({ scenario }: { scenario: LearnerScenario }) => {
  const standing = standingOf(scenario);
  const note = scheduleNote(scenario);
  const action = actionOf(scenario);
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Text fw={600}>{scenario.resimName}</Text>
          <Group gap="xs">
            <ScenarioTags given={scenario.allocated} code={scenario.code} />
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Badge variant="light" color={standing.color} size="sm">
            {standing.label}
          </Badge>
          {note ? (
            <Text fz="xs" c="dimmed">
              {note}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <ResultCell scenario={scenario} />
      </Table.Td>
      <Table.Td ta="right">
        {action ? (
          // The player is a face of its own: a whole page, not a route of the console.
          <Button
            component="a"
            href={`${playerPath}/${encodeURIComponent(scenario.code)}`}
            size="xs"
            variant={scenario.ended ? 'default' : 'filled'}
            leftSection={scenario.ended ? null : <IconPlayerPlay size={14} aria-hidden />}
            aria-label={`${action}: ${scenario.resimName}`}
          >
            {action}
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
};

/**
 * SPEC 2 / 4 ASSESSMENT (from HOME): where a signed-in person finds the simulations given to them
 * to play, and those they have played, with where each stands and their result.
 */
export const AssessmentPage = () => {
  const api = useApi();
  const mine = useQuery({ queryKey: queryKeys.learnerScenarios, queryFn: ({ signal }) => api.learn.mine(signal) });
  return (
    <>
      <PageHeader title="Assessment" description="The simulations given to you to play, and your results." />
      {mine.isPending ? (
        <Stack gap="sm" aria-label="Loading your simulations" role="status">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : mine.isError ? (
        <LoadFailed what="Your simulations" onRetry={() => void mine.refetch()} />
      ) : mine.data.length === 0 ? (
        <Card padding="lg" radius="md">
          <EmptyState
            py="xl"
            withIndicatorBackground
            icon={<IconClipboardCheck size={28} />}
            title="Nothing given to you yet"
            description="When a trainer gives you a simulation to play, it is listed here with your result. Joining one with a code from your presenter lists it here too."
          >
            <Button component="a" href={playerPath} variant="light">
              Join with a code
            </Button>
          </EmptyState>
        </Card>
      ) : (
        <Card padding={0} radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Simulation</Table.Th>
                  <Table.Th>Where it stands</Table.Th>
                  <Table.Th>Your result</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Play</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mine.data.map((scenario) => (
                  <ScenarioRow key={`${scenario.resimId}-${scenario.code}`} scenario={scenario} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </>
  );
};
