import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** SPEC 2: Home loads scenario templates, the scenario list and user metadata; and the spaces they sit in. */
export const homeQueries = (api: ApiClient) => ({
  templates: {
    queryKey: queryKeys.templates,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.templates.list(signal),
    staleTime: 5 * 60_000,
  },
  resims: { queryKey: queryKeys.resims, queryFn: ({ signal }: { signal: AbortSignal }) => api.resims.list(signal) },
  spaces: { queryKey: queryKeys.spaces, queryFn: ({ signal }: { signal: AbortSignal }) => api.spaces.list(signal) },
  metadata: { queryKey: queryKeys.userMetadata, queryFn: ({ signal }: { signal: AbortSignal }) => api.user.metadata(signal) },
});

/** Starts loading Home's data as the session is restored, beside Home's code rather than after it. */
export const prefetchHomeData = (queryClient: QueryClient, api: ApiClient): void => {
  const queries = homeQueries(api);
  void queryClient.prefetchQuery(queries.resims);
  void queryClient.prefetchQuery(queries.spaces);
  void queryClient.prefetchQuery(queries.metadata);
  void queryClient.prefetchQuery(queries.templates);
};
