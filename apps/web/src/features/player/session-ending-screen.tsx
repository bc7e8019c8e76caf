import { Loader, Paper, Stack, Text } from '@mantine/core';
import type { GameSnapshot } from '@resim/contracts';
import { RunStatus } from '@resim/domain';
import { ConnectionBadge } from './connection-badge';
import { PlayerFrame } from './player-frame';
import type { ConnectionStatus } from './run-connection';
import { ScreenHeading } from '../../ui/screen-heading';

/**
 * Whether the presenter has stopped the session and the learner's run is still to be ended: the
 * Stop is told to everyone at once, and each run's end and rank follow once the server has ended
 * them all, which in a large session takes a second or two.
 */
export const isSessionEnding = (snapshot: GameSnapshot): boolean =>
  snapshot.phase === 'closed' && snapshot.resimStatus === RunStatus.Finished && snapshot.view !== null && snapshot.view.ended === null;

/** The moment between the presenter's Stop and the learner's score: the session is over, the score on its way. */
export const SessionEndingScreen = ({
  productName,
  resimName,
  status,
}: {
  productName: string;
  resimName: string;
  status: ConnectionStatus;
}) => (
  <PlayerFrame productName={productName}>
    <Paper p={{ base: 'lg', sm: 'xl' }} radius="md" shadow="xs">
      <Stack gap="lg" align="center" ta="center">
        <Stack gap={4} align="center">
          <Text fz="sm" c="dimmed">
            {resimName}
          </Text>
          <ScreenHeading fz={24}>Your presenter has ended the session</ScreenHeading>
        </Stack>
        <Stack gap="xs" align="center" role="status">
          <Loader size="sm" type="dots" aria-hidden />
          <Text c="dimmed">Your results are being counted. They will show here in a moment.</Text>
        </Stack>
        <ConnectionBadge status={status} />
      </Stack>
    </Paper>
  </PlayerFrame>
);
