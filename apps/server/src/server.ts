import { createPostgresBus, liveChannel } from './adapters/live/postgres-bus';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { purgeExpiredPayloads } from './identity/issuer/adapter';
import { systemClock } from './lib/clock';
import { ensureDemoAdmin } from './setup/demo-admin';

const start = async (): Promise<void> => {
  const config = loadConfig();
  const database = createDatabase({ url: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema });
  const { db, dialect } = database;
  await migrateToLatest(database);
  const demo = config.demoSeed ? await ensureDemoAdmin({ db, clock: systemClock, dataDir: config.dataDir }) : undefined;

  let shuttingDown = false;
  const live = config.databaseUrl
    ? await createPostgresBus({
        url: config.databaseUrl,
        channel: liveChannel(database.schema),
        log: { warn: (details, message) => console.warn(message, details) },
      })
    : undefined;
  const app = await buildApp({ config, db, dialect, live, isShuttingDown: () => shuttingDown });
  await app.listen({ port: config.port, host: config.host });
  const purge = setInterval(
    () => void purgeExpiredPayloads(db).catch((error: unknown) => app.log.warn({ err: error }, 'purge failed')),
    60 * 60 * 1000,
  );
  purge.unref();

  console.log(`\n  ${config.productName} is running at ${config.publicUrl}`);
  console.log(`  Database: ${dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL'}`);
  if (config.identity.kind === 'external') console.log(`  Sign-in: ${config.identity.issuer}`);
  else if (demo) console.log(`  Demo sign-in: ${demo.email} / ${demo.password}`);
  console.log(`  API reference: ${config.publicUrl}/api-docs\n`);

  // Graceful shutdown: stop taking requests, finish those in flight, then close the database.
  const stop = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`Port already in use: ${error.message}. Set PORT to a free port.`);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
