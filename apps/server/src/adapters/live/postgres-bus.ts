import pg from 'pg';
import { createListeners, type LiveBus, type LiveEvent } from './live-bus';

/** One channel per schema, so that products sharing a database do not hear each other. */
export const liveChannel = (schema: string | undefined): string => (schema && schema !== 'public' ? `resim_live_${schema}` : 'resim_live');

type Log = { warn: (details: object, message: string) => void };

// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; presenter messages are far smaller.
const maxPayload = 7900;

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY: every server process on the database listens on one
 * channel, so a learner on one process hears what a presenter sends through another. The
 * listening connection is re-opened after a failure; events published meanwhile are lost, which
 * the player's polling covers.
 */
export const createPostgresBus = async (options: { url: string; channel: string; log: Log }): Promise<LiveBus> => {
  const { subscribe, deliver } = createListeners();
  const channel = pg.escapeIdentifier(options.channel);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', (note) => {
      if (!note.payload) return;
      try {
        deliver(JSON.parse(note.payload) as LiveEvent);
      } catch (error) {
        options.log.warn({ err: error }, 'unreadable live event');
      }
    });
    next.on('error', (error) => {
      options.log.warn({ err: error }, 'live channel connection failed; reconnecting');
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      reconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
    retryMs = 100;
  };

  const reconnect = () => {
    if (closed) return;
    setTimeout(() => {
      if (closed || client) return;
      connect().catch((error: unknown) => {
        options.log.warn({ err: error }, 'live channel reconnect failed');
        retryMs = Math.min(retryMs * 2, 10_000);
        reconnect();
      });
    }, retryMs).unref();
  };

  await connect();
  return {
    publish: async (event) => {
      const payload = JSON.stringify(event);
      const bytes = Buffer.byteLength(payload);
      if (bytes > maxPayload) throw new Error(`live event too large to send (${bytes} bytes)`);
      if (!client) throw new Error('the live channel is reconnecting');
      await client.query('SELECT pg_notify($1, $2)', [options.channel, payload]);
    },
    subscribe,
    close: async () => {
      closed = true;
      const current = client;
      client = null;
      await current?.end();
    },
  };
};
