import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiProvider } from '../api/api-context';
import type { WebConfig } from '@resim/contracts';
import type { ApiClient } from '../api/client';
import type { AuthSession } from '../auth/auth-session';
import { AppRoot } from './app-root';
import { ErrorBoundary } from './error-boundary';
import { theme } from './theme';

export type AppServices = {
  readonly api: ApiClient;
  readonly auth: AuthSession;
  readonly queryClient: QueryClient;
  /** the console's configuration, requested as the page starts, before React renders */
  readonly config: Promise<WebConfig>;
};

// A data router, because only it can hold a navigation back while the editor has unsaved changes.
const createRouter = (services: AppServices) =>
  createBrowserRouter([
    {
      path: '*',
      element: (
        <ErrorBoundary log={services.api.log} fullPage>
          <AppRoot auth={services.auth} config={services.config} />
        </ErrorBoundary>
      ),
    },
  ]);

export const App = ({ services }: { services: AppServices }) => {
  const [router] = useState(() => createRouter(services));
  return (
    <MantineProvider theme={theme} forceColorScheme="light">
      <Notifications position="top-right" zIndex={1000} />
      <ErrorBoundary log={services.api.log} fullPage>
        <ApiProvider client={services.api}>
          <QueryClientProvider client={services.queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ApiProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
};
