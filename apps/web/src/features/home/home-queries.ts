import type { ResimSummary, Space, UserMetadata } from '@resim/contracts';
import type { Scenario } from '@resim/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { UserMetadataChanges } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { homeQueries } from './home-data';

export const useHomeData = () => {
  const queries = homeQueries(useApi());
  const templates = useQuery(queries.templates);
  const resims = useQuery(queries.resims);
  const spaces = useQuery(queries.spaces);
  const metadata = useQuery(queries.metadata);
  return { templates, resims, spaces, metadata };
};

const saveMetadataKey = ['user', 'metadata', 'save'] as const;

/**
 * Saves folded spaces and sort order. The change shows at once (optimistic) and is undone if
 * the server refuses it; saves go out one after another so the last click is the one kept.
 */
export const useSaveMetadata = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveMetadataKey,
    scope: { id: 'user-metadata' },
    mutationFn: (changes: UserMetadataChanges) => api.user.saveMetadata(changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.userMetadata });
      const previous = queryClient.getQueryData<UserMetadata>(queryKeys.userMetadata);
      const base: UserMetadata = previous ?? { collapsedSpaces: [], sortOrder: 0, priorityFirst: false };
      queryClient.setQueryData<UserMetadata>(queryKeys.userMetadata, {
        collapsedSpaces: changes.collapsedSpaces ?? base.collapsedSpaces,
        sortOrder: changes.sortOrder ?? base.sortOrder,
        priorityFirst: changes.priorityFirst ?? base.priorityFirst,
      });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.userMetadata, context.previous);
    },
    onSettled: async () => {
      // Only the last save in flight reloads, so an earlier answer cannot undo a later click.
      if (queryClient.isMutating({ mutationKey: saveMetadataKey }) <= 1)
        await queryClient.invalidateQueries({ queryKey: queryKeys.userMetadata });
    },
  });
};

const replaceSpace = (spaces: readonly Space[] | undefined, updated: Space): Space[] | undefined =>
  spaces?.map((space) => (space.id === updated.id ? updated : space));

export const useCreateSpace = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => api.spaces.create({ description }),
    onSuccess: async (created) => {
      queryClient.setQueryData<Space[]>(queryKeys.spaces, (spaces) => (spaces ? [...spaces, created] : [created]));
      await queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
    },
  });
};

export const useRenameSpace = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { spaceId: string; description: string }) => api.spaces.rename(input.spaceId, { description: input.description }),
    onSuccess: async (updated) => {
      queryClient.setQueryData<Space[]>(queryKeys.spaces, (spaces) => replaceSpace(spaces, updated));
      await queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
    },
  });
};

export const useDeleteSpace = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (spaceId: string) => api.spaces.remove(spaceId),
    onSuccess: async (_result, spaceId) => {
      queryClient.setQueryData<Space[]>(queryKeys.spaces, (spaces) => spaces?.filter((space) => space.id !== spaceId));
      await queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
    },
  });
};

const summaryOf = (scenario: Scenario): ResimSummary => ({
  id: scenario.id,
  resimName: scenario.resimName,
  description: scenario.description,
  group: scenario.group,
  resimStatus: scenario.resimStatus,
  templateId: scenario.templateId,
  created: scenario.created,
  priority: scenario.priority,
});

/** Scenarios new in the list show at once; the list is then read again from the server. */
export const useAddScenarios = () => {
  const queryClient = useQueryClient();
  return async (added: readonly Scenario[]) => {
    queryClient.setQueryData<ResimSummary[]>(queryKeys.resims, (list) => [...(list ?? []), ...added.map(summaryOf)]);
    await queryClient.invalidateQueries({ queryKey: queryKeys.resims });
  };
};

/** SPEC 7: POST /admin/resim/new in a space, from the template chosen; the editor opens on it. */
export const useCreateResim = () => {
  const api = useApi();
  const add = useAddScenarios();
  return useMutation({
    mutationFn: ({ groupId, templateId, resimName }: { groupId: string; templateId: string; resimName?: string }) =>
      api.resims.create(groupId, templateId, resimName),
    onSuccess: (created) => add([created]),
  });
};

export const useCloneResim = () => {
  const api = useApi();
  const add = useAddScenarios();
  return useMutation({ mutationFn: (resimId: string) => api.resims.clone(resimId), onSuccess: (copy) => add([copy]) });
};

export const useImportResims = () => {
  const api = useApi();
  const add = useAddScenarios();
  return useMutation({
    mutationFn: (input: { groupId: string; file: unknown }) => api.resims.importFile(input.groupId, input.file),
    onSuccess: (imported) => add(imported),
  });
};

export const useDeleteResim = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resimId: string) => api.resims.remove(resimId),
    onSuccess: async (_result, resimId) => {
      queryClient.setQueryData<ResimSummary[]>(queryKeys.resims, (list) => list?.filter((scenario) => scenario.id !== resimId));
      await queryClient.invalidateQueries({ queryKey: queryKeys.resims });
    },
  });
};

/** Moves a scenario to another space (from Home or the editor); it shows there at once. */
export const useMoveResim = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { resimId: string; spaceId: string }) => api.resims.move(input.resimId, input.spaceId),
    onSuccess: async (moved) => {
      queryClient.setQueryData<ResimSummary[]>(queryKeys.resims, (list) =>
        list?.map((scenario) => (scenario.id === moved.id ? { ...scenario, group: moved.group } : scenario)),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.resims });
    },
  });
};

/** A file name from a scenario name: letters, digits and dashes only. */
export const exportFileName = (name: string): string => {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'scenario'}.resim.json`;
};

/** SPEC 7: POST /admin/export, saved by the browser as a JSON file that import reads back. */
export const useExportResim = () => {
  const api = useApi();
  return useMutation({
    mutationFn: async (scenario: ResimSummary) => {
      const file = await api.resims.exportFile([scenario.id]);
      // Loaded when a scenario is first exported: Home's own JavaScript stays within its budget.
      const { saveFile } = await import('../../ui/save-file');
      saveFile(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), exportFileName(scenario.resimName));
    },
  });
};
