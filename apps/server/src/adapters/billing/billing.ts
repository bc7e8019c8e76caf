import type { BillingCard, BillingIntent, BillingPricing, PlanId } from '@resim/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingConfig } from '../../config/config';
import type { Clock } from '../../lib/clock';
import { createEmbeddedBilling } from './embedded-billing';
import { createStripeBilling } from './stripe-billing';

/** A subscription as the provider holds it after a change; ended ones answer status 'canceled'. */
export type ProviderSubscription = { readonly externalId: string | null; readonly status: string };

/** What a webhook told: a subscription's state, or a card set up for a customer. */
export type BillingEvent =
  | {
      readonly kind: 'subscription';
      readonly customer: string;
      readonly externalId: string;
      readonly plan: PlanId | undefined;
      readonly quantity: number;
      readonly status: string;
    }
  | { readonly kind: 'card'; readonly customer: string; readonly paymentMethod: string }
  | { readonly kind: 'ignored'; readonly type: string };

/**
 * Who takes payment for subscriptions: nobody (the embedded default keeps them in the database)
 * or Stripe. Customers are named by the provider's id, null with the embedded one.
 */
export type BillingProvider = {
  readonly kind: 'embedded' | 'stripe';
  readonly createCustomer: (customer: { email: string; userId: string }) => Promise<string | null>;
  readonly card: (customer: string | null) => Promise<BillingCard | null>;
  /** SPEC 2: the customer portal's address; null when there is none */
  readonly portalUrl: (customer: string | null, returnUrl: string) => Promise<string | null>;
  readonly setupIntent: (customer: string | null) => Promise<BillingIntent>;
  readonly setQuantity: (change: {
    customer: string | null;
    plan: PlanId;
    quantity: number;
    /** the provider's id of the plan's subscription, when there is one */
    subscription: string | null;
  }) => Promise<ProviderSubscription>;
  /** a webhook's event and its id, its signature and time checked; throws when either does not hold */
  readonly readWebhook: (rawBody: Buffer, signature: string | undefined) => { readonly eventId: string; readonly event: BillingEvent };
  readonly setDefaultCard: (customer: string, paymentMethod: string) => Promise<void>;
  /**
   * What the plans' prices are in. Never throws: when the provider cannot say, the settings
   * (BILLING_CURRENCY, BILLING_INTERVAL) answer, so that the billing page still loads.
   */
  readonly pricing: () => Promise<BillingPricing>;
};

export type BillingDependencies = { readonly log: Pick<FastifyBaseLogger, 'warn'>; readonly clock: Clock };

export const createBillingProvider = async (config: BillingConfig, dependencies: BillingDependencies): Promise<BillingProvider> => {
  const configured: BillingPricing = { currency: config.currency, interval: config.interval, intervalCount: 1 };
  return config.stripe ? createStripeBilling(config.stripe, { ...dependencies, configured }) : createEmbeddedBilling(configured);
};
