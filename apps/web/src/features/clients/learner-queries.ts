import {
  maxLearnersPerRequest,
  type AddLearnersBody,
  type Learner,
  type PatchLearnersBody,
  type RemoveAccommodationBody,
  type SetAccommodationBody,
} from '@resim/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accommodationCalls, accommodationsKey } from '../../api/accommodation-calls';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';

/** The spaces the user can open and every scenario in them, as Home reads them. */
export const useSpacesAndScenarios = () => {
  const api = useApi();
  const spaces = useQuery({ queryKey: queryKeys.spaces, queryFn: ({ signal }) => api.spaces.list(signal) });
  const resims = useQuery({ queryKey: queryKeys.resims, queryFn: ({ signal }) => api.resims.list(signal) });
  return { spaces, resims };
};

export const useLearners = (spaceId: string | null) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.learners(spaceId ?? ''),
    queryFn: ({ signal }) => api.learners.list(spaceId ?? '', signal),
    enabled: spaceId !== null,
  });
};

/** A change to the learners of a space, after which the list is read again. */
const useLearnersChange = <T, R>(spaceId: string, change: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.learners(spaceId) }),
  });
};

/** Every accommodation of a space, each learner's own and each tag's; read while `enabled`. */
export const useAccommodations = (spaceId: string, enabled = true) => {
  const api = useApi();
  return useQuery({
    queryKey: accommodationsKey(spaceId),
    queryFn: ({ signal }) => accommodationCalls(api.request).list(spaceId, signal),
    enabled,
  });
};

/** A change to accommodations, after which they and the learners (who carry the one in effect) are read again. */
const useAccommodationChange = <T>(spaceId: string, change: (body: T) => Promise<{ count: number }>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accommodationsKey(spaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.learners(spaceId) }),
      ]),
  });
};

export const useSetAccommodation = (spaceId: string) => {
  const api = useApi();
  return useAccommodationChange(spaceId, (body: SetAccommodationBody) => accommodationCalls(api.request).set(spaceId, body));
};

export const useRemoveAccommodation = (spaceId: string) => {
  const api = useApi();
  return useAccommodationChange(spaceId, (body: RemoveAccommodationBody) => accommodationCalls(api.request).remove(spaceId, body));
};

export const useAddLearners = (spaceId: string) => {
  const api = useApi();
  return useLearnersChange(spaceId, (body: AddLearnersBody) => api.learners.add(spaceId, body));
};

export const useTagLearners = (spaceId: string) => {
  const api = useApi();
  return useLearnersChange(spaceId, (body: PatchLearnersBody) => api.learners.tag(spaceId, body));
};

export const useRemoveLearners = (spaceId: string) => {
  const api = useApi();
  return useLearnersChange(spaceId, (emails: readonly string[]) => api.learners.remove(spaceId, emails));
};

export const useRemindLearners = (spaceId: string) => {
  const api = useApi();
  return useLearnersChange(spaceId, (emails: readonly string[]) => api.learners.remind(spaceId, emails));
};

/** `emails`: the learners the change turns over (see learnersChangedBy), so that undoing it turns back only those. */
export type AllocationChange = { readonly give: boolean; readonly emails: readonly string[]; readonly resimId: string };

/** The learners whose allocation of a scenario the change turns over: those not already as it asks. */
export const learnersChangedBy = (learners: readonly Learner[], change: AllocationChange): string[] => {
  const named = new Set(change.emails);
  return learners
    .filter((learner) => named.has(learner.email) && learner.resims.includes(change.resimId) !== change.give)
    .map((learner) => learner.email);
};

const applyAllocation = (learners: readonly Learner[], change: AllocationChange): Learner[] => {
  const named = new Set(change.emails);
  return learners.map((learner) => {
    if (!named.has(learner.email) || learner.resims.includes(change.resimId) === change.give) return learner;
    return {
      ...learner,
      resims: change.give ? [...learner.resims, change.resimId] : learner.resims.filter((resimId) => resimId !== change.resimId),
    };
  });
};

const allocationKey = ['allocation'] as const;

/**
 * Gives or takes a scenario: the matrix shows it at once, and a refused change is turned back on
 * exactly the cells it turned (other changes in flight stay), the failure shown by the client.
 */
export const useAllocate = (spaceId: string) => {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = queryKeys.learners(spaceId);
  return useMutation({
    mutationKey: allocationKey,
    mutationFn: async (change: AllocationChange) => {
      const send = change.give ? api.learners.allocate : api.learners.deallocate;
      // A space may hold more learners than one request names.
      for (let start = 0; start < change.emails.length; start += maxLearnersPerRequest)
        await send(spaceId, { learners: change.emails.slice(start, start + maxLearnersPerRequest), resims: [change.resimId] });
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Learner[]>(key, (learners) => (learners ? applyAllocation(learners, change) : learners));
    },
    onError: (_error, change) => {
      queryClient.setQueryData<Learner[]>(key, (learners) =>
        learners ? applyAllocation(learners, { ...change, give: !change.give }) : learners,
      );
    },
    onSettled: async () => {
      // Read again once the last change in flight is answered, so an earlier answer cannot undo a later click.
      if (queryClient.isMutating({ mutationKey: allocationKey }) <= 1) await queryClient.invalidateQueries({ queryKey: key });
    },
  });
};
