import { Button, Card, EmptyState, Group, Pagination, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@resim/contracts';
import { IconListSearch, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { Option, PanelProps } from '../editor-types';
import { kindLabel, namesOf, stepWords } from './audit-wording';
import { LoadFailed } from '../../../ui/load-failed';
import { instanceOptions } from './instance-options';
import { useAudit, useDashboard } from './results-queries';
import { formatDateTimeSeconds } from '../../../ui/format';

const pageSize = 50;
const count = (value: number) => value.toLocaleString();

const learnerOptions = (entries: readonly AuditEntry[]): Option[] => {
  const nicknames = new Map(entries.map((entry) => [entry.gameId, entry.nickname]));
  return [...nicknames].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
};

const kindOptions = (entries: readonly AuditEntry[]): Option[] =>
  [...new Set(entries.map((entry) => entry.type))].map((type) => ({ value: type, label: kindLabel(type) }));

const AuditSkeleton = () => (
  <Stack gap="sm" aria-busy="true" aria-label="Loading the audit trail">
    <Skeleton height={36} width={420} />
    <Skeleton height={280} radius="md" />
  </Stack>
);

/** SPEC 2 and 7: every step the learners took, in the scenario's words; read again on demand. */
export const AuditPanel = ({ resimId, content }: PanelProps) => {
  const [opening, setOpening] = useState<string | null>(null);
  const audit = useAudit(resimId, opening);
  const dashboard = useDashboard(resimId);
  const [learner, setLearner] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const names = useMemo(() => namesOf(content), [content]);
  const entries = useMemo(() => audit.data?.pages.flatMap((page) => page.entries) ?? [], [audit.data]);
  const total = audit.data?.pages.at(-1)?.total ?? entries.length;
  const shown = useMemo(
    () => entries.filter((entry) => (learner === null || entry.gameId === learner) && (kind === null || entry.type === kind)),
    [entries, learner, kind],
  );

  if (audit.isPending) return <AuditSkeleton />;
  if (audit.isError && !audit.data) return <LoadFailed what="The audit trail" onRetry={() => void audit.refetch()} />;

  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages);
  const filter = (set: (value: string | null) => void) => (value: string | null) => {
    set(value);
    setPage(1);
  };

  return (
    <Card radius="md" padding="lg">
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Opening"
            placeholder="Every opening"
            data={dashboard.data ? instanceOptions(dashboard.data) : []}
            value={opening}
            onChange={(value) => {
              setOpening(value);
              setLearner(null);
              setPage(1);
            }}
            clearable
            w={{ base: '100%', xs: 270 }}
          />
          <Select
            label="Learner"
            placeholder="Every learner"
            data={learnerOptions(entries)}
            value={learner}
            onChange={filter(setLearner)}
            clearable
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label="Kind of step"
            placeholder="Every kind"
            data={kindOptions(entries)}
            value={kind}
            onChange={filter(setKind)}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void audit.refetch()}
            loading={audit.isFetching}
            ml="auto"
          >
            Refresh
          </Button>
        </Group>
        {shown.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconListSearch size={28} />}
            title={entries.length === 0 ? 'No steps yet' : 'No steps match'}
            description={entries.length === 0 ? 'Each step a learner takes is written here.' : 'Choose another learner or kind of step.'}
          />
        ) : (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs" aria-label="Audit trail">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Learner</Table.Th>
                    <Table.Th ta="right">Step</Table.Th>
                    <Table.Th>What happened</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.slice((current - 1) * pageSize, current * pageSize).map((entry) => (
                    <Table.Tr key={`${entry.gameId}-${entry.seq}`}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {/* Steps come seconds apart: the console's date format, with the seconds. */}
                        {formatDateTimeSeconds(entry.at)}
                      </Table.Td>
                      <Table.Td>{entry.nickname}</Table.Td>
                      <Table.Td ta="right">{entry.seq}</Table.Td>
                      <Table.Td>{stepWords(entry, names)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" wrap="wrap">
              <Text fz="sm" c="dimmed">
                {shown.length === 1 ? '1 step' : `${shown.length} steps`}
                {audit.hasNextPage ? ` of the ${count(entries.length)} loaded, of ${count(total)} in all` : null}
              </Text>
              {pages > 1 ? (
                <Pagination total={pages} value={current} onChange={setPage} size="sm" aria-label="Pages of the audit trail" />
              ) : null}
            </Group>
          </>
        )}
        {audit.hasNextPage ? (
          <Group justify="center">
            <Button variant="default" onClick={() => void audit.fetchNextPage()} loading={audit.isFetchingNextPage}>
              Load more steps
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
};
