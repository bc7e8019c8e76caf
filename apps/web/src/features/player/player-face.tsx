import type { WebConfig } from '@resim/contracts';
import { loadingMessage } from '@resim/domain';
import { useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useFaceBoot } from '../../app/face-boot';
import { LoadingScreen } from '../../app/loading-screen';
import type { AuthSession } from '../../auth/auth-session';
import { CodeEntryPage } from './code-entry-page';
import { JoinPage } from './join-page';
import { PageProblem } from '../../ui/page-problem';
import { PreviewPage } from './preview-page';
import { PlayerSessionProvider, type PlayerSession } from './player-session';

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
      <Routes>
        <Route index element={<CodeEntryPage />} />
        <Route path=":code" element={<JoinPage />} />
        <Route path="preview/:resimId/:gameId" element={<PreviewPage />} />
        <Route path="*" element={<Navigate to="/play" replace />} />
      </Routes>
    </PlayerSessionProvider>
  );
};
