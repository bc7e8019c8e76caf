import {
  billingPlans,
  isEmailAddress,
  licenceTypeNames,
  normaliseEmail,
  type AllocationsBody,
  type AllocationsResult,
  type BillingCustomer,
  type BillingIntent,
  type BillingSubscription,
  type PlanId,
  type SlotAllocation,
  type SlotUsage,
  type SubscriptionBody,
  type SubscriptionResult,
} from '@resim/contracts';
import type { BillingEvent, BillingProvider } from '../../adapters/billing/billing';
import type { Config } from '../../config/config';
import type { Database, Dialect } from '../../db/database';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error';
import { iso } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { readJson } from '../../lib/json';
import { findLearners } from '../learners/learners.repository';
import { listSpaceUsers, type SpaceContext } from '../spaces/spaces.service';
import * as repo from './billing.repository';

export type BillingContext = SpaceContext & {
  readonly dialect: Dialect;
  readonly config: Pick<Config, 'publicUrl' | 'billing'>;
  readonly billing: BillingProvider;
};

const shownAtMost = 10;
const planOf = (id: string) => billingPlans.find((plan) => plan.plan === id)!;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The free allowance (README, Billing): a space lets `limit` learners have scenarios without a
 * slot of the right plan, counting those given a FreePersonalSlot. Run inside the transaction that
 * changed allocations or slots, so that a refusal leaves nothing changed.
 */
export const requireFreeAllowance = async (
  db: Database,
  dialect: Dialect,
  space: { id: string; description: string },
  limit: number,
): Promise<void> => {
  const count = await repo.countFreeTakers(db, dialect, space.id);
  if (count <= limit) return;
  const names = await repo.someFreeTakers(db, dialect, space.id, shownAtMost);
  const more = count > names.length ? ` and ${count - names.length} more` : '';
  throw conflict(
    `Space "${space.description}" allows ${plural(limit, 'learner')} without a slot of the right plan, and this would make ${count} ` +
      `(${names.join(', ')}${more}); allocate them Engage slots, or Assess or Embed slots for Assessed scenarios, ` +
      'on the Subscriptions page (nothing was changed)',
  );
};

/** SPEC 6: the owner of a space is its billing owner; anyone else finds no billing at all. */
const requireBillingOwner = async (ctx: BillingContext): Promise<void> => {
  if (!(await repo.ownsASpace(ctx.db, ctx.principal.userId))) {
    throw new AppError('not_found', 'Billing not found: billing belongs to the owners of spaces');
  }
};

/** The caller's customer, made with the provider on first use. */
const customerOf = async (ctx: BillingContext) => {
  await requireBillingOwner(ctx);
  const found = await repo.findCustomer(ctx.db, ctx.principal.userId);
  if (found && (found.provider === ctx.billing.kind || ctx.billing.kind === 'embedded')) return found;
  const externalId = await ctx.billing.createCustomer({ email: ctx.principal.email, userId: ctx.principal.userId });
  if (found) {
    // An embedded customer moving to Stripe keeps its subscriptions and slots.
    await repo.setCustomerProvider(ctx.db, found.user_id, ctx.billing.kind, externalId);
  } else {
    await repo.insertCustomer(ctx.db, {
      user_id: ctx.principal.userId,
      provider: ctx.billing.kind,
      external_id: externalId,
      created_at: iso(ctx.clock),
    });
  }
  return (await repo.findCustomer(ctx.db, ctx.principal.userId))!;
};

const toSubscription = (row: { id: string; plan: string; quantity: number; status: string }): BillingSubscription => {
  const plan = planOf(row.plan);
  return { id: row.id, plan: plan.plan, type: plan.type, quantity: row.quantity, status: row.status };
};

const usageOf = async (db: Database, userId: string): Promise<{ subscriptions: BillingSubscription[]; slotUsage: SlotUsage[] }> => {
  const [rows, counts] = await Promise.all([repo.findSubscriptions(db, userId), repo.countSlotsByType(db, userId)]);
  const subscriptions = rows.map(toSubscription).sort((a, b) => a.type - b.type);
  const slotUsage = billingPlans.map((plan) => {
    const allocated = counts.get(plan.type) ?? 0;
    const quantity = subscriptions.find((subscription) => subscription.plan === plan.plan)?.quantity ?? 0;
    return { id: plan.plan, type: plan.type, allocated, quantity, free: Math.max(0, quantity - allocated) };
  });
  return { subscriptions, slotUsage };
};

const toSlot = (row: { space_id: string; email: string; user_id: string | null; type: number; created_at: string }): SlotAllocation => ({
  spaceId: row.space_id,
  email: row.email,
  userId: row.user_id,
  type: row.type as SlotAllocation['type'],
  created: row.created_at,
});

