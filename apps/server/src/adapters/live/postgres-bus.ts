import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/database';
import { randomSecret } from '../../lib/ids';
import { createListeners, type LiveBus, type LiveEvent } from './live-bus';

/** One channel per schema, so that products sharing a database do not hear each other. */
export const liveChannel = (schema: string | undefined): string => (schema && schema !== 'public' ? `resim_live_${schema}` : 'resim_live');

type Log = { warn: (details: object, message: string) => void };

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a larger event is sent by its id. */
export const maxNotifyBytes = 7900;
/** How long events are kept for a process that missed them; a listening connection down for longer loses the rest. */
const keepMs = 5 * 60_000;
/** Events stored this long before a lost connection was noticed are read again too (clocks of processes differ a little). */
const replayMarginMs = 5000;
const pruneEveryMs = 60_000;

/** `at`: when it was published (epoch ms, the publisher's clock) */
type Notice = { readonly id: string; readonly at: number; readonly event?: LiveEvent };

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY: every server process on the database listens on one
 * channel, so a learner on one process hears what a presenter sends through another. Each event is
 * stored as it is notified (one statement, through the pool, never on the listening connection):
 * an event over NOTIFY's limit is notified by its id and read from there, and a process whose
 * listening connection failed reads the events of the meantime once it listens again.
 */
export const createPostgresBus = async (options: {
  url: string;
  channel: string;
  db: Database;
  log: Log;
  /** told how long after its publishing each event was heard here */
  onHeard?: (lagMs: number) => void;
}): Promise<LiveBus> => {
  const { db, log } = options;
  const { subscribe, deliver } = createListeners();
  const channel = pg.escapeIdentifier(options.channel);
  /** ids heard, with when, so that an event read again after a reconnect is delivered once */
  const seen = new Map<string, number>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  /** when the listening connection was lost, while it is */
  let lostAt: number | null = null;

  const take = (id: string, event: LiveEvent) => {
    if (seen.has(id)) return;
    seen.set(id, Date.now());
    deliver(event);
  };

  const readStored = async (id: string) => {
    const row = await db.selectFrom('live_events').select('payload').where('id', '=', id).executeTakeFirst();
    if (row) take(id, JSON.parse(row.payload) as LiveEvent);
  };

  const replay = async (since: number) => {
    const rows = await db
      .selectFrom('live_events')
      .select(['id', 'payload'])
      .where('created_at', '>=', since - replayMarginMs)
      .orderBy('created_at')
      .execute();
    for (const row of rows) take(row.id, JSON.parse(row.payload) as LiveEvent);
  };

  const lose = (current: pg.Client, error?: Error) => {
    if (client !== current && client !== null) return;
    if (error) log.warn({ err: error }, 'live channel connection failed; reconnecting');
    client = null;
    lostAt ??= Date.now();
    void current.end().catch(() => undefined);
    reconnect();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    next.on('notification', (note) => {
      if (!note.payload) return;
      try {
        const notice = JSON.parse(note.payload) as Notice;
        options.onHeard?.(Date.now() - notice.at);
        if (notice.event) take(notice.id, notice.event);
        else readStored(notice.id).catch((error: unknown) => log.warn({ err: error }, 'could not read a large live event'));
      } catch (error) {
        log.warn({ err: error }, 'unreadable live event');
      }
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => {
      if (!closed) lose(next);
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
    retryMs = 100;
    if (lostAt !== null) {
      const since = lostAt;
      lostAt = null;
      await replay(since);
    }
  };

  const reconnect = () => {
    if (closed) return;
    setTimeout(() => {
      if (closed || client) return;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'live channel reconnect failed');
        retryMs = Math.min(retryMs * 2, 10_000);
        reconnect();
      });
    }, retryMs).unref();
  };

  const prune = setInterval(() => {
    const before = Date.now() - keepMs;
    for (const [id, at] of seen) if (at < before) seen.delete(id);
    db.deleteFrom('live_events')
      .where('created_at', '<', before)
      .execute()
      .catch((error: unknown) => log.warn({ err: error }, 'could not prune old live events'));
  }, pruneEveryMs);
  prune.unref();

  await connect();
  return {
    publish: async (event) => {
      const id = randomSecret(12);
      const payload = JSON.stringify(event);
      const at = Date.now();
      const whole = `{"id":${JSON.stringify(id)},"at":${at},"event":${payload}}`;
      const notice = Buffer.byteLength(whole) <= maxNotifyBytes ? whole : JSON.stringify({ id, at });
      // Stored and notified in one statement: whoever hears of it can read it.
      await sql`with stored as (insert into live_events (id, payload, created_at) values (${id}, ${payload}, ${at}))
        select pg_notify(${options.channel}, ${notice})`.execute(db);
    },
    subscribe,
    close: async () => {
      closed = true;
      clearInterval(prune);
      const current = client;
      client = null;
      await current?.end();
    },
  };
};
