import './later-styles';
import type { GameSnapshot } from '@resim/contracts';
import { useCallback, useMemo } from 'react';
import { useParams } from 'wouter';
import { useLearnerApi } from '../../api/api-context';
import { RunNotOpened, RunOpening } from './run-not-opened';
import { platformMessage, platformRunToken } from './platform-link';
import { GameScreen } from './run-screens';
import { useLoaded } from './use-loaded';

/**
 * /play/lms/{gameId}: a run a learning platform launched (a SCORM package's page, an LTI launch),
 * played with the run token the launch handed over in the address's fragment. When the platform's
 * page frames it, every change of the run is told to that page (and to that page only), which
 * reports completion, success and score to the platform.
 */
export const PlatformRunPage = () => {
  const { gameId = '' } = useParams();
  const api = useLearnerApi();
  const link = useMemo(() => platformRunToken(gameId, window), [gameId]);
  const run = useLoaded((signal) => api.learn.game(gameId, link.runToken, signal), [gameId, link.runToken]);
  const tell = useCallback(
    (snapshot: GameSnapshot) => {
      if (link.parentOrigin && window.parent !== window) window.parent.postMessage(platformMessage(snapshot), link.parentOrigin);
    },
    [link.parentOrigin],
  );

  if (run.state === 'pending') return <RunOpening label="Opening the simulation" />;
  if (run.state === 'failed')
    return <RunNotOpened title="The simulation could not be opened" error={run.error} next="Open it again from your course." />;
  return <GameScreen run={{ gameId, runToken: link.runToken, snapshot: run.data }} onSnapshot={tell} platform />;
};
