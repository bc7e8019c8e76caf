import type { PlanId } from '@resim/contracts';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config/config';
import { AppError, badRequest, conflict } from '../../errors/app-error';
import type { BillingEvent, BillingProvider } from './billing';

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

/** Stripe through its official SDK: customers, subscriptions, card setup, the customer portal and webhooks. */
export const createStripeBilling = async (config: StripeConfig): Promise<BillingProvider> => {
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
  };
};
