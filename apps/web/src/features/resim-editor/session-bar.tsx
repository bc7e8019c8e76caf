import { ActionIcon, Badge, Button, CopyButton, Group, Tooltip } from '@mantine/core';
import { RunStatus } from '@resim/domain';
import { IconCheck, IconCopy, IconDoorEnter, IconMessage, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { ManageLobbyModal } from './manage-lobby';
import { MessageModal } from './message-modal';
import { PresenterDisplayLauncher } from './presenter-views';

const liveStatuses: readonly number[] = [RunStatus.Waiting, RunStatus.Running, RunStatus.TestMode];
// SPEC 9 polls the dashboard every 6 s; the learner count follows it.
const pollMs = 6000;

/**
 * While a session is on: the code learners join with (DESIGN 6), how many have joined, a
 * message to all of them (SPEC 7) and the presenter display for the room (DESIGN 1).
 */
export const SessionBar = ({ resimId, code, status }: { resimId: string; code: string; status: number }) => {
  const api = useApi();
  const [messaging, setMessaging] = useState(false);
  const [managing, setManaging] = useState(false);
  const live = liveStatuses.includes(status);
  // The dashboard names the opening learners join now and counts its learners in the database (not
  // those the host removed, not test runs): a session of thousands is not sent whole to be counted.
  const dashboard = useQuery({
    queryKey: queryKeys.dashboard(resimId),
    queryFn: ({ signal }) => api.resims.dashboard(resimId, signal),
    enabled: live,
    refetchInterval: live ? pollMs : false,
  });
  if (code === '') return null;
  // Before a session (and after one), the display's views are chosen and prepared here too.
  if (!live)
    return (
      <Group gap={6} wrap="nowrap">
        <PresenterDisplayLauncher resimId={resimId} />
      </Group>
    );
  const link = `${window.location.origin}/play/${code}`;
  const currentId = dashboard.data?.currentInstanceId ?? null;
  const opening = dashboard.data?.instances.find((instance) => instance.id === currentId);
  const joined = opening?.players ?? 0;
  // Still playing: every learner whose run has not ended, those waiting in the lobby too.
  const playing = opening ? opening.players - opening.finished : 0;
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={`Learners join at ${link}`}>
        <Badge variant="outline" radius="sm" size="sm" style={{ flex: 'none', letterSpacing: 1 }} aria-label={`Join code ${code}`}>
          Code {code}
        </Badge>
      </Tooltip>
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Link copied' : 'Copy the join link'}>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label="Copy the join link">
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      <Tooltip label={`${joined} joined, ${playing} still playing`}>
        <Badge
          variant="light"
          color="gray"
          radius="sm"
          size="sm"
          leftSection={<IconUsers size={12} />}
          style={{ flex: 'none' }}
          aria-label={`Learners joined: ${joined}`}
        >
          {joined}
        </Badge>
      </Tooltip>
      {status !== RunStatus.TestMode && (
        <Button size="compact-xs" variant="light" leftSection={<IconDoorEnter size={14} />} onClick={() => setManaging(true)}>
          Manage lobby
        </Button>
      )}
      {status !== RunStatus.TestMode && (
        <Button size="compact-xs" variant="light" leftSection={<IconMessage size={14} />} onClick={() => setMessaging(true)}>
          Message learners
        </Button>
      )}
      {status !== RunStatus.TestMode && <PresenterDisplayLauncher resimId={resimId} />}
      <MessageModal resimId={resimId} opened={messaging} onClose={() => setMessaging(false)} />
      {managing ? <ManageLobbyModal resimId={resimId} onClose={() => setManaging(false)} /> : null}
    </Group>
  );
};
