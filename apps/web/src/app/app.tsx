import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ApiProvider } from '../api/api-context';
import type { ApiClient } from '../api/client';
import type { AuthSession } from '../auth/auth-session';
import { AppRoot } from './app-root';
import { ErrorBoundary } from './error-boundary';
import { theme } from './theme';

export type AppServices = {
  readonly api: ApiClient;
  readonly auth: AuthSession;
  readonly queryClient: QueryClient;
};

export const App = ({ services }: { services: AppServices }) => (
  <MantineProvider theme={theme} forceColorScheme="light">
    <Notifications position="top-right" zIndex={1000} />
    <ErrorBoundary log={services.api.log} fullPage>
      <ApiProvider client={services.api}>
        <QueryClientProvider client={services.queryClient}>
          <BrowserRouter>
            <AppRoot auth={services.auth} />
          </BrowserRouter>
        </QueryClientProvider>
      </ApiProvider>
    </ErrorBoundary>
  </MantineProvider>
);
