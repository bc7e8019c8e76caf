import './later-styles';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconEye, IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import { useLearnerApi } from '../../api/api-context';
import { GameScreen } from './run-screens';
import { RunNotOpened, RunOpening } from './run-not-opened';
import { ScreenHeading } from '../../ui/screen-heading';
import { PlayerFrame } from './player-frame';
import { useLoaded } from './use-loaded';
import { usePlayerSession } from './player-session';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Says, above every screen of the run, that this is the author's preview and not a learner's run. */
export const PreviewBanner = () => (
  <Alert
    color="violet"
    variant="filled"
    radius={0}
    icon={<IconEye size={18} />}
    title="Preview"
    role="note"
    aria-label="Preview"
    style={{ position: 'sticky', top: 0, zIndex: 200 }}
  >
    You are playing this scenario as a learner sees it. This run is kept apart from the real results.
  </Alert>
);

const PreviewRun = ({ gameId }: { gameId: string }) => {
  const api = useLearnerApi();
  // The run is read once: from then on its own live connection keeps it up to date.
  const run = useLoaded((signal) => api.learn.game(gameId, null, signal), [gameId]);
  if (run.state === 'pending') return <RunOpening label="Opening the preview" />;
  if (run.state === 'failed')
    return (
      <RunNotOpened title="The preview could not be opened" error={run.error} next="Start a new preview from the scenario's editor." />
    );
  return <GameScreen run={{ gameId, runToken: null, snapshot: run.data }} />;
};

/** /play/preview/{resimId}/{gameId}: the author's preview run, started from the editor, played as a learner would. */
export const PreviewPage = () => {
  const { resimId = '', gameId = '' } = useParams();
  const session = usePlayerSession();
  const [problem, setProblem] = useState<string | null>(null);
  const here = `/play/preview/${encodeURIComponent(resimId)}/${encodeURIComponent(gameId)}`;
  return (
    <>
      <PreviewBanner />
      {session.signedIn ? (
        <PreviewRun gameId={gameId} />
      ) : (
        <PlayerFrame productName={session.productName}>
          <Paper p="xl" radius="md" shadow="xs">
            <Stack gap="md" align="flex-start">
              <ScreenHeading fz="xl">Sign in to open the preview</ScreenHeading>
              <Text fz="sm">A preview belongs to the author who started it.</Text>
              {problem ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} w="100%" role="alert">
                  {problem}
                </Alert>
              ) : null}
              <Button
                leftSection={<IconLogin2 size={18} />}
                onClick={() => void session.signIn(here).catch((error: unknown) => setProblem(errorText(error)))}
              >
                Sign in
              </Button>
            </Stack>
          </Paper>
        </PlayerFrame>
      )}
    </>
  );
};
