import type { LtiPlatformBody, PutLrsBody, Space, SpaceUser } from '@resim/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { homeQueries } from '../home/home-data';

/**
 * The space, from the list of the caller's spaces that Home reads too (there is no one-space
 * route): `undefined` while it loads, `null` when the caller has no such space.
 */
export const useSpace = (spaceId: string) => {
  const api = useApi();
  return useQuery({ ...homeQueries(api).spaces, select: (spaces: Space[]) => spaces.find((space) => space.id === spaceId) ?? null });
};

export const useSpaceUsers = (spaceId: string) => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.spaceUsers(spaceId), queryFn: ({ signal }) => api.spaces.users(spaceId, signal) });
};

const useKeepSpace = () => {
  const queryClient = useQueryClient();
  return async (updated: Space) => {
    queryClient.setQueryData<Space[]>(queryKeys.spaces, (spaces) => spaces?.map((space) => (space.id === updated.id ? updated : space)));
    await queryClient.invalidateQueries({ queryKey: queryKeys.spaces });
  };
};

export const useSetSecurity = (spaceId: string) => {
  const api = useApi();
  const keep = useKeepSpace();
  return useMutation({ mutationFn: (security: Space['security']) => api.spaces.setSecurity(spaceId, security), onSuccess: keep });
};

/** After a handover the space answers as the caller now sees it (no longer its owner), and its users are read again. */
export const useHandOver = (spaceId: string) => {
  const api = useApi();
  const queryClient = useQueryClient();
  const keep = useKeepSpace();
  return useMutation({
    mutationFn: (email: string) => api.spaces.handOver(spaceId, { email }),
    onSuccess: async (updated) => {
      await Promise.all([keep(updated), queryClient.invalidateQueries({ queryKey: queryKeys.spaceUsers(spaceId) })]);
    },
  });
};

export const useAddSpaceUser = (spaceId: string) => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.spaces.addUser(spaceId, { email }),
    onSuccess: async (added) => {
      queryClient.setQueryData<SpaceUser[]>(queryKeys.spaceUsers(spaceId), (users) =>
        users && !users.some((user) => user.id === added.id) ? [...users, added] : users,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.spaceUsers(spaceId) });
    },
  });
};

export const useRemoveSpaceUser = (spaceId: string) => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.spaces.removeUser(spaceId, userId),
    onSuccess: async (_result, userId) => {
      queryClient.setQueryData<SpaceUser[]>(queryKeys.spaceUsers(spaceId), (users) => users?.filter((user) => user.id !== userId));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.spaceUsers(spaceId) }),
        // Removing oneself leaves the space: Home's list changes too.
        queryClient.invalidateQueries({ queryKey: queryKeys.spaces }),
      ]);
    },
  });
};

/** Where the space's xAPI statements go; read again every few seconds while statements wait to be sent. */
export const useSpaceLrs = (spaceId: string) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.spaceLrs(spaceId),
    queryFn: ({ signal }) => api.spaces.lrs(spaceId, signal),
    refetchInterval: (query) => ((query.state.data?.counts.queued ?? 0) + (query.state.data?.counts.sending ?? 0) > 0 ? 3000 : false),
  });
};

export const useLrsChanges = (spaceId: string) => {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.spaceLrs(spaceId) });
  return {
    save: useMutation({ mutationFn: (body: PutLrsBody) => api.spaces.setLrs(spaceId, body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: () => api.spaces.removeLrs(spaceId), onSuccess: refresh }),
    check: useMutation({ mutationFn: () => api.spaces.checkLrs(spaceId) }),
    retry: useMutation({ mutationFn: () => api.spaces.retryLrs(spaceId), onSuccess: refresh }),
  };
};

/** The space's learning platforms; read again every few seconds while grades wait to be sent. */
export const useSpaceLti = (spaceId: string) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.spaceLti(spaceId),
    queryFn: ({ signal }) => api.spaces.lti(spaceId, signal),
    refetchInterval: (query) => ((query.state.data?.grades.queued ?? 0) + (query.state.data?.grades.sending ?? 0) > 0 ? 3000 : false),
  });
};

export const useLtiChanges = (spaceId: string) => {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.spaceLti(spaceId) });
  return {
    add: useMutation({ mutationFn: (body: LtiPlatformBody) => api.spaces.addLtiPlatform(spaceId, body), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ platformId, body }: { platformId: string; body: LtiPlatformBody }) =>
        api.spaces.updateLtiPlatform(spaceId, platformId, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (platformId: string) => api.spaces.removeLtiPlatform(spaceId, platformId), onSuccess: refresh }),
    check: useMutation({ mutationFn: (platformId: string) => api.spaces.checkLtiPlatform(spaceId, platformId) }),
    roster: useMutation({ mutationFn: (platformId: string) => api.spaces.pullLtiRoster(spaceId, platformId) }),
    retry: useMutation({ mutationFn: () => api.spaces.retryLti(spaceId), onSuccess: refresh }),
  };
};
