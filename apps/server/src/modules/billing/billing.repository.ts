import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database';
import type { BillingCustomersTable, BillingSubscriptionsTable, SlotAllocationsTable } from '../../db/schema';
import { inBatches } from '../learners/learners.repository';

/** Whether a webhook's event was handled already. */
export const isWebhookEventHandled = async (db: Database, id: string): Promise<boolean> =>
  (await db.selectFrom('billing_webhook_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** Notes an event handled, and forgets those older than `forgetBefore`, which Stripe no longer sends. */
export const recordWebhookEvent = async (db: Database, id: string, at: string, forgetBefore: string): Promise<void> => {
  await db
    .insertInto('billing_webhook_events')
    .values({ id, received_at: at })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db.deleteFrom('billing_webhook_events').where('received_at', '<', forgetBefore).execute();
};

export const ownsASpace = async (db: Database, userId: string): Promise<boolean> =>
  (await db.selectFrom('spaces').select('id').where('owner_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;

export const findOwnedSpaces = (db: Database, userId: string) =>
  db.selectFrom('spaces').select(['id', 'description']).where('owner_id', '=', userId).orderBy('description').orderBy('id').execute();

export const findCustomer = (db: Database, userId: string) =>
  db.selectFrom('billing_customers').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const findCustomerByExternalId = (db: Database, externalId: string) =>
  db.selectFrom('billing_customers').selectAll().where('external_id', '=', externalId).executeTakeFirst();

/** Two first requests at once make one customer: the second insert does nothing. */
export const insertCustomer = (db: Database, row: BillingCustomersTable) =>
  db
    .insertInto('billing_customers')
    .values(row)
    .onConflict((c) => c.column('user_id').doNothing())
    .execute();

export const setCustomerProvider = (db: Database, userId: string, provider: string, externalId: string | null) =>
  db.updateTable('billing_customers').set({ provider, external_id: externalId }).where('user_id', '=', userId).execute();

export const findSubscriptions = (db: Database, userId: string) =>
  db.selectFrom('billing_subscriptions').selectAll().where('user_id', '=', userId).execute();

export const upsertSubscription = (db: Database, row: BillingSubscriptionsTable) =>
  db
    .insertInto('billing_subscriptions')
    .values(row)
    .onConflict((c) =>
      c
        .columns(['user_id', 'plan'])
        .doUpdateSet({ quantity: row.quantity, status: row.status, external_id: row.external_id, updated_at: row.updated_at }),
    )
    .execute();

export const deleteSubscription = (db: Database, userId: string, plan: string) =>
  db.deleteFrom('billing_subscriptions').where('user_id', '=', userId).where('plan', '=', plan).execute();

export const deleteSubscriptionByExternalId = (db: Database, externalId: string) =>
  db.deleteFrom('billing_subscriptions').where('external_id', '=', externalId).execute();

/** Paid slots allocated across the spaces a user owns, by licence type. */
export const countSlotsByType = async (db: Database, userId: string): Promise<Map<number, number>> => {
  const rows = await db
    .selectFrom('slot_allocations')
    .innerJoin('spaces', 'spaces.id', 'slot_allocations.space_id')
    .select(['slot_allocations.type', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('spaces.owner_id', '=', userId)
    .groupBy('slot_allocations.type')
    .execute();
  return new Map(rows.map((row) => [row.type, Number(row.count)]));
};

export const findSlots = (db: Database, userId: string) =>
  db
    .selectFrom('slot_allocations')
    .innerJoin('spaces', 'spaces.id', 'slot_allocations.space_id')
    .selectAll('slot_allocations')
    .where('spaces.owner_id', '=', userId)
    .orderBy('slot_allocations.space_id')
    .orderBy('slot_allocations.email')
    .execute();

export const findSpaceSlots = (db: Database, spaceId: string) =>
  db.selectFrom('slot_allocations').selectAll().where('space_id', '=', spaceId).execute();

export const upsertSlot = (db: Database, row: SlotAllocationsTable) =>
  db
    .insertInto('slot_allocations')
    .values(row)
    .onConflict((c) => c.columns(['space_id', 'email']).doUpdateSet({ type: row.type, user_id: row.user_id }))
    .execute();

export const deleteSlot = (db: Database, spaceId: string, email: string) =>
  db.deleteFrom('slot_allocations').where('space_id', '=', spaceId).where('email', '=', email).execute();

/** The learners among those given who are learners of the space. */
export const findLearnerEmails = async (db: Database, spaceId: string, emails: readonly string[]): Promise<Set<string>> => {
  const found = new Set<string>();
  await inBatches(emails, async (batch) => {
    const rows = await db
      .selectFrom('space_learners')
      .select('email')
      .where('space_id', '=', spaceId)
      .where('email', 'in', batch)
      .execute();
    for (const row of rows) found.add(row.email);
  });
  return found;
};

/**
 * The learners of a space who take one of its free places: those with a FreePersonalSlot, and
 * those given a scenario their slot's plan does not cover (or with no slot at all). A scenario in
 * Assessed mode needs Assess or Embed; any other needs Engage or better. The scenarios' needs are
 * read once per scenario, not once per allocation.
 */
const freeTakers = (dialect: Dialect, spaceId: string) => {
  const assessed = dialect === 'postgres' ? sql`(document::jsonb ->> 'mode') = '4'` : sql`json_extract(document, '$.mode') = 4`;
  return sql`with needs as materialized (
      select id, case when ${assessed} then 3 else 2 end as plan from resims where space_id = ${spaceId}
    )
    select allocations.email as email from allocations
      join needs on needs.id = allocations.resim_id
      left join slot_allocations slot on slot.space_id = allocations.space_id and slot.email = allocations.email
      where allocations.space_id = ${spaceId} and (slot.type is null or slot.type < needs.plan)
    union
    select email from slot_allocations where space_id = ${spaceId} and type = 1`;
};

export const countFreeTakers = async (db: Database, dialect: Dialect, spaceId: string): Promise<number> => {
  const row = await sql<{ count: string | number }>`select count(*) as count from (${freeTakers(dialect, spaceId)}) takers`
    .execute(db)
    .then((result) => result.rows[0]);
  return Number(row?.count ?? 0);
};

export const someFreeTakers = async (db: Database, dialect: Dialect, spaceId: string, limit: number): Promise<string[]> =>
  (
    await sql<{ email: string }>`select email from (${freeTakers(dialect, spaceId)}) takers order by email limit ${limit}`.execute(db)
  ).rows.map((row) => row.email);
