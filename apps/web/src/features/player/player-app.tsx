import { MantineProvider } from '@mantine/core';
import { ApiProvider } from '../../api/api-context';
import type { WebConfig } from '@resim/contracts';
import type { LearnerApiClient } from '../../api/api-core';
import type { AuthSession } from '../../auth/auth-session';
import { ErrorBoundary } from '../../app/error-boundary';
import { cssVariablesResolver, theme } from '../../app/theme';
import { PlayerFace } from './player-face';

/**
 * The page a learner opens (/play/...), an entry of its own: a phone downloads the player and
 * what it is built of, not the console's router, pages, stylesheet or sign-in client. The player
 * routes its few addresses itself (wouter, on the browser's location).
 */
export type PlayerServices = { readonly api: LearnerApiClient; readonly auth: AuthSession; readonly config: Promise<WebConfig> };

export const PlayerApp = ({ services }: { services: PlayerServices }) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
    <ErrorBoundary log={services.api.log} fullPage>
      <ApiProvider client={services.api}>
        <PlayerFace auth={services.auth} config={services.config} />
      </ApiProvider>
    </ErrorBoundary>
  </MantineProvider>
);
