import type { AllocationsBody, BillingCustomer, SubscriptionBody } from '@resim/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';

/** SPEC 7 GET /admin/billing/customer: the caller's plans, subscriptions, card, slots and their allocations. */
export const useBillingCustomer = () => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.billingCustomer, queryFn: ({ signal }) => api.billing.customer(signal), retry: false });
};

/** SPEC 7 POST /admin/billing/subscription; the customer is read again, slots and all. */
export const useSubscribe = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionBody) => api.billing.subscribe(body),
    onSuccess: (result) => {
      queryClient.setQueryData<BillingCustomer>(queryKeys.billingCustomer, (customer) =>
        customer ? { ...customer, subscriptions: result.subscriptions, slotUsage: result.slotUsage } : customer,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.billingCustomer }),
  });
};

/** SPEC 7 GET /admin/billing/intent, asked when the owner sets up a card (each setup is used once). */
export const useCardIntent = (enabled: boolean) => {
  const api = useApi();
  return useQuery({
    queryKey: [...queryKeys.billingCustomer, 'intent'],
    queryFn: ({ signal }) => api.billing.intent(signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
};

/** SPEC 7 POST /admin/billing/allocation; what it answers is kept at once, then the customer is read again. */
export const useAllocate = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AllocationsBody) => api.billing.allocate(body),
    onSuccess: (result) => {
      queryClient.setQueryData<BillingCustomer>(queryKeys.billingCustomer, (customer) =>
        customer ? { ...customer, slotUsage: result.slotUsage, allocations: result.allocations } : customer,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.billingCustomer }),
  });
};
