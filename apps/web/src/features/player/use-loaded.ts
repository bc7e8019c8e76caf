import { useEffect, useRef, useState } from 'react';

export type Loaded<T> =
  | { readonly state: 'pending' }
  | { readonly state: 'failed'; readonly error: Error; readonly retry: () => void }
  | { readonly state: 'ready'; readonly data: T };

type Found<T> =
  { readonly state: 'pending' } | { readonly state: 'failed'; readonly error: Error } | { readonly state: 'ready'; readonly data: T };

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * What the player reads from the API: asked when `key` changes (what was shown stays until the
 * new answer), again every `refreshMs(data)` milliseconds while that says so, and again on retry.
 * Plain state rather than the console's query cache: the player's pages read a thing or two each,
 * and a phone should not download the cache's library for them.
 */
export const useLoaded = <T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: readonly unknown[],
  options: { readonly initial?: T | undefined; readonly refreshMs?: (data: T) => number | null } = {},
): Loaded<T> => {
  const [round, setRound] = useState(0);
  const [found, setFound] = useState<Found<T>>(
    options.initial === undefined ? { state: 'pending' } : { state: 'ready', data: options.initial },
  );
  // The latest functions, without asking again each time a caller passes new ones.
  const latest = useRef({ load, refreshMs: options.refreshMs });
  latest.current = { load, refreshMs: options.refreshMs };

  useEffect(() => {
    const controller = new AbortController();
    latest.current.load(controller.signal).then(
      (data) => setFound({ state: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setFound({ state: 'failed', error: asError(error) });
      },
    );
    return () => controller.abort();
    // `key` names what is asked for; `round` asks again.
  }, [...key, round]);

  const refreshMs = found.state === 'ready' ? (latest.current.refreshMs?.(found.data) ?? null) : null;
  useEffect(() => {
    if (refreshMs === null) return;
    const timer = setTimeout(() => setRound((count) => count + 1), refreshMs);
    return () => clearTimeout(timer);
  }, [refreshMs, round]);

  if (found.state !== 'failed') return found;
  return {
    ...found,
    retry: () => {
      setFound({ state: 'pending' });
      setRound((count) => count + 1);
    },
  };
};
