import type { EmailTemplate, OutboxStatus } from '@resim/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { partsOf, type TemplateDraft } from './template-draft';

export const useEmailTemplates = () => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.emailTemplates, queryFn: ({ signal }) => api.emailTemplates.list(signal) });
};

export const useEmailTemplate = (name: string | null) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.emailTemplate(name ?? ''),
    queryFn: ({ signal }) => api.emailTemplates.get(name!, signal),
    enabled: name !== null,
  });
};

/** Saves a draft: a new template, or the user's version of an existing one; the list and the template reload. */
export const useSaveEmailTemplate = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, isNew }: { draft: TemplateDraft; isNew: boolean }) =>
      isNew
        ? api.emailTemplates.create({ templateName: draft.name, ...partsOf(draft) })
        : api.emailTemplates.save(draft.name, partsOf(draft)),
    onSuccess: async (saved: EmailTemplate) => {
      queryClient.setQueryData(queryKeys.emailTemplate(saved.templateName), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.emailTemplates, exact: true });
    },
  });
};

/** Deletes a template of the user's own, or returns a built-in one to its default, which is then read again. */
export const useDeleteEmailTemplate = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name }: { name: string; builtIn: boolean }) => api.emailTemplates.remove(name),
    onSuccess: async (_result, { name, builtIn }) => {
      // A deleted template is not read again: it is gone, and the screen moves on from it.
      if (builtIn) await queryClient.invalidateQueries({ queryKey: queryKeys.emailTemplate(name) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.emailTemplates, exact: true });
    },
  });
};

export const useSendTestEmail = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, to, data }: { name: string; to: string; data: Record<string, unknown> }) =>
      api.emailTemplates.sendTest(name, { to, data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['outbox'] }),
  });
};

/** How often the outbox is read again while a message shown is on its way. */
export const outboxPollMs = 5000;

export const useOutbox = (status: OutboxStatus | undefined) => {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: queryKeys.outbox(status ?? 'all'),
    queryFn: ({ signal, pageParam }) => api.outbox.list({ cursor: pageParam, status }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.messages.some((m) => m.status === 'queued' || m.status === 'sending'))
        ? outboxPollMs
        : false,
  });
};

export const useRetryEmail = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailId: string) => api.outbox.retry(emailId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['outbox'] }),
  });
};
