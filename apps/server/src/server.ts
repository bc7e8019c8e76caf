import { createPostgresBus, liveChannel } from './adapters/live/postgres-bus';
import { format } from 'node:util';
import pino from 'pino';
import { buildApp, logRedactions } from './app';
import { ConfigError, loadConfig } from './config/config';
import { closeDatabase, createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { oneStartAtATime } from './db/start-lock';
import { purgeExpiredPayloads } from './identity/issuer/adapter';
import { systemClock } from './lib/clock';
import { createMetrics } from './modules/metrics/metrics';
import { ensureDemoAdmin } from './setup/demo-admin';

/** How long the closing itself (after the drain) may take: a Stop under way ends its runs first. */
const forceAfterMs = 30_000;

/** One logger for the whole process, JSON lines from the first: the app's requests log through it too. */
const logger = pino({ redact: logRedactions });
// What libraries write to the console (oidc-provider's notices, a pooled connection that failed)
// comes out as JSON lines of the process too.
console.warn = (...args: unknown[]) => logger.warn(format(...args));
console.info = (...args: unknown[]) => logger.info(format(...args));
const onTerminal = process.stdout.isTTY === true;

const start = async (): Promise<void> => {
  const config = loadConfig();
  logger.level = config.logLevel;
  const metrics = createMetrics();
  const database = createDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
    onConnectionError: (error) => {
      metrics.databaseErrors.inc({ kind: 'connection' });
      logger.warn({ err: error }, 'database connection failed');
    },
  });
  const { db, dialect } = database;
  const demo = await oneStartAtATime(database, async () => {
    await migrateToLatest(database);
    return config.demoSeed ? ensureDemoAdmin({ db, clock: systemClock, dataDir: config.dataDir }) : undefined;
  });

  let shuttingDown = false;
  const live = config.databaseUrl
    ? await createPostgresBus({
        url: config.databaseUrl,
        channel: liveChannel(database.schema),
        db,
        log: logger,
        onHeard: (lagMs) => metrics.fanoutLag.observe(Math.max(0, lagMs) / 1000),
      })
    : undefined;
  const app = await buildApp({ config, db, dialect, live, metrics, loggerInstance: logger, isShuttingDown: () => shuttingDown });
  // A task of the background (a push, a sweep) that failed where nothing waited for it is logged: the
  // process goes on serving, as it does when the database is away for a while.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'a background task failed'));
  await app.listen({ port: config.port, host: config.host });
  const purge = setInterval(
    () => void purgeExpiredPayloads(db).catch((error: unknown) => app.log.warn({ err: error }, 'purge failed')),
    60 * 60 * 1000,
  );
  purge.unref();

  const banner = {
    database: dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL',
    signIn: config.identity.kind === 'external' ? config.identity.issuer : undefined,
    demoSignIn: config.identity.kind !== 'external' && demo ? `${demo.email} / ${demo.password}` : undefined,
    apiReference: `${config.publicUrl}/api-docs`,
  };
  // For a person at a terminal, a few plain lines; for a log collector, one line of JSON like the rest.
  if (onTerminal) {
    console.log(`\n  ${config.productName} is running at ${config.publicUrl}`);
    console.log(`  Database: ${banner.database}`);
    if (banner.signIn) console.log(`  Sign-in: ${banner.signIn}`);
    if (banner.demoSignIn) console.log(`  Demo sign-in: ${banner.demoSignIn}`);
    console.log(`  API reference: ${banner.apiReference}\n`);
  } else {
    app.log.info(banner, `${config.productName} is running at ${config.publicUrl}`);
  }

  // Graceful shutdown: not ready at once (a balancer stops sending work), serving on through the
  // drain, then the sockets closed with 1012 once their steps are stored, the requests in flight
  // finished, and the database closed. A second signal stops at once.
  const stop = async (signal: string) => {
    if (shuttingDown) {
      app.log.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    shuttingDown = true;
    app.log.info({ signal, drainSeconds: config.shutdownDrainMs / 1000 }, 'shutting down');
    clearInterval(purge);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; stopping now');
      process.exit(1);
    }, config.shutdownDrainMs + forceAfterMs);
    force.unref();
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    // A client that stops reading its answer would hold the port open until its connection times out.
    const cutOff = setTimeout(() => app.server.closeAllConnections(), forceAfterMs / 2);
    cutOff.unref();
    await app.close();
    clearTimeout(cutOff);
    await closeDatabase(db);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
};

// A start that fails says why: in words at a terminal, as a log line (with its stack) otherwise.
const explain = (error: unknown): string => {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE')
    return `Port already in use: ${error.message}. Set PORT to a free port.`;
  return `Failed to start: ${error instanceof Error ? error.message : String(error)}`;
};

start().catch((error: unknown) => {
  if (onTerminal) console.error(error instanceof ConfigError || (error instanceof Error && 'code' in error) ? explain(error) : error);
  else logger.fatal({ err: error }, explain(error));
  process.exit(1);
});
