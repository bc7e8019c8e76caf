import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context';
import { queryKeys } from '../../../api/query-keys';

/** SPEC 7 and 9: the flow view polls every 10 s. */
export const flowPollMs = 10_000;

/** The learners' flow of one opening, or of every opening when instanceId is null. */
export const useLearnerFlow = (resimId: string, instanceId: string | null) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.flow(resimId, instanceId),
    queryFn: ({ signal }) => api.resims.flow(resimId, instanceId, signal),
    refetchInterval: flowPollMs,
    // The chart stays on screen while another opening's counts are read.
    placeholderData: (previous) => previous,
  });
};
