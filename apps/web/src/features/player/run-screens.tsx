import { Suspense } from 'react';
import { loadChunk } from '../../app/chunk';
import { LoadingScreen } from '../../app/loading-screen';
import { lazyNamed } from '../../ui/lazy-named';
import type * as RunScreensModule from './game-screen';
import type { GameSnapshot } from '@resim/contracts';
import type { JoinedRun } from './game-screen';

let loading: Promise<typeof RunScreensModule> | null = null;

/**
 * The run's screens (lobby, run, end) are a chunk of their own, after the join: the page a phone
 * opens first carries only what finds the scenario and joins it. Called as soon as a learner shows
 * they will join (typing a nickname, touching Join) so that the chunk is in by the time they are in.
 * A failed download is forgotten, so that the next attempt asks again.
 */
export const loadRunScreens = (): Promise<typeof RunScreensModule> => {
  loading ??= loadChunk('player-run', () => import('./game-screen')).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
};

const LazyGameScreen = lazyNamed(() => loadRunScreens().then((module) => module.GameScreen));

/** A joined run's screens, with a wait while their chunk arrives. */
export const GameScreen = (props: { run: JoinedRun; onSnapshot?: (snapshot: GameSnapshot) => void; platform?: boolean }) => (
  <Suspense fallback={<LoadingScreen message="Opening the simulation..." />}>
    <LazyGameScreen {...props} />
  </Suspense>
);
