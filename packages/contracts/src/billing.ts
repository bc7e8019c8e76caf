import { LicenceType } from '@resim/domain';
import { z } from 'zod';

/**
 * Billing (SPEC 2, 7, 9): the owner of a space is its billing owner. Their customer holds one
 * subscription per plan, whose quantity is the number of slots of that plan they may allocate to
 * the learners and users of the spaces they own.
 */

/**
 * SPEC 9: the paid plans and their prices, each per slot. SPEC's text gives no currency or period:
 * the customer's answer says them (currency, interval), from Stripe's Prices or the settings.
 */
export const billingPlans = [
  { plan: 'engage', name: 'Engage', type: LicenceType.Engage, price: 1.8 },
  { plan: 'assess', name: 'Assess', type: LicenceType.Assess, price: 4.5 },
  { plan: 'embed', name: 'Embed', type: LicenceType.Embed, price: 8.2 },
] as const;
export const planIds = ['engage', 'assess', 'embed'] as const;
export type PlanId = (typeof planIds)[number];

/** The periods a price may be for: Stripe's recurring intervals (the embedded billing takes month or year). */
export const billingIntervals = ['day', 'week', 'month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/** SPEC 5 and 9: a subscription's quantity is 0 to 999 inclusive. */
export const minQuantity = 0;
export const maxQuantity = 999;
/** The most slot allocations one request may change. */
export const maxSlotAllocationsPerRequest = 1000;

/** SPEC 6: licence types 0 to 4 (Unlicensed 0, FreePersonalSlot 1, Engage 2, Assess 3, Embed 4). */
export const licenceTypes = [0, 1, 2, 3, 4] as const;
export const licenceTypeNames = { 0: 'Unlicensed', 1: 'Free personal slot', 2: 'Engage', 3: 'Assess', 4: 'Embed' } as const;

const planId = z.enum(planIds, { error: `plan is one of ${planIds.join(', ')}` });
const paidType = z.union([z.literal(2), z.literal(3), z.literal(4)]);
const licenceType = z
  .number({ error: 'type is a licence type: 0 Unlicensed, 1 FreePersonalSlot, 2 Engage, 3 Assess, 4 Embed' })
  .int('type is a whole number from 0 to 4')
  .min(0, 'type is a licence type from 0 to 4 (0 Unlicensed, 1 FreePersonalSlot, 2 Engage, 3 Assess, 4 Embed)')
  .max(4, 'type is a licence type from 0 to 4 (0 Unlicensed, 1 FreePersonalSlot, 2 Engage, 3 Assess, 4 Embed)');

export const billingPlan = z.object({ plan: planId, name: z.string(), type: paidType, price: z.number() }).meta({ id: 'BillingPlan' });
export type BillingPlan = z.infer<typeof billingPlan>;

export const billingSubscription = z
  .object({
    id: z.string(),
    plan: planId,
    type: paidType,
    quantity: z.number().int(),
    /** 'active', or the payment provider's status ('incomplete', 'past_due', 'canceled'…) */
    status: z.string(),
  })
  .meta({ id: 'BillingSubscription' });
export type BillingSubscription = z.infer<typeof billingSubscription>;

export const billingCard = z
  .object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
  .meta({ id: 'BillingCard' });
export type BillingCard = z.infer<typeof billingCard>;

/** SPEC 3 Billing customer: slotUsage [{id, allocated, type}], one line per paid plan. */
export const slotUsage = z
  .object({
    /** the plan's id */
    id: planId,
    type: paidType,
    /** slots of this plan allocated across the owner's spaces */
    allocated: z.number().int(),
    /** slots bought: the subscription's quantity (0 without one) */
    quantity: z.number().int(),
    /** quantity less allocated, never below 0 */
    free: z.number().int(),
  })
  .meta({ id: 'SlotUsage' });
export type SlotUsage = z.infer<typeof slotUsage>;

/** One slot held in a space: by a learner's email, or by a space user (who also holds it by their email). */
export const slotAllocation = z
  .object({
    spaceId: z.string(),
    email: z.string(),
    /** set when a space user holds the slot */
    userId: z.string().nullable(),
    type: z.union([z.literal(1), paidType]),
    created: z.string(),
  })
  .meta({ id: 'SlotAllocation' });
export type SlotAllocation = z.infer<typeof slotAllocation>;

/** A space the owner bills for, with what the allocation grid shows. */
export const billingSpace = z
  .object({
    id: z.string(),
    description: z.string(),
    users: z.array(z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), isOwner: z.boolean() })),
    learners: z.array(z.object({ email: z.string(), tags: z.array(z.string()) })),
    /** learners counted against the free allowance now (see freeLearnersPerSpace) */
    freeUsed: z.number().int(),
  })
  .meta({ id: 'BillingSpace' });
