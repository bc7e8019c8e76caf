import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context';
import { queryKeys } from '../../../api/query-keys';
import { saveFile } from '../../../ui/save-file';

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

/**
 * The audit trail is long and changes with every step, so it is read on demand rather than
 * polled, a page at a time as the server gives it.
 */
export const useAudit = (resimId: string, instanceId: string | null) => {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: queryKeys.audit(resimId, instanceId),
    queryFn: ({ signal, pageParam }) => api.resims.audit(resimId, { instanceId, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The filters stay on screen while another opening's steps are read.
    placeholderData: (previous) => previous,
  });
};

/** A run is read when its drawer opens; the steps of a run under way are read again on each opening. */
/** Where a run's xAPI statements went, read when the scenario's space is known. */
export const useRunStatements = (spaceId: string | null, gameId: string | null) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.runStatements(spaceId ?? '', gameId ?? ''),
    queryFn: ({ signal }) => api.spaces.runStatements(spaceId ?? '', gameId ?? '', signal),
    enabled: spaceId !== null && gameId !== null,
  });
};

/** Where a run's grade went, when a learning platform launched it. */
export const useRunGrade = (spaceId: string | null, gameId: string | null) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.runGrade(spaceId ?? '', gameId ?? ''),
    queryFn: ({ signal }) => api.spaces.runGrade(spaceId ?? '', gameId ?? '', signal),
    enabled: spaceId !== null && gameId !== null,
  });
};

export const useRunDetail = (resimId: string, gameId: string | null) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.run(resimId, gameId ?? ''),
    queryFn: ({ signal }) => api.resims.run(resimId, gameId ?? '', signal),
    enabled: gameId !== null,
  });
};

const boardsOf = (resimId: string) => ['resim', resimId] as const;

/** Removing a learner changes the scoreboard, the dashboard and the presenter display at once. */
export const useRemoveLearner = (resimId: string, instanceId: string) => {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (gameId: string) => api.resims.removeLearner(resimId, instanceId, gameId),
    onSettled: () => client.invalidateQueries({ queryKey: boardsOf(resimId) }),
  });
};

export const useLockOpening = (resimId: string, instanceId: string) => {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (locked: boolean) => api.resims.lock(resimId, instanceId, locked),
    onSettled: () => client.invalidateQueries({ queryKey: boardsOf(resimId) }),
  });
};

/** The file an opening's results are saved under: the scenario's name and the day the opening began. */
export const resultsFileName = (resimName: string, openedAt: string | undefined): string => {
  const name = resimName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'results';
  return `${name}${openedAt ? `-${openedAt.slice(0, 10)}` : ''}.csv`;
};

/** GET the scoreboard ?output=csv, saved by the browser. */
export const useDownloadResults = (resimId: string) => {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ instanceId, fileName }: { instanceId: string; fileName: string }) => {
      saveFile(new Blob([await api.resims.scoreboardCsv(resimId, instanceId)], { type: 'text/csv' }), fileName);
    },
  });
};
