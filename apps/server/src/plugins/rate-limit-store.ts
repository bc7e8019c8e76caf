import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Database, Dialect } from '../db/database';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, counted?: Counted) => void;
type RouteOptions = { routeInfo: { method: string; url: string } };

/** Expired windows are cleared now and then, not on every count. */
const pruneEveryMs = 60_000;

/**
 * A store for @fastify/rate-limit that counts in the database (PostgreSQL), so that every process
 * of a deployment shares one count per key: a fixed window per key, counted and read in one
 * statement. The plugin makes it with its settings and a child per route.
 */
export const databaseRateStore = (db: Database) => {
  let prunedAt = 0;
  const prune = (now: number) => {
    if (now - prunedAt < pruneEveryMs) return;
    prunedAt = now;
    void db
      .deleteFrom('rate_limits')
      .where('reset_at', '<', now)
      .execute()
      .catch(() => undefined);
  };

  return class DatabaseRateStore {
    constructor(
      _settings?: unknown,
      private readonly prefix = '',
    ) {}

    // The plugin passes the route's window after the callback, though its types do not say so.
    incr(key: string, done: Done, timeWindow = 60_000): void {
      const now = Date.now();
      prune(now);
      const id = this.prefix + key;
      sql<{ hits: number; reset_at: number }>`
        insert into rate_limits (key, hits, reset_at) values (${id}, 1, ${now + timeWindow})
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= ${now} then ${now + timeWindow} else rate_limits.reset_at end
        returning hits, reset_at`
        .execute(db)
        .then(
          ({ rows: [row] }) => done(null, { current: Number(row!.hits), ttl: Math.max(0, Number(row!.reset_at) - now) }),
          (error: Error) => done(error),
        );
    }

    // Each route counts apart, as the plugin's Redis store does: by the route it names in `routeInfo`.
    child(route: unknown): DatabaseRateStore {
      const info = (route as RouteOptions).routeInfo;
      return new DatabaseRateStore(undefined, `${this.prefix}${info.method}${info.url}-`);
    }
  };
};

/**
 * Where rate limits count: in Redis when REDIS_URL is set (ioredis, with the plugin's own store),
 * in PostgreSQL when several processes may share it, in the process's memory on SQLite.
 */
export const rateLimitStorage = async (
  settings: { redisUrl: string | undefined },
  db: Database,
  dialect: Dialect,
): Promise<{ options: Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace'>; close: () => Promise<void> }> => {
  if (settings.redisUrl) {
    const { Redis } = await import('ioredis');
    // A count that cannot be made fails the request at once (503) rather than waiting for Redis to come back.
    const redis = new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    await redis.connect();
    return {
      options: { redis, nameSpace: 'resim-rate-' },
      close: async () => {
        await redis.quit().catch(() => undefined);
      },
    };
  }
  if (dialect === 'postgres') return { options: { store: databaseRateStore(db) }, close: () => Promise.resolve() };
  return { options: {}, close: () => Promise.resolve() };
};
