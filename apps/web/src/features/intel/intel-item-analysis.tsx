import { Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadFailed } from '../../ui/load-failed';
import { ScopedAnalysis } from '../resim-editor/results/item-analysis-panel';
import { useDashboard } from '../resim-editor/results/results-queries';

/**
 * The item analysis of the scenario Intel is narrowed to: the runs of every opening of the latest
 * version learners played, pooled (item analysis is by version, so the range of days does not narrow it).
 */
export const IntelItemAnalysis = ({ resimId, resimName }: { resimId: string; resimName: string }) => {
  const dashboard = useDashboard(resimId);
  if (dashboard.isPending) return <Skeleton height={240} radius="md" aria-label="Loading the item analysis" />;
  if (dashboard.isError && !dashboard.data) return <LoadFailed what="The item analysis" onRetry={() => void dashboard.refetch()} />;
  const revision = dashboard.data.instances.find((instance) => instance.revision !== null && instance.players > 0)?.revision ?? null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="intel-items">
      <Title order={2} fz="lg" id="intel-items">
        Item analysis{revision === null ? '' : `, revision ${revision}`}
      </Title>
      <Text fz="sm" c="dimmed">
        How the answer key&apos;s items worked over every opening of the version learners played last, whatever the days chosen.{' '}
        <Anchor component={Link} to={`/resim/${encodeURIComponent(resimId)}?tab=item-analysis`}>
          Open it in the scenario
        </Anchor>
      </Text>
      <Card radius="md" padding="lg">
        {revision === null ? (
          <Text fz="sm">No opening of this scenario has recorded the version it ran yet: open it to learners to analyse its items.</Text>
        ) : (
          <ScopedAnalysis resimId={resimId} resimName={resimName} scope={{ revision }} />
        )}
      </Card>
    </Stack>
  );
};
