import type { LiveBus } from '../adapters/live/live-bus';
import type { FileStore } from '../adapters/storage/storage';
import type { Config } from '../config/config';
import type { Database, Dialect } from '../db/database';
import type { AuthCache } from '../identity/auth-cache';
import type { Clock } from '../lib/clock';
import type { Metrics } from './metrics/metrics';
import type { StatementQueue } from './learning-records/statement-queue';
import type { EmailSender } from './outbox/email-queue';

/** What every resource module is given when the app is built. */
export type ModuleContext = {
  readonly config: Config;
  readonly db: Database;
  readonly dialect: Dialect;
  readonly clock: Clock;
  /** queues email in the outbox; the delivery worker sends it */
  readonly email: EmailSender;
  /** makes the xAPI statements of runs' steps; the statement sender sends them to each space's LRS */
  readonly statements: StatementQueue;
  readonly authCache: AuthCache;
  /** live session fan-out between server processes */
  readonly live: LiveBus;
  /** uploaded files: under DATA_DIR, or S3 */
  readonly files: FileStore;
  readonly metrics: Metrics;
};
