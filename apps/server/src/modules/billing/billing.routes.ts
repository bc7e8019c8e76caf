import {
  allocationsBody,
  allocationsResult,
  billingCustomer,
  billingIntent,
  errorBody,
  subscriptionBody,
  subscriptionResult,
} from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingProvider } from '../../adapters/billing/billing';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import * as billing from './billing.service';

type BillingRoutesContext = ModuleContext & { readonly billing: BillingProvider };

const tags = ['Billing'];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };

/** SPEC 7 Billing: the owner's customer, subscriptions, card setup and slot allocations. */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesContext> = async (app, ctx) => {
  const billingCtx = (request: Parameters<typeof authOf>[0]): billing.BillingContext => ({
    db: ctx.db,
    dialect: ctx.dialect,
    clock: ctx.clock,
    config: ctx.config,
    billing: ctx.billing,
    principal: authOf(request).principal,
  });

  app.get(
    '/admin/billing/customer',
    {
      schema: {
        tags,
        summary: "The billing owner's customer: plans, subscriptions, card, slots and the spaces to allocate them in",
        response: { 200: billingCustomer, ...errors },
      },
    },
    (request) => billing.getCustomer(billingCtx(request)),
  );

  app.post(
    '/admin/billing/subscription',
    {
      schema: {
        tags,
        summary: "Set a plan's quantity, 0 to 999 (0 ends its subscription)",
        body: subscriptionBody,
        response: { 200: subscriptionResult, ...errors },
      },
    },
    (request) => billing.setSubscription(billingCtx(request), request.body),
  );

  app.get(
    '/admin/billing/intent',
    {
      schema: {
        tags,
        summary: "A card setup's client_secret for the card form; the embedded billing needs no card",
        response: { 200: billingIntent, ...errors },
      },
    },
    (request) => billing.createIntent(billingCtx(request)),
  );

  app.post(
    '/admin/billing/allocation',
    {
      schema: {
        tags,
        summary: 'Give learners or space users slots of a licence type (0 takes a slot away)',
        body: allocationsBody,
        response: { 200: allocationsResult, ...errors },
      },
    },
    (request) => billing.allocateSlots(billingCtx(request), request.body),
  );
};

/**
 * POST /billing/webhook: Stripe's events, read from the raw body its signature covers, so this
 * route keeps the body as bytes and lives outside the signed-in API.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<BillingRoutesContext> = async (app, ctx) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/billing/webhook',
    {
      schema: {
        tags,
        summary: "Stripe's events on subscriptions and cards (signature checked)",
        response: { 200: z.object({ received: z.literal(true) }), 400: errorBody },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const received = ctx.billing.readWebhook(body, Array.isArray(signature) ? signature[0] : signature);
      await billing.handleWebhookEvent({ db: ctx.db, clock: ctx.clock, billing: ctx.billing }, received);
      return { received: true as const };
    },
  );
};
