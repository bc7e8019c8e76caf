import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ApiProvider } from '../api/api-context';
import type { ApiClient } from '../api/client';
import { createQueryClient } from '../api/query-client';
import { theme } from '../app/theme';

/** Renders a screen with what the console gives every screen, around a fake API. */
export const renderWithProviders = (ui: ReactNode, options: { api: ApiClient; path?: string }): RenderResult =>
  render(
    <MantineProvider theme={theme} env="test">
      <ApiProvider client={options.api}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ApiProvider>
    </MantineProvider>,
  );
