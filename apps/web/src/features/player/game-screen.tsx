import './later-styles';
import { Button, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { GameSnapshot } from '@resim/contracts';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { RunToken } from '../../api/client';
import { EndScreen } from './end-screen';
import { LobbyScreen } from './lobby-screen';
import { MessageAlert } from './messages';
import { PlayerFrame } from './player-frame';
import { usePlayerSession } from './player-session';
import { RunScreen } from './run-screen';
import { isSessionEnding, SessionEndingScreen } from './session-ending-screen';
import { useRunConnection } from './use-run-connection';
import { ScreenHeading } from '../../ui/screen-heading';

/** The host took the learner out of the session: their run is over, whatever the session does next. */
const RemovedScreen = ({ productName, resimName }: { productName: string; resimName: string }) => (
  <PlayerFrame productName={productName}>
    <Paper p="xl" radius="md" shadow="xs">
      <Stack gap="md" align="flex-start">
        <ScreenHeading fz="xl">You were removed from this session</ScreenHeading>
        <Text>Your presenter took you out of {resimName}. Ask them if you think this is a mistake.</Text>
        <Button component={Link} to="/play">
          Join another simulation
        </Button>
      </Stack>
    </Paper>
  </PlayerFrame>
);

/** A run the learner is in, as joining or rejoining it answered. */
export type JoinedRun = { readonly gameId: string; readonly runToken: RunToken; readonly snapshot: GameSnapshot };

/**
 * The learner's run, kept live: the lobby until the presenter starts, then the run, then its end.
 * A presenter's message shows over whichever of them is on screen.
 */
export const GameScreen = ({
  run,
  onSnapshot,
  platform = false,
}: {
  run: JoinedRun;
  /** told every snapshot of the run as it changes */
  onSnapshot?: (snapshot: GameSnapshot) => void;
  /** a learning platform launched the run */
  platform?: boolean;
}) => {
  const session = usePlayerSession();
  const live = useRunConnection({ gameId: run.gameId, runToken: run.runToken, initial: run.snapshot, accessToken: session.accessToken });
  const { snapshot } = live;
  const { view } = snapshot;
  // Once the session is over (Stopped, or the scenario closed), messages no longer stand in front
  // of the results: the end screen lists them.
  const over = snapshot.phase === 'closed' || view?.ended?.reason === 'stopped';
  const unread = over ? [] : live.unread;
  const latestMessage = unread.at(-1);

  useEffect(() => onSnapshot?.(snapshot), [onSnapshot, snapshot]);

  useEffect(() => {
    document.title = `${snapshot.resimName} · ${session.productName}`;
  }, [session.productName, snapshot.resimName]);

  const screen = (() => {
    if (snapshot.endReason === 'removed') return <RemovedScreen productName={session.productName} resimName={snapshot.resimName} />;
    if (snapshot.phase === 'lobby') return <LobbyScreen productName={session.productName} snapshot={snapshot} status={live.status} />;
    if (view?.ended)
      return <EndScreen productName={session.productName} snapshot={snapshot} view={view} runToken={run.runToken} platform={platform} />;
    if (snapshot.phase === 'open' && view) return <RunScreen live={live} view={view} />;
    if (isSessionEnding(snapshot))
      return <SessionEndingScreen productName={session.productName} resimName={snapshot.resimName} status={live.status} />;
    return (
      <PlayerFrame productName={session.productName}>
        <Paper p="xl" radius="md" shadow="xs">
          <Stack gap="md" align="flex-start">
            <ScreenHeading fz="xl">{snapshot.resimName}</ScreenHeading>
            <Text>This simulation is closed: it cannot be played now.</Text>
            <Button component={Link} to="/play">
              Join another simulation
            </Button>
          </Stack>
        </Paper>
      </PlayerFrame>
    );
  })();

  return (
    <>
      {screen}
      <MessageAlert unread={unread} onDismiss={live.dismiss} />
      <VisuallyHidden aria-live="assertive">{latestMessage ? `${latestMessage.title}: ${latestMessage.message}` : ''}</VisuallyHidden>
    </>
  );
};
