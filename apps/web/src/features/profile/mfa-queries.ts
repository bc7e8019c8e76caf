import type { MfaStatus } from '@resim/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';

export const useMfaStatus = () => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.mfa, queryFn: ({ signal }) => api.mfa.status(signal) });
};

export const useStartMfa = () => {
  const api = useApi();
  return useMutation({ mutationFn: () => api.mfa.start() });
};

export const useConfirmMfa = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.mfa.confirm({ code }),
    onSuccess: async ({ recoveryCodes }) => {
      queryClient.setQueryData<MfaStatus>(
        queryKeys.mfa,
        (status) => status && { ...status, enabled: true, recoveryCodesLeft: recoveryCodes.length },
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
    },
  });
};

export const useDisableMfa = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.mfa.disable({ code }),
    onSuccess: async () => {
      queryClient.setQueryData<MfaStatus>(queryKeys.mfa, (status) => status && { ...status, enabled: false, recoveryCodesLeft: 0 });
      await queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
    },
  });
};
