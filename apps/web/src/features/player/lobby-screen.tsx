import { Box, Paper, Stack, Text } from '@mantine/core';
import type { GameSnapshot } from '@resim/contracts';
import { AllowanceNotice } from './allowance-notice';
import { ConnectionBadge } from './connection-badge';
import { MessagesSection } from './messages';
import { PlayerFrame } from './player-frame';
import classes from './player.module.css';
import type { ConnectionStatus } from './run-connection';
import { ScreenHeading } from '../../ui/screen-heading';

/**
 * Waiting for the presenter to start: the session opens for everyone at once, pushed over the
 * socket. (The scenario's wait text is for learners who have ended their run, on the end screen.)
 */
export const LobbyScreen = ({
  productName,
  snapshot,
  status,
}: {
  productName: string;
  snapshot: GameSnapshot;
  status: ConnectionStatus;
}) => (
  <PlayerFrame productName={productName}>
    <Stack gap="xl">
      <Paper p={{ base: 'lg', sm: 'xl' }} radius="md" shadow="xs">
        <Stack gap="lg" align="center" ta="center">
          <ScreenHeading fz={24}>{snapshot.resimName}</ScreenHeading>
          <Box className={classes.waiting} aria-hidden>
            <span />
            <span />
            <span />
          </Box>
          <Stack gap={6} align="center">
            <Text fz="xl" fw={600} role="status">
              The session has not started yet
            </Text>
            <Text c="dimmed" fz="sm">
              You joined as <b>{snapshot.nickname}</b>. The simulation starts here as soon as the presenter starts it.
            </Text>
            <AllowanceNotice allowance={snapshot.allowance} />
          </Stack>
          <ConnectionBadge status={status} />
        </Stack>
      </Paper>
      <MessagesSection messages={snapshot.messages} id="lobby-messages" />
    </Stack>
  </PlayerFrame>
);
