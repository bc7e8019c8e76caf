import type { WebConfig } from '@resim/contracts';
import { loadingMessage } from '@resim/domain';
import { useMemo } from 'react';
import { useFaceBoot } from '../../app/face-boot';
import { LoadingScreen } from '../../app/loading-screen';
import { lazyNamed } from '../../ui/lazy-named';
import { loadChunk } from '../../app/chunk';
import { platformPlayerPath, playerPath } from '../../app/face-paths';
import type { AuthSession } from '../../auth/auth-session';
import { JoinPage } from './join-page';
import { PageProblem } from '../../ui/page-problem';
import { PlayerSessionProvider, type PlayerSession } from './player-session';
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';

// A phone opens a join link far more often than the code entry, and only an author previews: each is a chunk of its own.
const CodeEntryPage = lazyNamed(() => loadChunk('player-code-entry', () => import('./code-entry-page')).then((m) => m.CodeEntryPage));
const PlatformRunPage = lazyNamed(() => loadChunk('player-platform', () => import('./platform-run-page')).then((m) => m.PlatformRunPage));
const PreviewPage = lazyNamed(() => loadChunk('player-preview', () => import('./preview-page')).then((m) => m.PreviewPage));

/**
 * The learner's face of the product (/play/...), a chunk of its own so that a learner never
 * downloads the console. Sign-in is optional here: it is set up and any session restored, but a
 * learner without one plays anonymously where the scenario allows it.
 */
export const PlayerFace = ({ auth, config }: { auth: AuthSession; config: Promise<WebConfig> }) => {
  const { productName, boot } = useFaceBoot(auth, config);

  const session = useMemo<PlayerSession>(
    () => ({
      productName,
      signedIn: boot.state === 'ready' && boot.signedIn,
      signIn: auth.beginSignIn,
      signOut: auth.signOut,
      accessToken: auth.getAccessToken,
    }),
    [auth, boot, productName],
  );

  if (boot.state === 'loading') return <LoadingScreen message={loadingMessage(productName)} />;
  if (boot.state === 'failed') return <PageProblem title={`${productName} could not start`} message={boot.message} />;
  return (
    <PlayerSessionProvider value={session}>
      <Suspense fallback={<LoadingScreen message={loadingMessage(productName)} />}>
        <Switch>
          <Route path={playerPath}>
            <CodeEntryPage />
          </Route>
          <Route path={`${playerPath}/preview/:resimId/:gameId`}>
            <PreviewPage />
          </Route>
          <Route path={`${platformPlayerPath}/:gameId`}>
            <PlatformRunPage />
          </Route>
          <Route path={`${playerPath}/:code`}>
            <JoinPage />
          </Route>
          <Route>
            <Redirect to={playerPath} replace />
          </Route>
        </Switch>
      </Suspense>
    </PlayerSessionProvider>
  );
};
