import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

const spacesQuery = (api: ApiClient) => ({
  queryKey: queryKeys.spaces,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.spaces.list(signal),
});

/**
 * Starts loading what the editor opens (the scenario and the spaces it checks access against) as
 * soon as the session is restored, while the console's shell and the editor's code are still on
 * their way: the requests no longer wait for the page to render.
 */
export const prefetchEditorData = (queryClient: QueryClient, api: ApiClient, resimId: string): void => {
  void queryClient.prefetchQuery({
    queryKey: queryKeys.resim(resimId),
    queryFn: ({ signal }) => api.resims.get(resimId, signal),
    // Long enough for the editor to take it; it is removed once taken.
    gcTime: 30_000,
  });
  void queryClient.prefetchQuery(spacesQuery(api));
};

/**
 * The scenario and the spaces for the editor: the prefetched request when there is one (finished
 * or still on its way), otherwise a new one. The scenario is taken once and then dropped from the
 * cache, so that opening the editor again always shows the scenario as it is saved now.
 */
export const loadEditorData = async (queryClient: QueryClient, api: ApiClient, resimId: string) => {
  const queryKey = queryKeys.resim(resimId);
  try {
    return await Promise.all([
      queryClient.fetchQuery({ queryKey, queryFn: ({ signal }) => api.resims.get(resimId, signal), staleTime: Infinity, gcTime: 0 }),
      queryClient.fetchQuery(spacesQuery(api)),
    ]);
  } finally {
    queryClient.removeQueries({ queryKey, exact: true });
  }
};
