import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiProvider } from '../api/api-context';
import type { ApiClient } from '../api/client';
import { createQueryClient } from '../api/query-client';
import { theme } from '../app/theme';

/** Renders a screen with what the console gives every screen, around a fake API; the router is a data router, as in the app. */
export const renderWithProviders = (ui: ReactNode, options: { api: ApiClient; path?: string }): RenderResult => {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  return render(
    <MantineProvider theme={theme} env="test">
      <ApiProvider client={options.api}>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiProvider>
    </MantineProvider>,
  );
};
