import type { WebConfig } from '@resim/contracts';
import { defaultProductName, loadingMessage } from '@resim/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApi } from '../api/api-context';
import { queryKeys } from '../api/query-keys';
import { isSignInReturn, isSignOutReturn } from '../auth/auth-paths';
import type { AuthSession } from '../auth/auth-session';
import { toIdentityError } from '../auth/identity-errors';
import { prefetchHomeData } from '../features/home/home-data';
import { prefetchEditorData } from '../features/resim-editor/editor-data';
import { lazyNamed } from '../ui/lazy-named';
import { PageProblem } from '../ui/page-problem';
import { appMachine, initialAppState, isPageState, samePage, type PageState } from './app-machine';
import { AppSessionProvider, EmailSendsProvider, type AppSession } from './app-session';
import { loadChunk } from './chunk';
import { ErrorBoundary } from './error-boundary';
import { LoadingScreen } from './loading-screen';
import { PageContent, preloadPage } from './pages';
import { isPlayerPath, isPresenterPath, parsePath, playerPath } from './routes';
import { ConsoleShell } from './shell';

// Only a signed-out visitor sees the welcome page: a session's first download need not carry it.
const WelcomePage = lazyNamed(() => loadChunk('welcome', () => import('../features/welcome/welcome-page')).then((m) => m.WelcomePage));

const pageOfPath = (path: string): PageState | null => parsePath(new URL(path, window.location.origin).pathname);

/**
 * Runs the application state machine (SPEC 4) and keeps the address bar in step with it: the
 * URL names the page, the machine says whether a page may be shown at all.
 */
