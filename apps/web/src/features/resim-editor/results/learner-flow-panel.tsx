import { Card, EmptyState, Group, List, Progress, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { LearnerFlow } from '@resim/contracts';
import { resolveTextSet, type FlowNodeKind, type ScenarioContent } from '@resim/domain';
import { IconRoute } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { capitalise } from '../../../ui/format';
import { LoadFailed } from '../../../ui/load-failed';
import { LearnersFlowChart } from '../../flow-chart/learners-flow-chart';
import { learnersText } from '../../flow-chart/learner-counts';
import type { PanelProps } from '../editor-types';
import { instanceOptions, pickInstance } from './instance-options';
import { useDashboard } from './results-queries';
import { useLearnerFlow } from './learner-flow-queries';

/** The picker's value for every opening together. */
const everyOpening = 'all';

const nameOf = (content: ScenarioContent, id: string): string =>
  [...content.stages, ...content.actions, ...content.conclusions].find((item) => item.id === id)?.name || id;

const Counted = ({ title, rows, empty }: { title: string; rows: { key: string; name: string; learners: number }[]; empty: string }) => (
  <Stack gap={4}>
    <Title order={3} fz="sm">
      {title}
    </Title>
    {rows.length === 0 ? (
      <Text fz="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <List size="sm" spacing={2} aria-label={title}>
        {rows.map((row) => (
          <List.Item key={row.key}>
            {row.name}: <strong>{learnersText(row.learners)}</strong>
          </List.Item>
        ))}
      </List>
    )}
  </Stack>
);

/**
 * How far learners got, stage by stage in the author's order, as a funnel: readable at a glance
 * where the diagram's boxes are small, and by a screen reader.
 */
const StageFunnel = ({ flow, content, stageLabel }: { flow: LearnerFlow; content: ScenarioContent; stageLabel: string }) => {
  const reached = new Map(flow.stages.map((row) => [row.id, row.learners]));
  const rows = content.stages.map((stage) => ({ id: stage.id, name: stage.name || stage.id, learners: reached.get(stage.id) ?? 0 }));
  if (rows.length === 0) return null;
  const share = (learners: number) => (flow.runs === 0 ? 0 : Math.round((100 * learners) / flow.runs));
  return (
    <Table aria-label={`${capitalise(stageLabel)}s reached, in order`} verticalSpacing={6} withRowBorders={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{capitalise(stageLabel)}</Table.Th>
          <Table.Th ta="right">Learners</Table.Th>
          <Table.Th w="45%">Share of runs</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {row.learners.toLocaleString()}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Progress value={share(row.learners)} style={{ flex: 1 }} aria-label={`${row.name}: ${share(row.learners)} % of runs`} />
                <Text fz="xs" w={40} ta="right">
                  {share(row.learners)} %
                </Text>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

const FlowOfOpening = ({ flow, content }: { flow: LearnerFlow; content: ScenarioContent }) => {
  const text = resolveTextSet(content);
  const labels: Record<FlowNodeKind, string> = { stage: text.stage, action: text.actions, conclusion: text.conclusion };
  if (flow.runs === 0)
    return (
      <EmptyState py="xl" icon={<IconRoute size={28} />} title="No learners yet" description="Their paths appear here as they play." />
    );
  return (
    <Stack gap="lg">
      <Text fz="sm" aria-label="Runs counted">
        <strong>{flow.runs}</strong> {flow.runs === 1 ? 'run' : 'runs'}, <strong>{flow.finished}</strong> finished. Boxes show how many
        learners reached each one; arrows show what they did next, thicker the more learners took them.
      </Text>
      <StageFunnel flow={flow} content={content} stageLabel={text.stage} />
      <LearnersFlowChart content={content} flow={flow} labels={labels} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Counted
          title="Wrong diagnoses picked"
          empty={flow.conclusions.some((row) => row.correct !== null) ? 'None so far.' : 'The answer key marks no diagnosis right.'}
          rows={flow.wrongDiagnoses.map((row) => ({ key: row.id, name: nameOf(content, row.id), learners: row.learners }))}
        />
        <Counted
          title="Where unfinished runs stand"
          empty="Every run has finished."
          rows={flow.stalls.map((row) => ({
            key: row.id ?? 'start',
            name: row.id === null ? 'Not started' : nameOf(content, row.id),
            learners: row.learners,
          }))}
        />
      </SimpleGrid>
    </Stack>
  );
};

const Flow = ({ resimId, instanceId, content }: { resimId: string; instanceId: string | null; content: ScenarioContent }) => {
  const flow = useLearnerFlow(resimId, instanceId);
  if (flow.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the learners' flow">
        <Skeleton height={20} width={320} />
        <Skeleton height={480} radius="md" />
      </Stack>
    );
  if (flow.isError && !flow.data) return <LoadFailed what="The learners' flow" onRetry={() => void flow.refetch()} />;
  return <FlowOfOpening flow={flow.data} content={content} />;
};

/**
 * How learners move through the scenario: counts on the flow chart's boxes and steps, where
 * unfinished runs stand and the wrong diagnoses picked, for one opening or all; polled every 10 s.
 */
export const LearnerFlowPanel = ({ resimId, content }: PanelProps) => {
  const dashboard = useDashboard(resimId);
  const [searchParams, setSearchParams] = useSearchParams();
  if (dashboard.isPending) return <Skeleton height={320} radius="md" aria-busy="true" aria-label="Loading the openings" />;
  if (dashboard.isError && !dashboard.data) return <LoadFailed what="The openings" onRetry={() => void dashboard.refetch()} />;
  const requested = searchParams.get('instance');
  const instanceId = requested === everyOpening ? null : pickInstance(dashboard.data, requested);
  const choose = (value: string | null) => {
    if (value) setSearchParams({ tab: 'learner-flow', instance: value }, { replace: true });
  };
  return (
    <Card radius="md" padding="lg">
      {dashboard.data.instances.length === 0 ? (
        <EmptyState
          py="xl"
          withIndicatorBackground
          icon={<IconRoute size={28} />}
          title="No sessions yet"
          description="Open the lobby or activate the scenario to let learners in."
        />
      ) : (
        <Stack gap="lg">
          <Group align="flex-end">
            <Select
              label="Opening"
              data={[{ value: everyOpening, label: 'All openings' }, ...instanceOptions(dashboard.data)]}
              value={instanceId ?? everyOpening}
              onChange={choose}
              allowDeselect={false}
              w={{ base: '100%', xs: 320 }}
            />
          </Group>
          <Flow resimId={resimId} instanceId={instanceId} content={content} />
        </Stack>
      )}
    </Card>
  );
};
