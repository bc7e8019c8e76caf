import { Badge, Button, Group, Modal, Skeleton, Stack, Switch, Table, Text } from '@mantine/core';
import type { BoardLearner } from '@resim/contracts';
import { useState } from 'react';
import { LoadFailed } from '../../ui/load-failed';
import { AccommodationBadge, ExtraTimeSummary } from './accommodation-badge';
import { accommodatedLearners } from './accommodations';
import { runStage } from './results/results-format';
import { useDashboard, useLockOpening, useRemoveLearner, useScoreboard } from './results/results-queries';

const LearnerRow = ({ learner, onRemove, removing }: { learner: BoardLearner; onRemove: () => void; removing: boolean }) => {
  const [asking, setAsking] = useState(false);
  const stage = runStage(learner);
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="wrap">
          <Text fz="sm">{learner.nickname}</Text>
          {learner.accommodation ? <AccommodationBadge label={learner.accommodation} /> : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" radius="sm" color={stage.color}>
          {stage.label}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">
        {asking ? (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            <Button size="compact-xs" variant="default" onClick={() => setAsking(false)}>
              Keep
            </Button>
            <Button size="compact-xs" color="red" loading={removing} onClick={onRemove} aria-label={`Remove ${learner.nickname} now`}>
              Remove now
            </Button>
          </Group>
        ) : (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setAsking(true)} aria-label={`Remove ${learner.nickname}`}>
            Remove
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
};

const Lobby = ({ resimId, instanceId }: { resimId: string; instanceId: string }) => {
  const board = useScoreboard(resimId, instanceId);
  const remove = useRemoveLearner(resimId, instanceId);
  const lock = useLockOpening(resimId, instanceId);
  if (board.isPending) return <Skeleton height={160} aria-busy="true" aria-label="Loading the lobby" />;
  if (board.isError && !board.data) return <LoadFailed what="The lobby" onRetry={() => void board.refetch()} />;
  const inLobby = board.data.learners.filter((learner) => learner.endReason !== 'removed');
  const removed = board.data.learners.filter((learner) => learner.endReason === 'removed');
  const locked = lock.isPending ? lock.variables : board.data.locked;
  return (
    <Stack gap="md">
      <Switch
        checked={locked}
        onChange={(event) => lock.mutate(event.currentTarget.checked)}
        label="Lock the lobby"
        description="Nobody new may join; learners already in stay."
      />
      {inLobby.length === 0 ? (
        <Text c="dimmed" fz="sm">
          Nobody has joined yet.
        </Text>
      ) : (
        <>
          <ExtraTimeSummary count={accommodatedLearners(inLobby).length} />
          <Table verticalSpacing={6} aria-label="Learners in the lobby">
            <Table.Tbody>
              {inLobby.map((learner) => (
                <LearnerRow
                  key={learner.gameId}
                  learner={learner}
                  removing={remove.isPending && remove.variables === learner.gameId}
                  onRemove={() => remove.mutate(learner.gameId)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      {removed.length > 0 ? (
        <Text fz="xs" c="dimmed">
          Removed: {removed.map((learner) => learner.nickname).join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
};

/** Who is in the current opening, with a way to take a learner out and to lock the lobby against newcomers. */
export const ManageLobbyModal = ({ resimId, onClose }: { resimId: string; onClose: () => void }) => {
  const dashboard = useDashboard(resimId);
  const instanceId = dashboard.data?.currentInstanceId ?? null;
  return (
    <Modal opened onClose={onClose} title={<Text fw={600}>Manage lobby</Text>}>
      {dashboard.isPending ? (
        <Skeleton height={160} aria-busy="true" aria-label="Loading the lobby" />
      ) : dashboard.isError && !dashboard.data ? (
        <LoadFailed what="The lobby" onRetry={() => void dashboard.refetch()} />
      ) : instanceId === null ? (
        <Text c="dimmed" fz="sm">
          No session is open.
        </Text>
      ) : (
        <Lobby resimId={resimId} instanceId={instanceId} />
      )}
    </Modal>
  );
};
