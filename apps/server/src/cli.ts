import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config/config';
import { closeDatabase, createDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { oneStartAtATime } from './db/start-lock';
import { AppError } from './errors/app-error';
import { createPasswordLink, invitationLinkTtlMs, resetLinkTtlMs } from './identity/issuer/password-reset';
import { systemClock } from './lib/clock';
import { resetMfa } from './modules/mfa/mfa.service';
import { createToken } from './modules/tokens/tokens.service';
import { findUserByEmail, updateUser } from './modules/users/users.repository';
import { createUser } from './modules/users/users.service';
import { demoAdminEmail } from './setup/demo-admin';
import { backUp, BackupError } from './setup/backup';
import { seedDemo } from './setup/seed';

const usage = `Usage: npm run cli -- <command>

  user create --email E --password P [--groups a,b] [--name N]
                            create a user of the embedded sign-in (groups may be empty)
  user link --email E        print a one-use link by which the user chooses a password: with no SMTP
                            server configured, the outbox hides such links, so this is how to hand one over
  user verify --email E      count the user's email address as proved: their sign-in asks for no emailed
                            code (following the link above does not prove it, as it did not come by email)
  token create --email E [--name N]
                            create an API token; prints only the token on its last line
  mfa reset --email E       turn off a user's multi-factor sign-in (lost phone and recovery codes)
  migrate                   bring the database to the latest version
  seed [--email E]          add a demo space and scenario owned by E (default ${demoAdminEmail})
  backup --to DIR           copy the SQLite database and the uploaded files into DIR (new or empty),
                            safe while the server runs; on PostgreSQL, use pg_dump for the database

Works on the same configuration as the server (DATA_DIR, DATABASE_URL, ...).`;

class UsageError extends Error {}

const required = (values: Record<string, string | undefined>, name: string): string => {
  const value = values[name];
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
};

const run = async (database: DatabaseHandle, args: string[], config: Config): Promise<void> => {
  const { publicUrl } = config;
  const { db } = database;
  const [command, sub, ...rest] = args;
  const parse = (list: string[]) =>
    parseArgs({
      args: list,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        groups: { type: 'string' },
        name: { type: 'string' },
        to: { type: 'string' },
      },
      strict: true,
    }).values;

  if (command === 'migrate') {
    const { applied } = await oneStartAtATime(database, () => migrateToLatest(database));
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
    return;
  }
  await oneStartAtATime(database, () => migrateToLatest(database));
  if (command === 'user' && sub === 'create') {
    const values = parse(rest);
    const user = await createUser({
      db,
      clock: systemClock,
      email: required(values, 'email'),
      password: required(values, 'password'),
      groups: values.groups ?? '',
      name: values.name,
    });
    console.log(`Created user ${user.email} (${user.id})`);
    return;
  }
  if (command === 'user' && sub === 'link') {
    const email = required(parse(rest), 'email');
    const user = await findUserByEmail(db, email);
    if (!user) throw new UsageError(`No user with email ${email}`);
    if (user.external_subject) throw new UsageError(`${email} signs in through the external issuer, which keeps their password`);
    // A first password is chosen days later, as from an invitation; a forgotten one within the hour.
    const ttlMs = user.password_hash ? resetLinkTtlMs : invitationLinkTtlMs;
    // Printed, not emailed: following it does not prove the user's address.
    console.log(await createPasswordLink({ db, clock: systemClock, userId: user.id, ttlMs, publicUrl }));
    return;
  }
  if (command === 'user' && sub === 'verify') {
    const email = required(parse(rest), 'email');
    const user = await findUserByEmail(db, email);
    if (!user) throw new UsageError(`No user with email ${email}`);
    if (user.email_verified_at) {
      console.log(`${user.email} is already proved; nothing changed`);
      return;
    }
    const now = systemClock.now().toISOString();
    await updateUser(db, user.id, { email_verified_at: now, updated_at: now });
    console.log(`${user.email} counts as proved; their sign-in asks for no emailed code`);
    return;
  }
  if (command === 'token' && sub === 'create') {
    const values = parse(rest);
    const email = required(values, 'email');
    const user = await findUserByEmail(db, email);
    if (!user) throw new UsageError(`No user with email ${email}`);
    const token = await createToken({ db, clock: systemClock, userId: user.id, name: values.name ?? 'Command line' });
    console.log(token.token);
    return;
  }
  if (command === 'mfa' && sub === 'reset') {
    const email = required(parse(rest), 'email');
    const { removed } = await resetMfa({ db, email });
    console.log(
      removed
        ? `Multi-factor sign-in of ${email} is off; they sign in with their password and can set it up again`
        : `${email} had no multi-factor sign-in; nothing changed`,
    );
    return;
  }
  if (command === 'backup') {
    const to = required(parse(sub === undefined ? rest : [sub, ...rest]), 'to');
    const report = await backUp(database, config.storage, to).catch((error: unknown) => {
      throw error instanceof BackupError ? new UsageError(error.message) : error;
    });
    const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
    console.log(
      [
        report.database === 'pg_dump'
          ? 'The database is PostgreSQL: back it up with pg_dump (see the deployment guide).'
          : `Database: ${megabytes(report.database)} into ${to}/resim.sqlite`,
        report.files === 'S3' ? 'Files are in S3: the bucket keeps them.' : `Files: ${report.files} into ${to}/files`,
        `${megabytes(report.bytes)} in all`,
      ].join('\n'),
    );
    return;
  }
  if (command === 'seed') {
    const values = parse(sub === undefined ? rest : [sub, ...rest]);
    const email = values.email ?? demoAdminEmail;
    const owner = await findUserByEmail(db, email);
    if (!owner) throw new UsageError(`No user with email ${email}; create one first with "user create"`);
    const { spaceId, resimId } = await seedDemo({ db, clock: systemClock, owner });
    console.log(`Seeded space ${spaceId} with scenario ${resimId}`);
    return;
  }
  throw new UsageError(command ? `Unknown command: ${[command, sub].filter(Boolean).join(' ')}` : 'No command given');
};

const main = async (): Promise<number> => {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === 'help' || args.includes('--help')) {
    console.log(usage);
    return args.length === 0 ? 1 : 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const database = createDatabase({ url: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema });
  try {
    await run(database, args, config);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(`Error: ${error.message}\n\n${usage}`);
      return 2;
    }
    if (error instanceof AppError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await closeDatabase(database.db);
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
