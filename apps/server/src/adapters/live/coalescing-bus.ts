import type { LiveBus, LiveEvent } from './live-bus';

type Log = { warn: (details: object, message: string) => void };

/** Changed runs named by one event at most, so that it stays far within PostgreSQL's 8,000-byte NOTIFY. */
const maxIdsPerEvent = 200;

type Gathered = { resimId: string; origin: string | undefined; gameIds: Set<string>; presence: boolean };

/**
 * The live bus with news of changed runs and of connections gathered for a moment: a session of
 * thousands of learners stepping at once tells every process, and every console, a few times a
 * second rather than once per step (DESIGN 6). Everything else goes out at once, as before.
 */
export const createCoalescingBus = (bus: LiveBus, options: { windowMs: number; log: Log }): LiveBus => {
  const gathered = new Map<string, Gathered>();
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    timer = null;
    const pending = [...gathered.values()];
    gathered.clear();
    for (const entry of pending) {
      const ids = [...entry.gameIds];
      for (let at = 0; at < ids.length; at += maxIdsPerEvent) {
        const gameIds = ids.slice(at, at + maxIdsPerEvent);
        send({ kind: 'games', resimId: entry.resimId, gameIds, ...(entry.origin ? { origin: entry.origin } : {}) });
      }
      if (entry.presence) send({ kind: 'presence', resimId: entry.resimId });
    }
  };
  const send = (event: LiveEvent) => {
    bus.publish(event).catch((error: unknown) => options.log.warn({ err: error }, 'could not tell the other processes of changed runs'));
  };
  const gather = (resimId: string, origin: string | undefined): Gathered => {
    const key = `${resimId}\u0000${origin ?? ''}`;
    let entry = gathered.get(key);
    if (!entry) {
      entry = { resimId, origin, gameIds: new Set(), presence: false };
      gathered.set(key, entry);
    }
    timer ??= setTimeout(flush, options.windowMs);
    return entry;
  };

  return {
    publish: (event) => {
      if (event.kind === 'games') {
        const entry = gather(event.resimId, event.origin);
        for (const id of event.gameIds) entry.gameIds.add(id);
        return Promise.resolve();
      }
      if (event.kind === 'presence') {
        gather(event.resimId, undefined).presence = true;
        return Promise.resolve();
      }
      return bus.publish(event);
    },
    subscribe: bus.subscribe,
    close: async () => {
      if (timer) clearTimeout(timer);
      flush();
      await bus.close();
    },
  };
};
