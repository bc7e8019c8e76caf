import './later-styles';
import { Alert, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { GameSnapshot } from '@resim/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useParams } from 'wouter';
import { useLearnerApi } from '../../api/api-context';
import { ScreenHeading } from '../../ui/screen-heading';
import { PlayerFrame } from './player-frame';
import { usePlayerSession } from './player-session';
import { platformMessage, platformRunToken } from './platform-link';
import { GameScreen } from './run-screens';
import { useLoaded } from './use-loaded';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * /play/lms/{gameId}: a run a learning platform launched (a SCORM package's page, an LTI launch),
 * played with the run token the launch handed over in the address's fragment. When the platform's
 * page frames it, every change of the run is told to that page (and to that page only), which
 * reports completion, success and score to the platform.
 */
export const PlatformRunPage = () => {
  const { gameId = '' } = useParams();
  const api = useLearnerApi();
  const session = usePlayerSession();
  const link = useMemo(() => platformRunToken(gameId, window), [gameId]);
  const run = useLoaded((signal) => api.learn.game(gameId, link.runToken, signal), [gameId, link.runToken]);
  const tell = useCallback(
    (snapshot: GameSnapshot) => {
      if (link.parentOrigin && window.parent !== window) window.parent.postMessage(platformMessage(snapshot), link.parentOrigin);
    },
    [link.parentOrigin],
  );

  if (run.state === 'pending')
    return (
      <Center py={64}>
        <Loader type="dots" aria-label="Opening the simulation" />
      </Center>
    );
  if (run.state === 'failed')
    return (
      <PlayerFrame productName={session.productName}>
        <Paper p="xl" radius="md" shadow="xs">
          <Stack gap="md" align="flex-start">
            <ScreenHeading fz="xl">The simulation could not be opened</ScreenHeading>
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} w="100%" role="alert">
              {errorText(run.error)}
            </Alert>
            <Text fz="sm" c="dimmed">
              Open it again from your course.
            </Text>
          </Stack>
        </Paper>
      </PlayerFrame>
    );
  return <GameScreen run={{ gameId, runToken: link.runToken, snapshot: run.data }} onSnapshot={tell} platform />;
};
