import { Button, Group, Stack, Text } from '@mantine/core';
import { mayMoveOutOf, moveOutRefused } from '@resim/domain';
import { IconFolderShare } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { showSuccess } from '../../app/notify';
import { lazyNamed } from '../../ui/lazy-named';
import type { ScenarioPlacement } from './editor-types';

const MoveScenarioModal = lazyNamed(() => import('../home/move-scenario-modal').then((m) => m.MoveScenarioModal));

/** The space holding the scenario, and "Move to space...", disabled with the reason when canMove forbids it. */
export const ScenarioSpaceField = ({
  resimId,
  resimName,
  placement,
}: {
  resimId: string;
  resimName: string;
  placement: ScenarioPlacement;
}) => {
  const api = useApi();
  const spaces = useQuery({ queryKey: queryKeys.spaces, queryFn: ({ signal }) => api.spaces.list(signal) });
  const move = useMutation({ mutationFn: placement.onMove });
  const [opened, setOpened] = useState(false);
  // Kept once mounted, so that the dialog closes with its transition.
  const [shown, setShown] = useState(false);
  if (opened && !shown) setShown(true);
  const space = spaces.data?.find((candidate) => candidate.id === placement.group);
  const blocked = space && !mayMoveOutOf(space) ? moveOutRefused : null;
  const close = () => {
    setOpened(false);
    move.reset();
  };

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <div>
          <Text fz="sm" fw={500}>
            Space
          </Text>
          <Text fz="sm">{space?.description ?? (spaces.isPending ? 'Loading...' : placement.group)}</Text>
        </div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFolderShare size={14} />}
          onClick={() => setOpened(true)}
          disabled={!space || blocked !== null}
          aria-describedby={blocked ? `${resimId}-move-blocked` : undefined}
        >
          Move to space...
        </Button>
      </Group>
      {blocked ? (
        <Text id={`${resimId}-move-blocked`} fz="xs" c="dimmed">
          {blocked}
        </Text>
      ) : null}
      {shown ? (
        <Suspense fallback={null}>
          <MoveScenarioModal
            scenario={opened ? { id: resimId, resimName, group: placement.group } : null}
            spaces={spaces.data ?? []}
            pending={move.isPending}
            error={move.error?.message ?? null}
            onMove={(spaceId) =>
              move.mutate(spaceId, {
                onSuccess: () => {
                  close();
                  showSuccess(`“${resimName}” was moved to ${spaces.data?.find((s) => s.id === spaceId)?.description ?? 'its new space'}`);
                },
              })
            }
            onClose={close}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
};
