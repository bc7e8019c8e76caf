import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { consoleSocketAddress, createConsoleLive } from '../resim-editor/console-live';

/** The fallback when the live channel is down: as often as the dashboard's (SPEC 9, 6 s). */
export const clientsPollMs = 6000;
const refreshDelayMs = 150;

/** SPEC 7 GET /admin/clients: every scenario's active learners, or one scenario's. */
export const useClients = (resimId: string | null) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.clients(resimId),
    queryFn: ({ signal }) => api.monitoring.clients(resimId, signal),
    refetchInterval: clientsPollMs,
  });
};

/** The scenarios of the caller's spaces, to pick one from. */
export const useScenarioList = () => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.resims, queryFn: ({ signal }) => api.resims.list(signal) });
};

/** A scenario's content, read when one of its runs is opened, to name its tests and diagnoses. */
export const useScenarioContent = (resimId: string | null) => {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.resimContent(resimId ?? ''),
    queryFn: ({ signal }) => api.resims.get(resimId ?? '', signal),
    enabled: resimId !== null,
  });
};

/**
 * Follows the given scenarios over the console's live channel: a learner's step, joining,
 * connecting or leaving reads the list afresh at once; polling stays the fallback.
 */
export const useClientsLive = (resimIds: readonly string[]) => {
  const api = useApi();
  const queryClient = useQueryClient();
  const live = useRef<ReturnType<typeof createConsoleLive> | null>(null);
  const followed = useRef(resimIds);
  followed.current = resimIds;

  useEffect(() => {
    // Pushes come in bursts (a connection subscribes every scenario at once): one read answers them all.
    let pending: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = null;
        void queryClient.invalidateQueries({ queryKey: ['clients'] });
      }, refreshDelayMs);
    };
    const channel = createConsoleLive({
      socketUrl: consoleSocketAddress(),
      openSocket: (url) => new WebSocket(url),
      accessToken: api.accessToken,
      resimIds: followed.current,
      onPush: (message) => {
        // A new subscription may follow pushes missed while the socket was down.
        if (message.type === 'changed' || message.type === 'status' || message.type === 'subscribed') refresh();
      },
    });
    live.current = channel;
    channel.start();
    return () => {
      if (pending !== null) clearTimeout(pending);
      live.current = null;
      channel.stop();
    };
  }, [api, queryClient]);

  const key = [...resimIds].sort().join(' ');
  useEffect(() => {
    live.current?.follow(followed.current);
  }, [key]);
};
