import { billingIntervals, planIds, type BillingInterval, type BillingPricing, type PlanId } from '@resim/contracts';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config/config';
import { AppError, badRequest, conflict } from '../../errors/app-error';
import type { BillingDependencies, BillingEvent, BillingProvider } from './billing';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's refusals reach the owner as a 4xx naming them; Stripe out of reach is a 503. */
const callingWith =
  (errors: typeof Stripe.errors) =>
  async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof errors.StripeCardError || error instanceof errors.StripeInvalidRequestError) {
        throw conflict(`The payment provider refused: ${error.message}`);
      }
      if (error instanceof errors.StripeError) {
        throw new AppError('unavailable', `The payment provider could not be reached: ${error.message}`);
      }
      throw error;
    }
  };

/** Stripe's own tolerance for a webhook's signed time (five minutes), held both ways. */
const webhookToleranceSeconds = 300;

const requireCustomer = (customer: string | null): string => {
  // Every owner's customer is made at Stripe while Stripe billing is on; one made before is not there.
  if (customer === null) throw conflict('This billing customer was made before Stripe billing was set up; it has no Stripe customer');
  return customer;
};

const isBillingInterval = (interval: string): interval is BillingInterval => (billingIntervals as readonly string[]).includes(interval);

/**
 * A Price's currency and period as the console says them; null for a one-time Price, which no
 * subscription takes, or an interval Stripe may add later that the console cannot say.
 */
const pricingOf = ({ currency, recurring }: Stripe.Price): BillingPricing | null =>
  recurring && isBillingInterval(recurring.interval)
    ? { currency: currency.toUpperCase(), interval: recurring.interval, intervalCount: recurring.interval_count }
    : null;
const sameAs = (a: BillingPricing) => (b: BillingPricing) =>
  a.currency === b.currency && a.interval === b.interval && a.intervalCount === b.intervalCount;

/** After Stripe's Prices could not be read, the settings answer for this long before they are asked again. */
const pricingRetryMs = 60_000;

/**
 * Stripe through its official SDK: customers, subscriptions, card setup, the customer portal,
 * webhooks, and the plans' currency and period from their Prices.
 */
