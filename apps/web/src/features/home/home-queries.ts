import type { Space, UserMetadata } from '@resim/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { UserMetadataChanges } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** SPEC 2: Home loads scenario templates, the scenario list and user metadata; and the spaces they sit in. */
export const useHomeData = () => {
  const api = useApi();
  const templates = useQuery({ queryKey: queryKeys.templates, queryFn: ({ signal }) => api.templates.list(signal), staleTime: 5 * 60_000 });
  const resims = useQuery({ queryKey: queryKeys.resims, queryFn: ({ signal }) => api.resims.list(signal) });
  const spaces = useQuery({ queryKey: queryKeys.spaces, queryFn: ({ signal }) => api.spaces.list(signal) });
  const metadata = useQuery({ queryKey: queryKeys.userMetadata, queryFn: ({ signal }) => api.user.metadata(signal) });
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
      const base: UserMetadata = previous ?? { collapsedSpaces: [], sortOrder: 0 };
      queryClient.setQueryData<UserMetadata>(queryKeys.userMetadata, {
        collapsedSpaces: changes.collapsedSpaces ?? base.collapsedSpaces,
        sortOrder: changes.sortOrder ?? base.sortOrder,
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
