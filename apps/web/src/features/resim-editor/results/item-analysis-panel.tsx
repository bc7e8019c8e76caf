import { Badge, Card, EmptyState, Group, Progress, SegmentedControl, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { itemAnalysisFileName, type ItemAnalysisResponse } from '@resim/contracts';
import { byCount } from '@resim/domain';
import { IconChartDots } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useApi } from '../../../api/api-context';
import { itemAnalysisCalls, type AnalysisScope } from '../../../api/item-analysis-calls';
import { queryKeys } from '../../../api/query-keys';
import { LoadFailed } from '../../../ui/load-failed';
import { saveFile } from '../../../ui/save-file';
import type { PanelProps } from '../editor-types';
import { instanceOptions, pickInstance } from './instance-options';
import { useDashboard } from './results-queries';
import { FileButton } from './report-downloads';

type Statistic = ItemAnalysisResponse['kr20'];
type Item = ItemAnalysisResponse['items'][number];

const figure = (statistic: Statistic, digits = 2) => (statistic.value === null ? '—' : statistic.value.toFixed(digits));
const percent = (statistic: Statistic) => (statistic.value === null ? '—' : `${Math.round(statistic.value * 100)} %`);

const flagColor = { 'too easy': 'yellow', 'too hard': 'orange', 'does not discriminate': 'red' } as const;

/**
 * Facility against discrimination, one dot per item: the band where items work (facility between
 * 0.2 and 0.9, discrimination from 0.2) shaded, so the items outside it stand out. The table below
 * says the same in words and numbers for a screen reader.
 */
const ItemMap = ({ items }: { items: readonly Item[] }) => {
  const width = 420;
  const height = 240;
  const pad = 32;
  const x = (facility: number) => pad + facility * (width - 2 * pad);
  const y = (discrimination: number) => height - pad - ((discrimination + 1) / 2) * (height - 2 * pad);
  const plotted = items.filter((item) => item.facility.value !== null && item.pointBiserial.value !== null);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxWidth: width }}
      role="img"
      aria-label="Items by facility and discrimination"
    >
      <rect x={x(0.2)} y={y(1)} width={x(0.9) - x(0.2)} height={y(0.2) - y(1)} fill="var(--mantine-color-teal-0)" />
      <line x1={pad} x2={width - pad} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-gray-4)" />
      <line x1={pad} x2={pad} y1={pad} y2={height - pad} stroke="var(--mantine-color-gray-6)" />
      <line x1={pad} x2={width - pad} y1={height - pad} y2={height - pad} stroke="var(--mantine-color-gray-6)" />
      <text x={width / 2} y={height - 6} textAnchor="middle" fontSize="11" fill="var(--mantine-color-gray-8)">
        Facility (share right)
      </text>
      <text
        x={10}
        y={height / 2}
        textAnchor="middle"
        fontSize="11"
        fill="var(--mantine-color-gray-8)"
        transform={`rotate(-90 10 ${height / 2})`}
      >
        Discrimination
      </text>
      {[0, 0.5, 1].map((tick) => (
        <text key={tick} x={x(tick)} y={height - pad + 12} textAnchor="middle" fontSize="10" fill="var(--mantine-color-gray-8)">
          {tick}
        </text>
      ))}
      {plotted.map((item) => (
        <circle
          key={item.id}
          cx={x(item.facility.value!)}
          cy={y(item.pointBiserial.value!)}
          r={5}
          fill={item.flags.length > 0 ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-blue-7)'}
        >
          <title>{`${item.name}: facility ${item.facility.value!.toFixed(2)}, discrimination ${item.pointBiserial.value!.toFixed(2)}`}</title>
        </circle>
      ))}
    </svg>
  );
};

/** The analysis as the server writes it to a file, CSV or XLSX. */
const Downloads = ({
  resimId,
  scope,
  analysis,
  resimName,
}: {
  resimId: string;
  scope: AnalysisScope;
  analysis: ItemAnalysisResponse;
  resimName: string;
}) => {
  const { request } = useApi();
  const calls = useMemo(() => itemAnalysisCalls(request), [request]);
  return (
    <Group gap="xs" align="flex-start">
      {(['csv', 'xlsx'] as const).map((output) => (
        <FileButton
          key={output}
          label={`Download ${output.toUpperCase()}`}
          make={async () => saveFile(await calls.file(resimId, scope, output), itemAnalysisFileName(resimName, analysis, output))}
        />
      ))}
    </Group>
  );
};

/** What the figures rest on: the finished runs, and the openings and version when several openings are pooled. */
const basisOf = (analysis: ItemAnalysisResponse) =>
  `${analysis.learners.toLocaleString()} finished ${byCount(analysis.learners, 'run', 'runs')}${
    analysis.instanceId === null
      ? ` from ${analysis.openings.toLocaleString()} ${byCount(analysis.openings, 'opening', 'openings')} of revision ${analysis.revision}`
      : ''
  }.`;

