import type { Kysely } from 'kysely';

/**
 * Billing: a space owner's customer (embedded, or at Stripe), their subscription to each plan
 * and the slots they allocate in their spaces, held by email (a learner's or a space user's).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('billing_customers')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.unique())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('billing_subscriptions_plan', ['user_id', 'plan'])
    .execute();

  await db.schema
    .createTable('slot_allocations')
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('slot_allocations_pk', ['space_id', 'email'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('slot_allocations').execute();
  await db.schema.dropTable('billing_subscriptions').execute();
  await db.schema.dropTable('billing_customers').execute();
};
