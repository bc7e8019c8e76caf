import type { ApiToken } from '@resim/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';

export const useUserAuth = () => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.userAuth, queryFn: ({ signal }) => api.user.auth(signal) });
};

export const useTokens = () => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.tokens, queryFn: ({ signal }) => api.tokens.list(signal) });
};

export const useCreateToken = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.tokens.create({ name }),
    onSuccess: async (created) => {
      // The list never holds the secret.
      const listed: ApiToken = { id: created.id, name: created.name, created: created.created, lastUsed: created.lastUsed };
      queryClient.setQueryData<ApiToken[]>(queryKeys.tokens, (tokens) => (tokens ? [...tokens, listed] : [listed]));
      await queryClient.invalidateQueries({ queryKey: queryKeys.tokens });
    },
  });
};

export const useRevokeToken = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => api.tokens.revoke(tokenId),
    onSuccess: async (_result, tokenId) => {
      queryClient.setQueryData<ApiToken[]>(queryKeys.tokens, (tokens) => tokens?.filter((token) => token.id !== tokenId));
      await queryClient.invalidateQueries({ queryKey: queryKeys.tokens });
    },
  });
};