/** GET /admin/billing/customer */
export const getCustomer = async (ctx: BillingContext): Promise<BillingCustomer> => {
  const customer = await customerOf(ctx);
  const userId = ctx.principal.userId;
  const [usage, card, portal, owned, slots, pricing] = await Promise.all([
    usageOf(ctx.db, userId),
    ctx.billing.card(customer.external_id),
    ctx.billing.portalUrl(customer.external_id, `${ctx.config.publicUrl}/subscriptions`),
    repo.findOwnedSpaces(ctx.db, userId),
    repo.findSlots(ctx.db, userId),
    ctx.billing.pricing(),
  ]);
  const spaces = await Promise.all(
    owned.map(async (space) => {
      const [users, learners, freeUsed] = await Promise.all([
        listSpaceUsers(ctx, space.id),
        findLearners(ctx.db, space.id),
        repo.countFreeTakers(ctx.db, ctx.dialect, space.id),
      ]);
      return {
        id: space.id,
        description: space.description,
        users: users.map(({ id, email, name, isOwner }) => ({ id, email, name, isOwner })),
        learners: learners.map((row) => ({ email: row.email, tags: readJson<string[]>(row.tags, []) })),
        freeUsed,
      };
    }),
  );
  return {
    provider: ctx.billing.kind,
    email: ctx.principal.email,
    plans: billingPlans.map((plan) => ({ ...plan })),
    ...pricing,
    subscriptions: usage.subscriptions,
    card,
    slotUsage: usage.slotUsage,
    billingSession: { url: portal },
    freeLearnersPerSpace: ctx.config.billing.freeLearnersPerSpace,
    spaces,
    allocations: slots.map(toSlot),
  };
};

/** GET /admin/billing/intent */
export const createIntent = async (ctx: BillingContext): Promise<BillingIntent> => {
  const customer = await customerOf(ctx);
  return ctx.billing.setupIntent(customer.external_id);
};

/**
 * POST /admin/billing/subscription: sets one plan's quantity (0 ends it). A quantity below the
 * slots of that plan already allocated is refused: they would have nothing behind them.
 */
export const setSubscription = async (ctx: BillingContext, body: SubscriptionBody): Promise<SubscriptionResult> => {
  const customer = await customerOf(ctx);
  const userId = ctx.principal.userId;
  const plan = planOf(body.plan);
  const [current] = (await repo.findSubscriptions(ctx.db, userId)).filter((row) => row.plan === plan.plan);
  const allocated = (await repo.countSlotsByType(ctx.db, userId)).get(plan.type) ?? 0;
  if (body.quantity < allocated) {
    throw conflict(
      `${plural(allocated, `${plan.name} slot`)} ${allocated === 1 ? 'is' : 'are'} allocated; ` +
        `free ${allocated - body.quantity} before lowering the quantity to ${body.quantity}`,
    );
  }
  if (ctx.billing.kind === 'stripe' && !current && body.quantity > 0 && !(await ctx.billing.card(customer.external_id))) {
    throw conflict('Set up a card before buying slots');
  }
  const result = await ctx.billing.setQuantity({
    customer: customer.external_id,
    plan: plan.plan,
    quantity: body.quantity,
    subscription: current?.external_id ?? null,
  });
  if (result.status === 'canceled') await repo.deleteSubscription(ctx.db, userId, plan.plan);
  else {
    await repo.upsertSubscription(ctx.db, {
      id: current?.id ?? newId(),
      user_id: userId,
      plan: plan.plan,
      quantity: body.quantity,
      status: result.status,
      external_id: result.externalId,
      updated_at: iso(ctx.clock),
    });
  }
  return usageOf(ctx.db, userId);
};

type Holder = { spaceId: string; email: string; userId: string | null; type: number };

/** Reads every entry against the spaces the caller owns: a space not theirs is not found; an unknown learner or user is named. */
const readHolders = async (ctx: BillingContext, body: AllocationsBody): Promise<Holder[]> => {
  const owned = new Map((await repo.findOwnedSpaces(ctx.db, ctx.principal.userId)).map((space) => [space.id, space]));
  const bySpace = new Map<string, AllocationsBody['allocations']>();
  for (const entry of body.allocations) {
    if (!owned.has(entry.spaceId)) throw notFound('Space');
    bySpace.set(entry.spaceId, [...(bySpace.get(entry.spaceId) ?? []), entry]);
  }
  const holders: Holder[] = [];
  const problems: string[] = [];
  for (const [spaceId, entries] of bySpace) {
    const users = await listSpaceUsers(ctx, spaceId);
    const learnerEmails = entries.flatMap((entry) => (entry.learner === undefined ? [] : [normaliseEmail(entry.learner)]));
    const learners = await repo.findLearnerEmails(ctx.db, spaceId, learnerEmails);
    // A slot outlives its holder's place in the space: type 0 still frees it.
    const held = await repo.findSpaceSlots(ctx.db, spaceId);
    for (const entry of entries) {
      if (entry.userId !== undefined) {
        const user = users.find((candidate) => candidate.id === entry.userId);
        const slot = entry.type === 0 ? held.find((candidate) => candidate.user_id === entry.userId) : undefined;
        if (user) holders.push({ spaceId, email: user.email, userId: user.id, type: entry.type });
        else if (slot) holders.push({ spaceId, email: slot.email, userId: slot.user_id, type: 0 });
        else problems.push(`user ${entry.userId} is not a user of space ${spaceId}`);
        continue;
      }
      const email = normaliseEmail(entry.learner!);
      const holds = entry.type === 0 && held.some((slot) => slot.email === email);
      if (!isEmailAddress(email)) problems.push(`"${entry.learner}" is not an email address`);
      else if (!learners.has(email) && !holds) problems.push(`${email} is not a learner of space ${spaceId}`);
      else holders.push({ spaceId, email, userId: null, type: entry.type });
    }
  }
  const seen = new Set<string>();
  for (const holder of holders) {
    const key = `${holder.spaceId} ${holder.email}`;
    if (seen.has(key)) problems.push(`${holder.email} is named twice for space ${holder.spaceId}`);
    seen.add(key);
  }
  if (problems.length > 0) {
    const more = problems.length > shownAtMost ? ` and ${problems.length - shownAtMost} more` : '';
    throw badRequest(`${problems.slice(0, shownAtMost).join('; ')}${more} (nothing was changed)`);
  }
  return holders;
};

