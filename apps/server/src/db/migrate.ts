import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001-initial';
import * as scenarioRevisions from './migrations/0002-scenario-revisions';
import * as runs from './migrations/0003-runs';
import * as email from './migrations/0004-email';
import * as learners from './migrations/0005-learners';
import * as lockedOpenings from './migrations/0006-locked-openings';
import * as scenarioPriority from './migrations/0007-scenario-priority';
import * as mfa from './migrations/0008-mfa';
import * as emailVerification from './migrations/0009-email-verification';
import * as activeRuns from './migrations/0010-active-runs';
import * as presenterViews from './migrations/0011-presenter-views';
import * as flowCounts from './migrations/0012-flow-counts';
import * as uploads from './migrations/0013-uploads';
import * as billing from './migrations/0014-billing';
import * as runConnections from './migrations/0015-run-connections';
import * as nicknameKeys from './migrations/0016-nickname-keys';
import * as openingOrder from './migrations/0017-opening-order';
import * as liveEvents from './migrations/0018-live-events';
import * as rateLimits from './migrations/0019-rate-limits';
import * as messagesOnce from './migrations/0020-messages-once';
import * as webhookEvents from './migrations/0021-webhook-events';
import * as learnerEmail from './migrations/0022-learner-email';
import * as memberAcceptance from './migrations/0023-member-acceptance';
import * as learningRecords from './migrations/0024-learning-records';
import * as lmsLaunches from './migrations/0025-lms-launches';
import * as lti from './migrations/0026-lti';
import * as scenarioHistory from './migrations/0027-scenario-history';
import * as certificates from './migrations/0028-certificates';
import * as accommodations from './migrations/0029-accommodations';
import * as emailAttachments from './migrations/0030-email-attachments';
import * as sentAttachments from './migrations/0031-sent-attachments';
import * as reportEmails from './migrations/0032-report-emails';

/** Migrations are imported, not read from disk, so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-scenario-revisions': scenarioRevisions,
  '0003-runs': runs,
  '0004-email': email,
  '0005-learners': learners,
  '0006-locked-openings': lockedOpenings,
  '0007-scenario-priority': scenarioPriority,
  '0008-mfa': mfa,
  '0009-email-verification': emailVerification,
  '0010-active-runs': activeRuns,
  '0011-presenter-views': presenterViews,
  '0012-flow-counts': flowCounts,
  '0013-uploads': uploads,
  '0014-billing': billing,
  '0015-run-connections': runConnections,
  '0016-nickname-keys': nicknameKeys,
  '0017-opening-order': openingOrder,
  '0018-live-events': liveEvents,
  '0019-rate-limits': rateLimits,
  '0020-messages-once': messagesOnce,
  '0021-webhook-events': webhookEvents,
  '0022-learner-email': learnerEmail,
  '0023-member-acceptance': memberAcceptance,
  '0024-learning-records': learningRecords,
  '0025-lms-launches': lmsLaunches,
  '0026-lti': lti,
  '0027-scenario-history': scenarioHistory,
  '0028-certificates': certificates,
  '0029-accommodations': accommodations,
  '0030-email-attachments': emailAttachments,
  '0031-sent-attachments': sentAttachments,
  '0032-report-emails': reportEmails,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export type MigrationReport = { applied: string[] };

export const migrateToLatest = async <T>(handle: { db: Kysely<T>; schema: string | undefined }): Promise<MigrationReport> => {
  // Naming the schema keeps the migrator from mistaking another schema's bookkeeping tables
  // for its own (it looks tables up across all schemas).
  const migrator = new Migrator({ db: handle.db, provider, ...(handle.schema ? { migrationTableSchema: handle.schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
};