const Analysis = ({ analysis, downloads }: { analysis: ItemAnalysisResponse; downloads: ReactNode }) => {
  if (analysis.items.length === 0)
    return (
      <EmptyState
        py="xl"
        icon={<IconChartDots size={28} />}
        title="No answer key"
        description="Item analysis scores the answer key's tests and diagnoses: give the scenario an answer key first."
      />
    );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} aria-label="Whole test">
          <Text fz="sm">
            {basisOf(analysis)}{' '}
            {analysis.kr20.value === null ? (
              <>Reliability: {analysis.kr20.reason}.</>
            ) : (
              <>
                Reliability (KR-20): <strong>{figure(analysis.kr20)}</strong>; standard error of measurement{' '}
                <strong>{figure(analysis.standardError)}</strong> items.
              </>
            )}
          </Text>
          <Text fz="xs" c="dimmed">
            An item works when between 20 % and 90 % of learners get it right and it discriminates at 0.2 or more: stronger learners get it
            right more often.
          </Text>
        </Stack>
        {downloads}
      </Group>
      <ItemMap items={analysis.items} />
      <Table aria-label="Items" verticalSpacing={6} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th w="22%">Facility</Table.Th>
            <Table.Th ta="right">Point-biserial</Table.Th>
            <Table.Th ta="right">Upper–lower</Table.Th>
            <Table.Th>Flags</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {analysis.items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Text fz="sm">{item.name}</Text>
                <Text fz="xs" c="dimmed">
                  {item.kind}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Progress
                    value={(item.facility.value ?? 0) * 100}
                    style={{ flex: 1 }}
                    aria-label={`${item.name}: facility ${percent(item.facility)}`}
                  />
                  <Text fz="xs" w={40} ta="right">
                    {percent(item.facility)}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right" title={item.pointBiserial.reason ?? undefined}>
                {figure(item.pointBiserial)}
              </Table.Td>
              <Table.Td ta="right" title={item.upperLower.reason ?? undefined}>
                {figure(item.upperLower)}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {item.flags.map((flag) => (
                    <Badge key={flag} size="sm" variant="light" color={flagColor[flag]}>
                      {flag}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
};

export const ScopedAnalysis = ({ resimId, resimName, scope }: { resimId: string; resimName: string; scope: AnalysisScope }) => {
  const { request } = useApi();
  const calls = useMemo(() => itemAnalysisCalls(request), [request]);
  const analysis = useQuery({
    queryKey: queryKeys.itemAnalysis(resimId, 'instanceId' in scope ? `opening:${scope.instanceId}` : `revision:${scope.revision}`),
    queryFn: ({ signal }) => calls.of(resimId, scope, signal),
  });
  if (analysis.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the item analysis">
        <Skeleton height={20} width={320} />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  if (analysis.isError) return <LoadFailed what="The item analysis" onRetry={() => void analysis.refetch()} />;
  return (
    <Analysis
      analysis={analysis.data}
      downloads={<Downloads resimId={resimId} scope={scope} analysis={analysis.data} resimName={resimName} />}
    />
  );
};

/**
 * How the answer key's items worked in an opening, or in every opening that played the same
 * version: each item's facility and discrimination with the items that do not work flagged, the
 * test's reliability, a map of the items, and the figures as CSV or XLSX.
 */
export const ItemAnalysisPanel = ({ resimId, content }: PanelProps) => {
  const dashboard = useDashboard(resimId);
  const [searchParams, setSearchParams] = useSearchParams();
  if (dashboard.isPending) return <Skeleton height={320} radius="md" aria-busy="true" aria-label="Loading the openings" />;
  if (dashboard.isError && !dashboard.data) return <LoadFailed what="The openings" onRetry={() => void dashboard.refetch()} />;
  const instanceId = pickInstance(dashboard.data, searchParams.get('instance'));
  const revision = dashboard.data.instances.find((instance) => instance.id === instanceId)?.revision ?? null;
  const sharing = dashboard.data.instances.filter((instance) => revision !== null && instance.revision === revision).length;
  const pooled = revision !== null && searchParams.get('scope') === 'version';
  const show = (next: { instance: string; scope: 'opening' | 'version' }) =>
    setSearchParams(
      { tab: 'item-analysis', instance: next.instance, ...(next.scope === 'version' ? { scope: 'version' } : {}) },
      { replace: true },
    );
  return (
    <Card radius="md" padding="lg">
      <Stack gap="lg">
        <Title order={2} fz="lg">
          Item analysis
        </Title>
        {instanceId === null ? (
          <EmptyState
            py="xl"
            withIndicatorBackground
            icon={<IconChartDots size={28} />}
            title="No sessions yet"
            description="Open the lobby or activate the scenario to let learners in."
          />
        ) : (
          <>
            <Group align="flex-end" gap="md" wrap="wrap">
              <Select
                label="Opening"
                data={instanceOptions(dashboard.data)}
                value={instanceId}
                onChange={(value) => {
                  if (value) show({ instance: value, scope: pooled ? 'version' : 'opening' });
                }}
                allowDeselect={false}
                w={{ base: '100%', xs: 320 }}
              />
              {revision === null ? null : (
                <SegmentedControl
                  aria-label="Runs analysed"
                  value={pooled ? 'version' : 'opening'}
                  onChange={(value) => show({ instance: instanceId, scope: value === 'version' ? 'version' : 'opening' })}
                  data={[
                    { value: 'opening', label: 'This opening' },
                    { value: 'version', label: `Every opening of revision ${revision} (${sharing})` },
                  ]}
                />
              )}
            </Group>
            <ScopedAnalysis resimId={resimId} resimName={content.resimName} scope={pooled ? { revision } : { instanceId }} />
          </>
        )}
      </Stack>
    </Card>
  );
};