/**
 * POST /admin/billing/allocation: gives each holder a slot of the type named (0 takes it away).
 * Refused whole when a plan would have more slots allocated than bought, or a space more learners
 * without a slot of the right plan than its free allowance.
 */
export const allocateSlots = async (ctx: BillingContext, body: AllocationsBody): Promise<AllocationsResult> => {
  await requireBillingOwner(ctx);
  const holders = await readHolders(ctx, body);
  const userId = ctx.principal.userId;
  const now = iso(ctx.clock);
  await ctx.db.transaction().execute(async (trx) => {
    for (const holder of holders) {
      if (holder.type === 0) await repo.deleteSlot(trx, holder.spaceId, holder.email);
      else {
        await repo.upsertSlot(trx, {
          space_id: holder.spaceId,
          email: holder.email,
          user_id: holder.userId,
          type: holder.type,
          created_at: now,
        });
      }
    }
    const { slotUsage } = await usageOf(trx, userId);
    for (const usage of slotUsage) {
      if (usage.allocated > usage.quantity) {
        const name = licenceTypeNames[usage.type];
        throw conflict(
          `Only ${plural(usage.quantity, `${name} slot`)} ${usage.quantity === 1 ? 'is' : 'are'} bought and this would allocate ` +
            `${usage.allocated}; raise the ${name} quantity or free ${usage.allocated - usage.quantity} (nothing was changed)`,
        );
      }
    }
    const owned = await repo.findOwnedSpaces(trx, userId);
    for (const spaceId of new Set(holders.map((holder) => holder.spaceId))) {
      await requireFreeAllowance(
        trx,
        ctx.dialect,
        owned.find((space) => space.id === spaceId)!,
        ctx.config.billing.freeLearnersPerSpace,
      );
    }
  });
  const [{ slotUsage }, slots] = await Promise.all([usageOf(ctx.db, userId), repo.findSlots(ctx.db, userId)]);
  return { count: holders.length, slotUsage, allocations: slots.map(toSlot) };
};

/** Stripe's word on a subscription or a card wins: the portal and failed payments change them there. */
/** Stripe sends an event again, if it was not answered, for up to three days. */
const webhookMemoryMs = 4 * 24 * 60 * 60 * 1000;

/** A webhook's event, applied once whatever the deliveries: one handled already (a replay) changes nothing. */
export const handleWebhookEvent = async (
  ctx: { db: Database; clock: BillingContext['clock']; billing: BillingProvider },
  received: { eventId: string; event: BillingEvent },
): Promise<void> => {
  if (await repo.isWebhookEventHandled(ctx.db, received.eventId)) return;
  await applyBillingEvent(ctx, received.event);
  const now = ctx.clock.now();
  await repo.recordWebhookEvent(ctx.db, received.eventId, now.toISOString(), new Date(now.getTime() - webhookMemoryMs).toISOString());
};

const applyBillingEvent = async (
  ctx: { db: Database; clock: BillingContext['clock']; billing: BillingProvider },
  event: BillingEvent,
): Promise<void> => {
  if (event.kind === 'ignored') return;
  const customer = await repo.findCustomerByExternalId(ctx.db, event.customer);
  // Another product's customer on the same Stripe account, or a price that is none of the plans.
  if (!customer) return;
  if (event.kind === 'card') {
    await ctx.billing.setDefaultCard(event.customer, event.paymentMethod);
    return;
  }
  if (!event.plan) return;
  const plan: PlanId = event.plan;
  if (event.status === 'canceled' || event.status === 'incomplete_expired') {
    await repo.deleteSubscriptionByExternalId(ctx.db, event.externalId);
    return;
  }
  const [current] = (await repo.findSubscriptions(ctx.db, customer.user_id)).filter((row) => row.plan === plan);
  await repo.upsertSubscription(ctx.db, {
    id: current?.id ?? newId(),
    user_id: customer.user_id,
    plan,
    quantity: event.quantity,
    status: event.status,
    external_id: event.externalId,
    updated_at: iso(ctx.clock),
  });
};