export type BillingSpace = z.infer<typeof billingSpace>;

/** GET /admin/billing/customer */
export const billingCustomer = z
  .object({
    provider: z.enum(['embedded', 'stripe']),
    email: z.string(),
    plans: z.array(billingPlan),
    currency: z
      .string()
      .describe(
        "ISO 4217 code, upper case, of the plans' prices: the currency of Stripe's Prices with Stripe, BILLING_CURRENCY otherwise (USD by default) and while Stripe's cannot be read",
      ),
    interval: z
      .enum(billingIntervals)
      .describe(
        "The period a plan's price pays for, each slot: the recurring interval of Stripe's Prices with Stripe, BILLING_INTERVAL otherwise (month by default) and while Stripe's cannot be read",
      ),
    intervalCount: z
      .number()
      .int()
      .min(1)
      .describe("How many intervals one period spans (Stripe's interval_count, as 3 with month for a quarter); 1 without Stripe"),
    subscriptions: z.array(billingSubscription),
    /** the card on file; null when there is none (always with the embedded provider) */
    card: billingCard.nullable(),
    slotUsage: z.array(slotUsage),
    /** SPEC 2: the customer portal, opened in a new window; url null when the provider has none (embedded) */
    billingSession: z.object({ url: z.string().nullable() }),
    /**
     * Learners of a space who may have scenarios without a slot of the right plan (a
     * FreePersonalSlot counts against it too).
     */
    freeLearnersPerSpace: z.number().int(),
    spaces: z.array(billingSpace),
    allocations: z.array(slotAllocation),
  })
  .meta({ id: 'BillingCustomer' });
export type BillingCustomer = z.infer<typeof billingCustomer>;
/** What the plans' prices are in: a currency, and the period each pays for. */
export type BillingPricing = Pick<BillingCustomer, 'currency' | 'interval' | 'intervalCount'>;

/** POST /admin/billing/subscription: sets the quantity of one plan; 0 ends its subscription. */
export const subscriptionBody = z.strictObject({
  plan: planId,
  quantity: z
    .number({ error: `quantity is a whole number from ${minQuantity} to ${maxQuantity}` })
    .int(`quantity is a whole number from ${minQuantity} to ${maxQuantity}`)
    .min(minQuantity, `quantity is a whole number from ${minQuantity} to ${maxQuantity}`)
    .max(maxQuantity, `quantity is a whole number from ${minQuantity} to ${maxQuantity}`),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

export const subscriptionResult = z
  .object({ subscriptions: z.array(billingSubscription), slotUsage: z.array(slotUsage) })
  .meta({ id: 'SubscriptionResult' });
export type SubscriptionResult = z.infer<typeof subscriptionResult>;

/** GET /admin/billing/intent: a card setup for the payment provider's card form (Stripe Elements). */
export const billingIntent = z
  .object({
    /** the SetupIntent's client_secret; null when no card is needed (embedded) */
    client_secret: z.string().nullable(),
    cardRequired: z.boolean(),
    /** the provider's publishable key for its card form; null when no card is needed */
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'BillingIntent' });
export type BillingIntent = z.infer<typeof billingIntent>;

/**
 * POST /admin/billing/allocation: gives each learner (by email) or space user (by id) a slot of
 * a space; type 0 (Unlicensed) takes their slot away.
 */
export const slotAllocationEntry = z
  .strictObject({
    spaceId: z.string().min(1).max(100),
    learner: z.string().max(320).optional(),
    userId: z.string().min(1).max(100).optional(),
    type: licenceType,
  })
  .refine(
    (entry) => (entry.learner === undefined) !== (entry.userId === undefined),
    'name one holder: a learner (by email) or a userId, not both',
  );
export const allocationsBody = z.strictObject({
  allocations: z
    .array(slotAllocationEntry)
    .min(1, 'name at least one allocation')
    .max(maxSlotAllocationsPerRequest, `at most ${maxSlotAllocationsPerRequest} allocations per request`),
});
export type AllocationsBody = z.infer<typeof allocationsBody>;

export const allocationsResult = z
  .object({ count: z.number().int(), slotUsage: z.array(slotUsage), allocations: z.array(slotAllocation) })
  .meta({ id: 'SlotAllocationsResult' });
export type AllocationsResult = z.infer<typeof allocationsResult>;
