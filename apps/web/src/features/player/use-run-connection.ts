import type { GameSnapshot, SessionMessage } from '@resim/contracts';
import type { LearnerEvent } from '@resim/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLearnerApi } from '../../api/api-context';
import type { RunToken } from '../../api/client';
import { createRunConnection, type ConnectionStatus, type RunConnection } from './run-connection';

export type LiveRun = {
  readonly snapshot: GameSnapshot;
  /** when the snapshot arrived, on this browser's clock: auto-time measures tick from here */
  readonly receivedAt: number;
  readonly status: ConnectionStatus;
  /** presenter messages that arrived while the run was open, oldest first, not yet dismissed */
  readonly unread: readonly SessionMessage[];
  readonly dismiss: (messageId: string) => void;
  readonly send: (event: LearnerEvent) => Promise<GameSnapshot>;
  readonly refresh: () => void;
};

const socketAddress = (gameId: string, token: string): string => {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ game: gameId, token });
  return `${protocol}//${window.location.host}/learn/socket?${query.toString()}`;
};

/**
 * Keeps a run up to date for as long as it is on screen (see run-connection): over the socket,
 * or HTTP while the socket is down; straight back when the browser is online again, and fetched
 * again when the tab comes back to the front.
 */
export const useRunConnection = (options: {
  readonly gameId: string;
  readonly runToken: RunToken;
  readonly initial: GameSnapshot;
  readonly accessToken: () => Promise<string>;
}): LiveRun => {
  const api = useLearnerApi();
  const { gameId, runToken, accessToken } = options;
  const [state, setState] = useState({ snapshot: options.initial, receivedAt: Date.now() });
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [unread, setUnread] = useState<readonly SessionMessage[]>([]);
  const connection = useRef<RunConnection | null>(null);
  const latest = useRef(options.initial);

  useEffect(() => {
    const opened = createRunConnection(latest.current, {
      socketUrl: async () => socketAddress(gameId, runToken ?? (await accessToken())),
      openSocket: (url) => new WebSocket(url),
      fetchSnapshot: () => api.learn.game(gameId, runToken),
      postEvent: (event) => api.learn.event(gameId, event, runToken),
      onSnapshot: (snapshot) => {
        latest.current = snapshot;
        setState({ snapshot, receivedAt: Date.now() });
      },
      onMessage: (message) => setUnread((shown) => [...shown, message]),
      onStatus: setStatus,
    });
    connection.current = opened;
    setStatus('connecting');
    opened.start();
    const online = () => opened.reconnectNow();
    const visible = () => {
      if (document.visibilityState === 'visible') void opened.refresh();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      opened.stop();
      connection.current = null;
    };
  }, [accessToken, api, gameId, runToken]);

  const send = useCallback((event: LearnerEvent): Promise<GameSnapshot> => {
    const current = connection.current;
    return current ? current.send(event) : Promise.reject(new Error('The simulation is not connected'));
  }, []);
  const refresh = useCallback(() => void connection.current?.refresh(), []);
  const dismiss = useCallback((messageId: string) => setUnread((shown) => shown.filter((message) => message.id !== messageId)), []);

  return { ...state, status, unread, dismiss, send, refresh };
};
