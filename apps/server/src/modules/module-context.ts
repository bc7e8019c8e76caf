import type { EmailSender } from '../adapters/email/email';
import type { LiveBus } from '../adapters/live/live-bus';
import type { Config } from '../config/config';
import type { Database, Dialect } from '../db/database';
import type { AuthCache } from '../identity/auth-cache';
import type { Clock } from '../lib/clock';

/** What every resource module is given when the app is built. */
export type ModuleContext = {
  readonly config: Config;
  readonly db: Database;
  readonly dialect: Dialect;
  readonly clock: Clock;
  readonly email: EmailSender;
  readonly authCache: AuthCache;
  /** live session fan-out between server processes */
  readonly live: LiveBus;
};
