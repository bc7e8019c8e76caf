import { Alert, Button, Card, EmptyState, Group, Loader, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { Intel, IntelQuery } from '@resim/contracts';
import { IconChartBar } from '@tabler/icons-react';
import { Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { LoadFailed } from '../../ui/load-failed';
import { lazyNamed } from '../../ui/lazy-named';
import { PageHeader } from '../../ui/page-header';
import { useScenarioList } from '../monitoring/monitoring-queries';
import { HardestItems } from './hardest-items';
import { IntelItemAnalysis } from './intel-item-analysis';
import { filtersOf, formatRate, inUnits } from './intel-format';
import { IntelFilters } from './intel-filters';
import { useIntel, useSpaceList } from './intel-queries';

// The charting library is the page's largest part: it comes after the filters and the figures.
const TrendChart = lazyNamed(() => import('./intel-charts').then((m) => m.TrendChart));
const CompletionChart = lazyNamed(() => import('./intel-charts').then((m) => m.CompletionChart));
const MeasureCharts = lazyNamed(() => import('./intel-charts').then((m) => m.MeasureCharts));

const ChartLoading = () => (
  <Card withBorder radius="md" padding="md" mih={320}>
    <Group justify="center" h={280}>
      <Loader size="sm" aria-label="Loading the chart" />
    </Group>
  </Card>
);

const Figure = ({ label, value, detail }: { label: string; value: string; detail?: string }) => (
  <Card withBorder radius="md" padding="md">
    <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
      {label}
    </Text>
    <Text fz={28} fw={700} data-figure={label}>
      {value}
    </Text>
    {detail ? (
      <Text fz="xs" c="dimmed">
        {detail}
      </Text>
    ) : null}
  </Card>
);

const MeasureTable = ({ measures }: { measures: Intel['measures'] }) => (
  <Table.ScrollContainer minWidth={560}>
    <Table verticalSpacing={6} fz="sm" striped aria-label="Final values by measure">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Measure</Table.Th>
          <Table.Th>Scenario</Table.Th>
          <Table.Th ta="right">Runs</Table.Th>
          <Table.Th ta="right">Average</Table.Th>
          <Table.Th ta="right">Lowest</Table.Th>
          <Table.Th ta="right">Highest</Table.Th>
          <Table.Th ta="right">Standard deviation</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {measures.map((measure) => (
          <Table.Tr key={`${measure.resimId}/${measure.id}`}>
            <Table.Td fw={600}>{measure.name}</Table.Td>
            <Table.Td>{measure.resimName}</Table.Td>
            <Table.Td ta="right">{measure.runs}</Table.Td>
            <Table.Td ta="right">{inUnits(measure, measure.average)}</Table.Td>
            <Table.Td ta="right">{inUnits(measure, measure.min)}</Table.Td>
            <Table.Td ta="right">{inUnits(measure, measure.max)}</Table.Td>
            <Table.Td ta="right">{inUnits(measure, measure.standardDeviation)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** The scenarios whose pass mark judged runs: how many, how many passed, and the share. */
const PassRates = ({ scenarios }: { scenarios: Intel['scenarios'] }) => {
  const judged = scenarios.filter((scenario) => scenario.judged > 0);
  if (judged.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="intel-pass-rates">
      <Title order={2} fz="lg" id="intel-pass-rates">
        Pass rate by scenario
      </Title>
      <Text fz="sm" c="dimmed">
        Finished runs judged by the pass mark of the version they played.
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={6} fz="sm" striped aria-label="Pass rate by scenario">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Scenario</Table.Th>
              <Table.Th ta="right">Runs judged</Table.Th>
              <Table.Th ta="right">Passed</Table.Th>
              <Table.Th ta="right">Pass rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {judged.map((scenario) => (
              <Table.Tr key={scenario.id}>
                <Table.Td fw={600}>{scenario.resimName}</Table.Td>
                <Table.Td ta="right">{scenario.judged}</Table.Td>
                <Table.Td ta="right">{scenario.passed}</Table.Td>
                <Table.Td ta="right">{formatRate(scenario.passRate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
};

const Figures = ({ intel }: { intel: Intel }) => (
  <Stack gap="xl">
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <Figure
        label="Runs started"
        value={String(intel.totals.started)}
        detail={`in ${intel.totals.openings} ${intel.totals.openings === 1 ? 'opening' : 'openings'}`}
      />
      <Figure label="Runs finished" value={String(intel.totals.finished)} />
      <Figure label="Completion" value={formatRate(intel.totals.completionRate)} />
      <Figure label="Scenarios" value={String(intel.totals.scenarios)} />
    </SimpleGrid>
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Suspense fallback={<ChartLoading />}>
        <TrendChart trend={intel.trend} by={intel.filters.by} />
        <CompletionChart scenarios={intel.scenarios} />
      </Suspense>
    </SimpleGrid>
    <PassRates scenarios={intel.scenarios} />
    <Stack gap="sm" component="section" aria-labelledby="intel-measures">
      <Title order={2} fz="lg" id="intel-measures">
        Measures at the end of finished runs
      </Title>
      {intel.measures.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No run has finished yet.
        </Text>
      ) : (
        <>
          <MeasureTable measures={intel.measures} />
          <Suspense fallback={<ChartLoading />}>
            <MeasureCharts measures={intel.measures} />
          </Suspense>
        </>
      )}
    </Stack>
    <Stack gap="sm" component="section" aria-labelledby="intel-hardest">
      <Title order={2} fz="lg" id="intel-hardest">
        Hardest items
      </Title>
      <Text fz="sm" c="dimmed">
        By each scenario&apos;s answer key, over its finished runs.
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <HardestItems
          title="Required tests most often missed"
          empty="No required test was missed."
          items={intel.hardest.requiredActionsMissed}
        />
        <HardestItems
          title="Unnecessary tests most often run"
          empty="No unnecessary test was run."
          items={intel.hardest.unnecessaryActionsRun}
        />
        <HardestItems title="Harmful tests most often run" empty="No harmful test was run." items={intel.hardest.harmfulActionsRun} />
        <HardestItems
          title="Wrong diagnoses most often confirmed"
          empty="No wrong diagnosis was confirmed."
          items={intel.hardest.wrongConclusionsConfirmed}
        />
      </SimpleGrid>
    </Stack>
  </Stack>
);

/**
 * SPEC 2, 7: Intel (GET /admin/intel), insight across the learners' runs of the caller's
 * scenarios: how many start and finish, by day; where their measures end; what they get wrong.
 * The filters live in the address, so a view can be shared.
 */
export const IntelPage = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(searchParams), [searchParams]);
  const intel = useIntel(filters);
  const spaces = useSpaceList();
  const scenarios = useScenarioList();

  const change = (name: keyof IntelQuery, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    // A scenario belongs to one space: another space drops it.
    if (name === 'space' && value) next.delete('resim');
    // A range is never upside down: a start after the end, or an end before the start, drops the other.
    if (value && name === 'from' && filters.to && value > filters.to) next.delete('to');
    if (value && name === 'to' && filters.from && value < filters.from) next.delete('from');
    setSearchParams(next, { replace: true });
  };

  const body = () => {
    if (intel.isPending)
      return (
        <Stack gap="md" role="status" aria-label="Loading the figures">
          <Skeleton height={96} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      );
    // An address with a filter that is not valid or not the caller's: say which, and offer them all.
    if (isApiError(intel.error) && (intel.error.status === 400 || intel.error.status === 404))
      return (
        <Alert color="orange" variant="light" title="These filters cannot be shown">
          <Stack gap="sm" align="flex-start">
            {intel.error.message}
            <Button size="xs" variant="light" color="orange" onClick={() => setSearchParams(new URLSearchParams(), { replace: true })}>
              Show all my scenarios
            </Button>
          </Stack>
        </Alert>
      );
    if (intel.isError && !intel.data) return <LoadFailed what="The figures" onRetry={() => void intel.refetch()} />;
    if (intel.data.totals.started === 0)
      return (
        <Card padding="xl" radius="md">
          <EmptyState
            py="xl"
            withIndicatorBackground
            icon={<IconChartBar size={28} />}
            title="No runs to show"
            description="Figures appear here once learners start your scenarios. Test Mode runs are not counted; try other filters or a wider range of days."
          />
        </Card>
      );
    const narrowed = scenarios.data?.find((scenario) => scenario.id === filters.resim);
    return (
      <Stack gap="xl">
        <Figures intel={intel.data} />
        {narrowed ? <IntelItemAnalysis resimId={narrowed.id} resimName={narrowed.resimName} /> : null}
      </Stack>
    );
  };

  return (
    <>
      <PageHeader
        title="Intel"
        description="Insight across your scenarios: how many runs start and finish, where learners' measures end, and what they get wrong most often."
      />
      <IntelFilters filters={filters} spaces={spaces.data ?? []} scenarios={scenarios.data ?? []} onChange={change} />
      {body()}
    </>
  );
};
