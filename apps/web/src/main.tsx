import './app/mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { App } from './app/app';
import { showDanger } from './app/notify';
import { rootElement, startServices } from './app/start-services';

const { api, auth, config } = startServices(createApiClient, showDanger);

createRoot(rootElement()).render(
  <StrictMode>
    <App services={{ api, auth, queryClient: createQueryClient(), config }} />
  </StrictMode>,
);
