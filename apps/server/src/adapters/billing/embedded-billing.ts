import type { BillingPricing } from '@resim/contracts';
import { badRequest } from '../../errors/app-error';
import type { BillingProvider } from './billing';

/** The default: subscriptions and slots live in the database only, and nothing is paid. */
export const createEmbeddedBilling = (pricing: BillingPricing): BillingProvider => ({
  kind: 'embedded',
  createCustomer: async () => null,
  card: async () => null,
  portalUrl: async () => null,
  setupIntent: async () => ({ client_secret: null, cardRequired: false, publishableKey: null }),
  setQuantity: async ({ quantity }) => ({ externalId: null, status: quantity === 0 ? 'canceled' : 'active' }),
  readWebhook: () => {
    throw badRequest('Billing webhooks come from Stripe, and this server bills without it (STRIPE_SECRET_KEY is not set)');
  },
  setDefaultCard: async () => undefined,
  pricing: async () => pricing,
});
