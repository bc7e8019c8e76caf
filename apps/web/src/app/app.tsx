import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { defaultProductName, loadingMessage } from '@resim/domain';
import { lazy, Suspense, useState } from 'react';
import { Route, Routes, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { ApiProvider } from '../api/api-context';
import type { WebConfig } from '@resim/contracts';
import type { ApiClient } from '../api/client';
import type { AuthSession } from '../auth/auth-session';
import { AppRoot } from './app-root';
import { loadChunk } from './chunk';
import { DeferredNotifications } from './deferred-notifications';
import { ErrorBoundary } from './error-boundary';
import { LoadingScreen } from './loading-screen';
import { createGuardedHistory, NavigationGuardProvider } from './navigation-guard';
import { playerPath, presenterPath } from './routes';
import { cssVariablesResolver, theme } from './theme';

export type AppServices = {
  readonly api: ApiClient;
  readonly auth: AuthSession;
  readonly queryClient: QueryClient;
  /** the console's configuration, requested as the page starts, before React renders */
  readonly config: Promise<WebConfig>;
};

// An address of the player reached inside the console, rare, loads the player's page (play.html): a chunk of its own.
const PlayerPageLoad = lazy(() =>
  loadChunk('player-page', () => import('./player-page-load')).then((m) => ({ default: m.PlayerPageLoad })),
);
// The presenter display, projected in the room, is a chunk of its own.
const PresenterFace = lazy(() =>
  loadChunk('presenter', () => import('../features/presenter/presenter-face')).then((m) => ({ default: m.PresenterFace })),
);

const FaceRoutes = ({ services }: { services: AppServices }) => (
  <Routes>
    <Route
      path={`${playerPath}/*`}
      element={
        <Suspense fallback={<LoadingScreen message={loadingMessage(defaultProductName)} />}>
          <PlayerPageLoad />
        </Suspense>
      }
    />
    <Route
      path={`${presenterPath}/*`}
      element={
        <ErrorBoundary log={services.api.log} fullPage>
          <Suspense fallback={<LoadingScreen message={loadingMessage(defaultProductName)} />}>
            <PresenterFace auth={services.auth} config={services.config} />
          </Suspense>
        </ErrorBoundary>
      }
    />
    <Route
      path="*"
      element={
        <ErrorBoundary log={services.api.log} fullPage>
          <AppRoot auth={services.auth} config={services.config} />
        </ErrorBoundary>
      }
    />
  </Routes>
);

export const App = ({ services }: { services: AppServices }) => {
  // The console's own history, which can hold a move back while the editor has unsaved changes.
  const [history] = useState(createGuardedHistory);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <DeferredNotifications />
      <ErrorBoundary log={services.api.log} fullPage>
        <ApiProvider client={services.api}>
          <QueryClientProvider client={services.queryClient}>
            <NavigationGuardProvider history={history}>
              <HistoryRouter history={history}>
                <FaceRoutes services={services} />
              </HistoryRouter>
            </NavigationGuardProvider>
          </QueryClientProvider>
        </ApiProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
};
