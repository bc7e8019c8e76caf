import { scoreboardFileName, type SpaceScoreboardMode } from '@resim/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { saveFile } from '../../ui/save-file';

export const useScoreboardAvailable = (spaceId: string) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.spaceScoreboardAvailable(spaceId),
    queryFn: ({ signal }) => api.spaces.scoreboardAvailable(spaceId, signal),
  });
};

export const useSpaceScoreboard = (spaceId: string, mode: SpaceScoreboardMode) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.spaceScoreboard(spaceId, mode),
    queryFn: ({ signal }) => api.spaces.scoreboard(spaceId, mode, signal),
  });
};

/** Saves the space's results in a mode as a file, named as the server names it. */
export const useDownloadScoreboard = (spaceId: string, spaceName: string) => {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ mode, output }: { mode: SpaceScoreboardMode; output: 'csv' | 'xlsx' }) => {
      saveFile(await api.spaces.scoreboardFile(spaceId, mode, output), scoreboardFileName(spaceName, mode, output));
    },
  });
};
