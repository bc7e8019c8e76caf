import { Anchor, Button, Card, EmptyState, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { spaceScoreboardModes, type SpaceScoreboard, type SpaceScoreboardMode } from '@resim/contracts';
import { IconArrowLeft, IconDownload, IconTrophy } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { pathFor } from '../../app/routes';
import { LoadFailed } from '../../ui/load-failed';
import { PageHeader } from '../../ui/page-header';
import { LearnerGrid, OpeningTable, ScenarioTable, shownRows } from './scoreboard-tables';
import { useDownloadScoreboard, useScoreboardAvailable, useSpaceScoreboard } from './space-scoreboard-queries';

const modeOf = (value: string | null): SpaceScoreboardMode | null => spaceScoreboardModes.find((mode) => mode === value) ?? null;

/**
 * The results shown first, when the address names none: the first mode with rows (after a class
 * of anonymous learners, By learner is empty while By scenario and By opening hold their runs).
 */
const firstWithRows = (modes: readonly { mode: SpaceScoreboardMode; rows: number }[]): SpaceScoreboardMode =>
  modes.find((option) => option.rows > 0)?.mode ?? 'learner';

const rowsOf = (board: SpaceScoreboard) => (board.mode === 'learner' ? board.learners.length : board.rows.length);

const Results = ({ spaceId, mode }: { spaceId: string; mode: SpaceScoreboardMode }) => {
  const board = useSpaceScoreboard(spaceId, mode);
  if (board.isPending) return <Skeleton height={240} radius="md" role="status" aria-label="Loading the results" />;
  if (board.isError) return <LoadFailed what="The results" onRetry={() => void board.refetch()} />;
  const rows = rowsOf(board.data);
  if (rows === 0)
    return (
      <EmptyState
        py="xl"
        icon={<IconTrophy size={22} />}
        withIndicatorBackground
        title="No results yet"
        description="Results show here once learners play the space's scenarios."
      />
    );
  return (
    <Stack gap="sm">
      {board.data.mode === 'learner' ? <LearnerGrid board={board.data} /> : null}
      {board.data.mode === 'scenario' ? <ScenarioTable board={board.data} /> : null}
      {board.data.mode === 'opening' ? <OpeningTable board={board.data} /> : null}
      {rows > shownRows ? (
        <Text c="dimmed" fz="sm">
          Showing the first {shownRows} of {rows.toLocaleString()} rows; the CSV and XLSX files hold them all.
        </Text>
      ) : null}
    </Stack>
  );
};

/** SPEC 2, 7: a space's result grid, learners × scenarios or by scenario or opening, with its files. */
export const SpaceScoreboardPage = ({ spaceId }: { spaceId: string }) => {
  const available = useScoreboardAvailable(spaceId);
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = modeOf(searchParams.get('mode'));
  const mode = asked ?? (available.data ? firstWithRows(available.data.modes) : 'learner');
  const download = useDownloadScoreboard(spaceId, available.data?.spaceName ?? '');

  const back = (
    <Anchor component={Link} to={pathFor({ name: 'SPACE_SETTINGS', spaceId })} fz="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        Space settings
      </Group>
    </Anchor>
  );

  if (available.isPending)
    return (
      <Stack gap="lg" role="status" aria-label="Loading the scoreboard">
        <Skeleton height={36} width={320} />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  if (available.isError)
    return (
      <>
        <PageHeader title="Scoreboard" />
        <LoadFailed what="The scoreboard" onRetry={() => void available.refetch()} />
      </>
    );

  const { spaceName, scenarios, modes } = available.data;
  const file = (output: 'csv' | 'xlsx') => (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      disabled={scenarios.length === 0}
      loading={download.isPending && download.variables.output === output}
      onClick={() => download.mutate({ mode, output })}
    >
      Download {output.toUpperCase()}
    </Button>
  );
  return (
    <>
      {back}
      <PageHeader
        title={`${spaceName}: scoreboard`}
        description="Each learner's best finished run of each scenario, ranked by the scenario's score; or every scenario's and every opening's results. Test Mode runs are left out."
        actions={
          <>
            {file('csv')}
            {file('xlsx')}
          </>
        }
      />
      <Card radius="md" padding="lg">
        {scenarios.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconTrophy size={22} />}
            withIndicatorBackground
            title="No scenarios in this space"
            description="Create a scenario in this space from Home; its learners' results show here."
          />
        ) : (
          <Stack gap="md">
            <SegmentedControl
              aria-label="Show results"
              value={mode}
              onChange={(value) => setSearchParams({ mode: value }, { replace: true })}
              data={modes.map((option) => ({ value: option.mode, label: `${option.label} (${option.rows.toLocaleString()})` }))}
              w="fit-content"
            />
            <Text c="dimmed" fz="sm">
              {modes.find((option) => option.mode === mode)?.description}
            </Text>
            <Results spaceId={spaceId} mode={mode} />
          </Stack>
        )}
      </Card>
    </>
  );
};
