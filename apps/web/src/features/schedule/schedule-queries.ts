import type { ScheduleEntry } from '@resim/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';

export const useSchedule = () => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.schedule, queryFn: ({ signal }) => api.resims.schedule(signal) });
};

export const useScheduleSpaces = () => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.spaces, queryFn: ({ signal }) => api.spaces.list(signal) });
};

export type WindowChange = { readonly entry: ScheduleEntry; readonly scheduleStart: string | null; readonly scheduleEnd: string | null };
export type WindowSaved = { readonly kind: 'saved'; readonly revision: number } | { readonly kind: 'conflict'; readonly message: string };

/**
 * Saves a window through the editor's PATCH, naming the revision the calendar shows: if the
 * scenario was changed meanwhile the server answers 409 and nothing is overwritten.
 */
export const useSaveWindow = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entry, scheduleStart, scheduleEnd }: WindowChange): Promise<WindowSaved> => {
      const result = await api.resims.save(entry.id, { revision: entry.revision, details: { scheduleStart, scheduleEnd } });
      return result.kind === 'saved'
        ? { kind: 'saved', revision: result.scenario.revision }
        : { kind: 'conflict', message: result.message };
    },
    onSuccess: (result, change) => {
      if (result.kind === 'saved')
        queryClient.setQueryData<ScheduleEntry[]>(queryKeys.schedule, (entries) =>
          entries?.map((e) =>
            e.id === change.entry.id
              ? { ...e, revision: result.revision, scheduleStart: change.scheduleStart, scheduleEnd: change.scheduleEnd }
              : e,
          ),
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedule }),
  });
};

/** Reminds the learners of the scenario's space to whom the scenario is allocated; how many were reminded. */
export const useRemindLearners = () => {
  const api = useApi();
  return useMutation({
    mutationFn: async (entry: ScheduleEntry): Promise<number> => {
      const learners = (await api.learners.list(entry.group)).filter((l) => l.resims.includes(entry.id)).map((l) => l.email);
      if (learners.length === 0) return 0;
      return (await api.learners.remind(entry.group, learners)).count;
    },
  });
};
