import { QueryClient } from '@tanstack/react-query';

/** The API client retries by itself, so the query cache does not retry on top of it. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