export const createStripeBilling = async (
  config: StripeConfig,
  { configured, log, clock }: BillingDependencies & { readonly configured: BillingPricing },
): Promise<BillingProvider> => {
  // Loaded only where Stripe billing is set up: ≈ 4 MB of heap a process would otherwise carry.
  const { default: Stripe } = await import('stripe');
  const calling = callingWith(Stripe.errors);
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    ...(api
      ? {
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
        }
      : {}),
    telemetry: false,
  });
  const planOfPrice = new Map<string, PlanId>((Object.entries(config.prices) as [PlanId, string][]).map(([plan, price]) => [price, plan]));

  const readSubscription = (subscription: Stripe.Subscription): BillingEvent => {
    const item = subscription.items.data[0];
    return {
      kind: 'subscription',
      customer: idOf(subscription.customer)!,
      externalId: subscription.id,
      plan: item ? planOfPrice.get(item.price.id) : undefined,
      quantity: item?.quantity ?? 0,
      status: subscription.status,
    };
  };

  /** What a Stripe event says that the product keeps. */
  const toBillingEvent = (event: Stripe.Event): BillingEvent => {
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return readSubscription(event.data.object);
      case 'setup_intent.succeeded': {
        const customer = idOf(event.data.object.customer);
        const paymentMethod = idOf(event.data.object.payment_method);
        return customer && paymentMethod ? { kind: 'card', customer, paymentMethod } : { kind: 'ignored', type: event.type };
      }
      default:
        return { kind: 'ignored', type: event.type };
    }
  };

  /** The plans' Prices read at Stripe: one that is not recurring is left out, and the settings answer when none is. */
  const readPricing = async (): Promise<BillingPricing> => {
    // Every read settled before the answer, so that none is still retrying when Stripe is asked again.
    const settled = await Promise.allSettled(planIds.map((plan) => stripe.prices.retrieve(config.prices[plan])));
    const read = settled.map((result, index) => {
      if (result.status === 'rejected') throw result.reason;
      return { plan: planIds[index]!, pricing: pricingOf(result.value) };
    });
    const unsaid = read.filter((entry) => entry.pricing === null).map((entry) => `${entry.plan} (${config.prices[entry.plan]})`);
    if (unsaid.length > 0)
      log.warn({ prices: unsaid }, `Stripe's Price of ${unsaid.join(', ')} is not recurring by day, week, month or year: it is left out`);
    const recurring = read.flatMap((entry) => (entry.pricing ? [entry.pricing] : []));
    const [first] = recurring;
    if (!first) return configured;
    if (!recurring.every(sameAs(first)))
      log.warn(
        { prices: read.map((entry) => ({ plan: entry.plan, price: config.prices[entry.plan], ...entry.pricing })) },
        `Stripe's Prices of the plans differ in currency or period; the console says the first's (${first.currency}, ${first.intervalCount} ${first.interval})`,
      );
    return first;
  };
  // A Price's currency and period never change at Stripe (another Price is made instead), so they
  // are read once. A failure is not kept: the settings answer meanwhile, and Stripe is asked again
  // a minute later rather than on every page.
  let pricing: Promise<BillingPricing> | undefined;
  let failedAt: number | undefined;
  const currentPricing = (): Promise<BillingPricing> => {
    if (pricing) return pricing;
    if (failedAt !== undefined && clock.now().getTime() - failedAt < pricingRetryMs) return Promise.resolve(configured);
    const reading = readPricing().catch((error: unknown) => {
      pricing = undefined;
      failedAt = clock.now().getTime();
      log.warn({ err: error }, "Stripe's Prices could not be read: the console says BILLING_CURRENCY and BILLING_INTERVAL meanwhile");
      return configured;
    });
    pricing = reading;
    return reading;
  };

  return {
    kind: 'stripe',
    createCustomer: async ({ email, userId }) => (await calling(() => stripe.customers.create({ email, metadata: { userId } }))).id,
    card: async (customer) => {
      const methods = await calling(() => stripe.customers.listPaymentMethods(requireCustomer(customer), { type: 'card', limit: 1 }));
      const card = methods.data[0]?.card;
      return card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null;
    },
    portalUrl: async (customer, returnUrl) =>
      (await calling(() => stripe.billingPortal.sessions.create({ customer: requireCustomer(customer), return_url: returnUrl }))).url,
    setupIntent: async (customer) => {
      const intent = await calling(() =>
        stripe.setupIntents.create({ customer: requireCustomer(customer), allowed_payment_method_types: ['card'], usage: 'off_session' }),
      );
      return { client_secret: intent.client_secret, cardRequired: true, publishableKey: config.publishableKey };
    },
    setQuantity: async ({ customer, plan, quantity, subscription }) => {
      if (subscription === null) {
        if (quantity === 0) return { externalId: null, status: 'canceled' };
        const created = await calling(() =>
          stripe.subscriptions.create({
            customer: requireCustomer(customer),
            items: [{ price: config.prices[plan], quantity }],
            metadata: { plan },
          }),
        );
        return { externalId: created.id, status: created.status };
      }
      if (quantity === 0) {
        const canceled = await calling(() => stripe.subscriptions.cancel(subscription));
        return { externalId: canceled.id, status: canceled.status };
      }
      const current = await calling(() => stripe.subscriptions.retrieve(subscription));
      const item = current.items.data[0];
      const updated = await calling(() =>
        stripe.subscriptions.update(subscription, {
          items: [item ? { id: item.id, quantity } : { price: config.prices[plan], quantity }],
        }),
      );
      return { externalId: updated.id, status: updated.status };
    },
    readWebhook: (rawBody, signature) => {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret, webhookToleranceSeconds);
      } catch (error) {
        throw badRequest(`The webhook's signature does not hold: ${(error as Error).message}`);
      }
      // The SDK refuses a signature too old, not one from the future (made ahead, to be replayed later).
      const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature ?? '')?.[1]);
      if (signedAt * 1000 > Date.now() + webhookToleranceSeconds * 1000)
        throw badRequest("The webhook's signature does not hold: its timestamp is in the future");
      return { eventId: event.id, event: toBillingEvent(event) };
    },
    setDefaultCard: async (customer, paymentMethod) => {
      await calling(() => stripe.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethod } }));
    },
    pricing: currentPricing,
  };
};
