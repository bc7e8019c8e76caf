import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';

/** A durable queue's worker in the server process: it works through what is due, batch by batch. */
export type ClaimLoop = {
  /** looks for due items now, e.g. right after one is queued */
  readonly kick: () => void;
  /** works through everything due now, and resolves when done */
  readonly drain: () => Promise<void>;
  /** finishes the batch in hand, then stops */
  readonly stop: () => Promise<void>;
};

export type ClaimLoopOptions = {
  readonly clock: Clock;
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
  /** what the log says when a batch fails, e.g. 'email delivery' */
  readonly what: string;
  /** claims one batch of due items and handles it; answers how many it claimed */
  readonly runBatch: () => Promise<number>;
  /** when the next item waiting for a retry falls due (ISO time), or null when none waits */
  readonly nextAttemptAt: () => Promise<string | null>;
  /** how often to look for due items when not kicked: retries, and items other processes queued */
  readonly pollMs?: number;
};

/**
 * Runs batches until a claim finds nothing (under contention a short batch does not mean the
 * queue is empty), then sleeps until the next retry falls due or the next poll, whichever is first.
 * A kick during a run makes it look once more before it sleeps.
 */
export const createClaimLoop = (options: ClaimLoopOptions): ClaimLoop => {
  const { clock, log } = options;
  const pollMs = options.pollMs ?? 5000;
  let running: Promise<void> | null = null;
  let kickedWhileRunning = false;
  let stopped = false;
  // A retry due before the next poll wakes the loop itself.
  let wakeTimer: NodeJS.Timeout | undefined;

  const wakeForNextRetry = async () => {
    const next = await options.nextAttemptAt();
    const inMs = next === null ? Infinity : Date.parse(next) - clock.now().getTime();
    clearTimeout(wakeTimer);
    if (stopped || inMs >= pollMs) return;
    wakeTimer = setTimeout(kick, Math.max(0, inMs));
    wakeTimer.unref();
  };

  const run = async () => {
    for (;;) {
      kickedWhileRunning = false;
      const claimed = await options.runBatch();
      if (stopped) return;
      if (claimed === 0 && !kickedWhileRunning) return wakeForNextRetry();
    }
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      kickedWhileRunning = true;
      return;
    }
    running = run()
      .catch((error: unknown) => log.warn({ err: error }, `${options.what} stopped for now; it goes on at the next poll`))
      .finally(() => {
        running = null;
      });
  };

  const poll = setInterval(kick, pollMs);
  poll.unref();

  return {
    kick,
    drain: async () => {
      kick();
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      clearTimeout(wakeTimer);
      await running;
    },
  };
};
