import type { JoinInfo } from '@resim/contracts';
import { useEffect, useState } from 'react';
import { useLearnerApi } from '../../api/api-context';

export type JoinInfoState =
  | { readonly state: 'pending' }
  | { readonly state: 'failed'; readonly error: Error; readonly retry: () => void }
  | { readonly state: 'ready'; readonly data: JoinInfo };

/**
 * What a join code leads to, for the page a phone opens first: one request, asked again every
 * `lockedRecheckMs` while the lobby is locked (it may open at any moment), and again on retry.
 * Plain state rather than the query cache the later screens use: the join page is the player's
 * first download, and the cache's library would be a tenth of it.
 */
export const useJoinInfo = (code: string, signedIn: boolean, lockedRecheckMs: number): JoinInfoState => {
  const api = useLearnerApi();
  const [round, setRound] = useState(0);
  const [found, setFound] = useState<
    | { readonly state: 'pending' }
    | { readonly state: 'failed'; readonly error: Error }
    | { readonly state: 'ready'; readonly data: JoinInfo }
  >({ state: 'pending' });

  useEffect(() => {
    const controller = new AbortController();
    api.learn.joinInfo(code, signedIn, controller.signal).then(
      (data) => setFound({ state: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setFound({ state: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [api, code, signedIn, round]);

  const locked = found.state === 'ready' && found.data.locked;
  useEffect(() => {
    if (!locked) return;
    const timer = setTimeout(() => setRound((count) => count + 1), lockedRecheckMs);
    return () => clearTimeout(timer);
  }, [locked, round, lockedRecheckMs]);

  if (found.state !== 'failed') return found;
  return {
    ...found,
    retry: () => {
      setFound({ state: 'pending' });
      setRound((count) => count + 1);
    },
  };
};
