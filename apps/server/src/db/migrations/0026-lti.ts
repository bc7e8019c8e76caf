import type { Kysely } from 'kysely';

/**
 * LTI 1.3: the learning platforms registered in a space (each an issuer and the client id it gave
 * this tool), the logins under way (state and nonce, kept here rather than in a cookie, which a
 * platform's frame may not get), the course contexts seen at launch (their roster's address), the
 * platform's gradebook column each launched run reports to, and the scores queued for it: one per
 * run, so a run is never graded twice.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('lti_platforms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('deployment_ids', 'text', (c) => c.notNull())
    .addColumn('auth_login_url', 'text', (c) => c.notNull())
    .addColumn('token_url', 'text', (c) => c.notNull())
    .addColumn('jwks_url', 'text', (c) => c.notNull())
    .addColumn('registered_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_platforms_client').unique().on('lti_platforms').columns(['issuer', 'client_id']).execute();
  await db.schema.createIndex('lti_platforms_space').on('lti_platforms').columns(['space_id', 'created_at']).execute();
  await db.schema
    .createTable('lti_logins')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_logins_expiry').on('lti_logins').column('expires_at').execute();
  await db.schema
    .createTable('lti_contexts')
    .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('context_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('memberships_url', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_contexts_pk', ['platform_id', 'context_id'])
    .execute();
  await db.schema
    .createTable('lti_run_links')
    .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
    .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('lineitem', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lti_scores')
    .addColumn('game_id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('platform_id', 'text', (c) => c.notNull())
    .addColumn('lineitem', 'text', (c) => c.notNull())
    .addColumn('score', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('claim_token', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_scores_due').on('lti_scores').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('lti_scores_space').on('lti_scores').columns(['space_id', 'status']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('lti_scores').execute();
  await db.schema.dropTable('lti_run_links').execute();
  await db.schema.dropTable('lti_contexts').execute();
  await db.schema.dropTable('lti_logins').execute();
  await db.schema.dropTable('lti_platforms').execute();
};
