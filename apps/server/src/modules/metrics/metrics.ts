import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the gauges read when scraped: the parts of the app that hold the figures. */
export type MetricSources = {
  readonly learnerSockets: () => number;
  readonly consoleSockets: () => number;
  /** PostgreSQL's connection pool; undefined on SQLite */
  readonly pool: () => { total: number; idle: number; waiting: number } | undefined;
  /** emails of the outbox by status */
  readonly outbox: () => Promise<readonly { status: string; count: number }[]>;
};

const seconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics, in a registry of its own (one per app: tests build several in
 * one process). Node's own (event-loop lag, heap, GC, handles) come with prom-client's defaults.
 */
export const createMetrics = () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let sources: MetricSources | undefined;

  const httpDuration = new Histogram({
    name: 'resim_http_request_duration_seconds',
    help: 'HTTP requests by route pattern and status, and how long they took to answer',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: seconds,
    registers,
  });
  const steps = new Counter({
    name: 'resim_steps_total',
    help: "Learners' steps taken over sockets, by outcome (ok, refused: the engine or the run said no, failed: the server could not)",
    labelNames: ['outcome'] as const,
    registers,
  });
  const stepDuration = new Histogram({
    name: 'resim_step_duration_seconds',
    help: "From a learner's step arriving to its answer being sent, stored first",
    buckets: seconds,
    registers,
  });
  const fanoutLag = new Histogram({
    name: 'resim_live_fanout_lag_seconds',
    help: 'From a live event being published by any process to this process hearing it',
    buckets: seconds,
    registers,
  });
  const uploadBytes = new Counter({ name: 'resim_upload_bytes_total', help: 'Bytes of files uploaded and stored', registers });
  const databaseErrors = new Counter({
    name: 'resim_database_errors_total',
    help: 'Database connections that failed, and requests or steps refused while the database was unavailable',
    labelNames: ['kind'] as const,
    registers,
  });

  new Gauge({
    name: 'resim_live_sockets',
    help: 'Sockets this process holds, by kind (learner, console)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      if (!sources) return;
      this.set({ kind: 'learner' }, sources.learnerSockets());
      this.set({ kind: 'console' }, sources.consoleSockets());
    },
  });
  new Gauge({
    name: 'resim_database_pool_connections',
    help: "PostgreSQL pool's connections, by state (total, idle, waiting: queries waiting for one)",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources?.pool();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'resim_outbox_messages',
    help: 'Emails in the outbox, by status (queued, sending, sent, failed)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      if (!sources) return;
      this.reset();
      for (const row of await sources.outbox()) this.set({ status: row.status }, row.count);
    },
  });

  return {
    registry,
    /** Tells the gauges where to read, once the parts holding the figures exist. */
    watch: (given: MetricSources) => {
      sources = given;
    },
    httpDuration,
    steps,
    stepDuration,
    fanoutLag,
    uploadBytes,
    databaseErrors,
  };
};

export type Metrics = ReturnType<typeof createMetrics>;
