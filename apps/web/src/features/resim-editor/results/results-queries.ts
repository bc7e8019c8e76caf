import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context';
import { queryKeys } from '../../../api/query-keys';

/** SPEC 7: the console polls the dashboard every 6 s and an opening's scoreboard every 5 s. */
const dashboardPollMs = 6000;
const scoreboardPollMs = 5000;

export const useDashboard = (resimId: string) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.dashboard(resimId),
    queryFn: ({ signal }) => api.resims.dashboard(resimId, signal),
    refetchInterval: dashboardPollMs,
  });
};

export const useScoreboard = (resimId: string, instanceId: string | null) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.scoreboard(resimId, instanceId ?? ''),
    queryFn: ({ signal }) => api.resims.scoreboard(resimId, instanceId ?? '', signal),
    enabled: instanceId !== null,
    refetchInterval: scoreboardPollMs,
  });
};

/** The audit trail is long and changes with every step, so it is read on demand rather than polled. */
export const useAudit = (resimId: string) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.audit(resimId),
    queryFn: ({ signal }) => api.resims.audit(resimId, signal),
  });
};
