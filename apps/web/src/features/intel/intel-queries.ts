import type { IntelQuery } from '@resim/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';

/** SPEC 7 GET /admin/intel for the filters chosen; the last figures stay while new ones load. */
export const useIntel = (filters: IntelQuery) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.intel(filters),
    queryFn: ({ signal }) => api.monitoring.intel(filters, signal),
    placeholderData: keepPreviousData,
  });
};

/** The caller's spaces, to narrow Intel to one. */
export const useSpaceList = () => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.spaces, queryFn: ({ signal }) => api.spaces.list(signal) });
};