export const AppRoot = ({ auth, config: configRequest }: { auth: AuthSession; config: Promise<WebConfig> }) => {
  const api = useApi();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(appMachine, initialAppState);
  const [productName, setProductName] = useState(defaultProductName);
  const [emailSends, setEmailSends] = useState<boolean | null>(null);
  const [bootError, setBootError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const started = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    // Once per page load, even when a development render mounts the component twice.
    if (started.current) return;
    started.current = true;
    const boot = async () => {
      const config = await configRequest;
      setProductName(config.productName);
      setEmailSends(config.emailSends);
      document.title = config.productName;
      auth.configure(config);
      auth.onSessionLost((reason) => {
        queryClient.clear();
        dispatch({ type: 'SESSION_LOST', reason });
      });

      // A learner has nothing to write: their home is the player's list of their scenarios.
      const isLearnerHome = async (page: PageState | null): Promise<boolean> => {
        if (page && page.name !== 'HOME') return false;
        const me = await queryClient
          .fetchQuery({ queryKey: queryKeys.userAuth, queryFn: ({ signal }) => api.user.auth(signal) })
          .catch(() => null);
        return me?.isLearner === true;
      };

      const url = new URL(window.location.href);
      if (isSignInReturn(url)) {
        dispatch({ type: 'CALLBACK_RECEIVED' });
        try {
          const { returnTo } = await auth.completeSignIn(url.href);
          // A learner who signed in to join goes back to the player (a presenter to the display), loaded afresh with the new session.
          if (isPlayerPath(returnTo) || isPresenterPath(returnTo)) {
            window.location.replace(returnTo);
            return;
          }
          const page = pageOfPath(returnTo);
          if (await isLearnerHome(page)) {
            window.location.replace(playerPath);
            return;
          }
          void navigate(page ? returnTo : '/', { replace: true });
          dispatch({ type: 'SIGNED_IN', ...(page ? { to: page } : {}) });
        } catch (error) {
          void navigate('/', { replace: true });
          dispatch({ type: 'SIGN_IN_FAILED', reason: toIdentityError(error).message });
        }
        return;
      }
      if (isSignOutReturn(url)) {
        await auth.completeSignOut(url.href);
        void navigate('/', { replace: true });
      }
      const restored = await auth.restore();
      if (!restored.signedIn) {
        dispatch({ type: 'NO_SESSION', reason: restored.reason });
        return;
      }
      const parsed = parsePath(window.location.pathname);
      const page = parsed ?? { name: 'HOME' as const };
      // The page's data is asked for before its code: the browser has a few connections to the
      // server, and the requests would otherwise queue behind the page's many code files. The
      // shell names the user on every page, so who they are is asked now too.
      const me = queryClient
        .ensureQueryData({ queryKey: queryKeys.userAuth, queryFn: ({ signal }) => api.user.auth(signal) })
        .catch(() => null);
      if (page.name === 'EDIT_RESIM') prefetchEditorData(queryClient, api, page.resimId);
      if (page.name === 'HOME') prefetchHomeData(queryClient, api);
      // The requests are sent once the session's token is read, a few promise steps away: the code
      // is asked for in the next task, after them.
      const pageCode = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => preloadPage(page));
      // A learner has nothing to write: their home is the player's list of their scenarios.
      if (page.name === 'HOME' && (await me)?.isLearner === true) {
        window.location.replace(playerPath);
        return;
      }
      if (!parsed) void navigate('/', { replace: true });
      // The page is shown once its code is in: a page that suspends is held back by React until
      // 300 ms after its fallback appeared, longer than the code takes to arrive.
      await pageCode;
      dispatch({ type: 'SESSION_RESTORED', to: page });
    };
    boot().catch((error: unknown) => setBootError(error instanceof Error ? error.message : String(error)));
  }, [api, auth, configRequest, navigate, queryClient]);

  // Links, back and forward change the address; the machine follows between pages.
  useEffect(() => {
    const current = stateRef.current;
    if (!isPageState(current)) return;
    const target = parsePath(location.pathname);
    if (!target) {
      void navigate('/', { replace: true });
      return;
    }
    if (!samePage(target, current)) dispatch({ type: 'NAVIGATE', to: target });
  }, [location.pathname, navigate]);

  const session = useMemo<AppSession>(
    () => ({
      productName,
      signingOut,
      signOut: () => {
        setSigningOut(true);
        auth
          .signOut()
          .catch(() => undefined)
          .finally(() => {
            queryClient.clear();
            setSigningOut(false);
            dispatch({ type: 'SIGNED_OUT' });
          });
      },
    }),
    [auth, productName, queryClient, signingOut],
  );

  const signIn = () => {
    dispatch({ type: 'SIGN_IN' });
    setRedirecting(true);
    auth.beginSignIn(`${location.pathname}${location.search}`).catch((error: unknown) => {
      setRedirecting(false);
      dispatch({ type: 'SIGN_IN_FAILED', reason: toIdentityError(error).message });
    });
  };

  if (bootError) return <PageProblem title="The console could not start" message={bootError} />;

  const welcome = (reason: string | null, signingIn: boolean) => (
    <Suspense fallback={<LoadingScreen message={loadingMessage(productName)} />}>
      <WelcomePage productName={productName} reason={reason} signingIn={signingIn} onSignIn={signIn} />
    </Suspense>
  );

  switch (state.name) {
    case 'INIT':
      return <LoadingScreen message={loadingMessage(productName)} />;
    case 'NOT_AUTHENTICATED':
      return welcome(state.reason, false);
    case 'AUTHENTICATING':
      // On the way to the issuer the welcome card stays, its button busy; on the way back, a wait.
      return redirecting ? welcome(null, true) : <LoadingScreen message={`Signing in to ${productName}...`} />;
    default:
      return (
        <AppSessionProvider value={session}>
          <EmailSendsProvider value={emailSends}>
            <ConsoleShell page={state}>
              <ErrorBoundary key={location.pathname} log={api.log}>
                <PageContent page={state} />
              </ErrorBoundary>
            </ConsoleShell>
          </EmailSendsProvider>
        </AppSessionProvider>
      );
  }
};
