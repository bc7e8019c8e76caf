import type { WebConfig } from '@resim/contracts';
import { defaultProductName, loadingMessage } from '@resim/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoadingScreen } from '../../app/loading-screen';
import type { AuthSession } from '../../auth/auth-session';
import { CodeEntryPage } from './code-entry-page';
import { JoinPage } from './join-page';
import { PlayerProblem } from './player-frame';
import { PlayerSessionProvider, type PlayerSession } from './player-session';

type Boot =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly signedIn: boolean }
  | { readonly state: 'failed'; readonly message: string };

/**
 * The learner's face of the product (/play/...), a chunk of its own so that a learner never
 * downloads the console. Sign-in is optional here: it is set up and any session restored, but a
 * learner without one plays anonymously where the scenario allows it.
 */
export const PlayerFace = ({ auth, config }: { auth: AuthSession; config: Promise<WebConfig> }) => {
  const [productName, setProductName] = useState(defaultProductName);
  const [boot, setBoot] = useState<Boot>({ state: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    // Once per page load: configuring the session twice would renew its tokens twice.
    if (started.current) return;
    started.current = true;
    const start = async () => {
      const loaded = await config;
      setProductName(loaded.productName);
      auth.configure(loaded);
      // A session that cannot be restored only means playing as a guest.
      const restored = await auth.restore().catch(() => ({ signedIn: false }));
      setBoot({ state: 'ready', signedIn: restored.signedIn });
    };
    start().catch((error: unknown) => setBoot({ state: 'failed', message: error instanceof Error ? error.message : String(error) }));
  }, [auth, config]);

  const session = useMemo<PlayerSession>(
    () => ({
      productName,
      signedIn: boot.state === 'ready' && boot.signedIn,
      signIn: auth.beginSignIn,
      accessToken: auth.getAccessToken,
    }),
    [auth, boot, productName],
  );

  if (boot.state === 'loading') return <LoadingScreen message={loadingMessage(productName)} />;
  if (boot.state === 'failed') return <PlayerProblem title={`${productName} could not start`} message={boot.message} />;
  return (
    <PlayerSessionProvider value={session}>
      <Routes>
        <Route index element={<CodeEntryPage />} />
        <Route path=":code" element={<JoinPage />} />
        <Route path="*" element={<Navigate to="/play" replace />} />
      </Routes>
    </PlayerSessionProvider>
  );
};
