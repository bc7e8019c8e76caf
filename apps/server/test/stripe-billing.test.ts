import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingCustomer, BillingIntent, SubscriptionResult } from '@resim/contracts';
import { createStripeBilling } from '../src/adapters/billing/stripe-billing';
import { systemClock } from '../src/lib/clock';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

type Problem = { code: string; message: string };
/** One request the SDK made: its form-encoded body read back into fields. */
type Seen = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  authorization: string | undefined;
};

const secretKey = 'sk_test_resim';
const webhookSecret = 'whsec_resim_test';
const prices = { engage: 'price_engage', assess: 'price_assess', embed: 'price_embed' };
/** What a Price says of its currency and period; recurring null for a one-time Price. */
type PriceTerms = { currency: string; recurring: { interval: string; interval_count: number } | null };
const stripeSettings = {
  STRIPE_SECRET_KEY: secretKey,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_resim',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_PRICE_ENGAGE: prices.engage,
  STRIPE_PRICE_ASSESS: prices.assess,
  STRIPE_PRICE_EMBED: prices.embed,
};

/**
 * A stand-in for api.stripe.com answering the calls the adapter makes, as Stripe does: JSON
 * objects for form-encoded requests, errors in Stripe's shape for anything else.
 */
const startStripeApi = async () => {
  const seen: Seen[] = [];
  let customers = 0;
  const state = {
    card: false,
    quantity: 0,
    status: 'active',
    failing: null as null | { status: number; error: object },
    /** every Price's terms, unless `prices` names its own */
    price: { currency: 'eur', recurring: { interval: 'month', interval_count: 1 } } as PriceTerms,
    prices: {} as Record<string, PriceTerms>,
    /** Prices out of reach: their requests are cut off unanswered */
    pricesUnreachable: false,
  };
  const subscription = () => ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: state.status,
    items: {
      object: 'list',
      data: [{ id: 'si_1', object: 'subscription_item', price: { id: prices.assess, object: 'price' }, quantity: state.quantity }],
    },
  });
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.test');
      const body = Object.fromEntries(new URLSearchParams(raw));
      // Every customer but the first answers as the first does, under its own id.
      const route = `${request.method} ${url.pathname.replace(/\/cus_\d+/, '/cus_1')}`;
      seen.push({
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        authorization: request.headers.authorization,
      });
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
        response.end(JSON.stringify(value));
      };
      if (state.failing && route !== 'GET /v1/customers/cus_1/payment_methods')
        return send(state.failing.status, { error: state.failing.error });
      const priceId = /^GET \/v1\/prices\/([\w-]+)$/.exec(route)?.[1];
      if (priceId !== undefined) {
        if (state.pricesUnreachable) return request.socket.destroy();
        const terms = state.prices[priceId] ?? state.price;
        return send(200, {
          id: priceId,
          object: 'price',
          active: true,
          type: terms.recurring ? 'recurring' : 'one_time',
          unit_amount: 180,
          ...terms,
          recurring: terms.recurring && { ...terms.recurring, usage_type: 'licensed' },
        });
      }
      switch (route) {
        case 'POST /v1/customers':
          return send(200, { id: `cus_${(customers += 1)}`, object: 'customer', email: body.email });
        case 'POST /v1/customers/cus_1':
          return send(200, { id: 'cus_1', object: 'customer' });
        case 'GET /v1/customers/cus_1/payment_methods':
          return send(200, {
            object: 'list',
            url: '/v1/customers/cus_1/payment_methods',
            has_more: false,
            data: state.card
              ? [
                  {
                    id: 'pm_1',
                    object: 'payment_method',
                    type: 'card',
                    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
                  },
                ]
              : [],
          });
        case 'POST /v1/billing_portal/sessions':
          return send(200, {
            id: 'bps_1',
            object: 'billing_portal.session',
            customer: body.customer,
            url: 'https://billing.stripe.test/p/session/bps_1',
          });
        case 'POST /v1/setup_intents':
          return send(200, {
            id: 'seti_1',
            object: 'setup_intent',
            customer: body.customer,
            client_secret: 'seti_1_secret_abc',
            status: 'requires_payment_method',
          });
        case 'POST /v1/subscriptions':
          state.quantity = Number(body['items[0][quantity]']);
          return send(200, subscription());
        case 'GET /v1/subscriptions/sub_1':
          return send(200, subscription());
        case 'POST /v1/subscriptions/sub_1':
          state.quantity = Number(body['items[0][quantity]']);
          return send(200, subscription());
        case 'DELETE /v1/subscriptions/sub_1':
          state.status = 'canceled';
          return send(200, subscription());
        default:
          return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe.each(dialects)('Stripe billing through the stripe SDK on %s', (dialect) => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof startStripeApi>>;
  let owner: TestUser;
  const stripe = new Stripe(secretKey);

  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: owner.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const requests = (method: string, path: string) => api.seen.filter((seen) => seen.method === method && seen.path === path);
  const webhook = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      payload,
    });
  };
  const subscriptionEvent = (type: string, quantity: number, status = 'active') => ({
    id: `evt_${type}_${quantity}`,
    object: 'event',
    type,
    data: {
      object: {
        id: 'sub_1',
        object: 'subscription',
        customer: 'cus_1',
        status,
        items: {
          object: 'list',
          data: [{ id: 'si_1', object: 'subscription_item', price: { id: prices.assess, object: 'price' }, quantity }],
        },
      },
    },
  });

  beforeAll(async () => {
    api = await startStripeApi();
    t = await createTestApp(dialect, { ...stripeSettings, STRIPE_API_URL: api.url });
    owner = await t.user('owner@example.test');
    await call('POST', '/admin/space', { description: 'Cardiology' });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });
  beforeEach(() => {
    api.seen.length = 0;
  });

  it("makes the owner a Stripe customer once, and shows their card, a customer portal session and the currency and period of the plans' Prices", async () => {
    const first = await call<BillingCustomer>('GET', '/admin/billing/customer');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      provider: 'stripe',
      card: null,
      billingSession: { url: 'https://billing.stripe.test/p/session/bps_1' },
      plans: [
        { plan: 'engage', price: 1.8 },
        { plan: 'assess', price: 4.5 },
        { plan: 'embed', price: 8.2 },
      ],
      currency: 'EUR',
      interval: 'month',
      intervalCount: 1,
    });
    for (const price of Object.values(prices)) expect(requests('GET', `/v1/prices/${price}`)).toHaveLength(1);
    expect(requests('POST', '/v1/customers')).toEqual([
      expect.objectContaining({
        body: { email: 'owner@example.test', 'metadata[userId]': owner.user.id },
        authorization: `Bearer ${secretKey}`,
      }),
    ]);
    expect(requests('POST', '/v1/billing_portal/sessions')[0]!.body).toEqual({
      customer: 'cus_1',
      return_url: 'http://localhost:8080/subscriptions',
    });
    expect(requests('GET', '/v1/customers/cus_1/payment_methods')[0]!.query).toEqual({ type: 'card', limit: '1' });

    api.state.card = true;
    api.seen.length = 0;
    const again = await call<BillingCustomer>('GET', '/admin/billing/customer');
    expect(again.body.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031 });
    expect(again.body).toMatchObject({ currency: 'EUR', interval: 'month', intervalCount: 1 });
    expect(requests('POST', '/v1/customers')).toEqual([]);
    // A Price's currency and period never change at Stripe: read once.
    expect(api.seen.filter((seen) => seen.path.startsWith('/v1/prices/'))).toEqual([]);
    api.state.card = false;
  });

  it("lets the console load Stripe's card form: its script, frames and API", async () => {
    const policy = (await t.app.inject({ url: '/healthz' })).headers['content-security-policy'] as string;
    expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com;/);
    // 'self' too: uploaded PDFs are shown in frames from the product's own /files.
    expect(policy).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(policy).toMatch(/connect-src [^;]* https:\/\/api\.stripe\.com/);
  });

  it("answers a SetupIntent's client_secret for the card form", async () => {
    const intent = await call<BillingIntent>('GET', '/admin/billing/intent');
    expect(intent.body).toEqual({ client_secret: 'seti_1_secret_abc', cardRequired: true, publishableKey: 'pk_test_resim' });
    expect(requests('POST', '/v1/setup_intents')[0]!.body).toEqual({
      customer: 'cus_1',
      'allowed_payment_method_types[0]': 'card',
      usage: 'off_session',
    });
  });

  it('asks for a card before the first subscription, then creates, updates and cancels it at Stripe', async () => {
    const noCard = await call<Problem>('POST', '/admin/billing/subscription', { plan: 'assess', quantity: 30 });
    expect(noCard.status).toBe(409);
    expect(noCard.body.message).toBe('Set up a card before buying slots');
    expect(requests('POST', '/v1/subscriptions')).toEqual([]);

    api.state.card = true;
    const created = await call<SubscriptionResult>('POST', '/admin/billing/subscription', { plan: 'assess', quantity: 30 });
    expect(created.status).toBe(200);
    expect(created.body.subscriptions).toMatchObject([{ plan: 'assess', quantity: 30, status: 'active' }]);
    expect(requests('POST', '/v1/subscriptions')[0]!.body).toEqual({
      customer: 'cus_1',
      'items[0][price]': prices.assess,
      'items[0][quantity]': '30',
      'metadata[plan]': 'assess',
    });

    api.seen.length = 0;
    const updated = await call<SubscriptionResult>('POST', '/admin/billing/subscription', { plan: 'assess', quantity: 45 });
    expect(updated.body.subscriptions).toMatchObject([{ plan: 'assess', quantity: 45 }]);
    expect(requests('GET', '/v1/subscriptions/sub_1')).toHaveLength(1);
    expect(requests('POST', '/v1/subscriptions/sub_1')[0]!.body).toEqual({ 'items[0][id]': 'si_1', 'items[0][quantity]': '45' });

    const ended = await call<SubscriptionResult>('POST', '/admin/billing/subscription', { plan: 'assess', quantity: 0 });
    expect(ended.body.subscriptions).toEqual([]);
    expect(requests('DELETE', '/v1/subscriptions/sub_1')).toHaveLength(1);
    api.state.card = false;
  });

  it("passes Stripe's refusal on as a 409 naming it, and Stripe's failure as a 503, changing nothing", async () => {
    api.state.card = true;
    const before = await t.snapshot();
    api.state.failing = { status: 402, error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
    const declined = await call<Problem>('POST', '/admin/billing/subscription', { plan: 'engage', quantity: 5 });
    expect(declined.status).toBe(409);
    expect(declined.body.message).toBe('The payment provider refused: Your card was declined.');
    api.state.failing = { status: 500, error: { type: 'api_error', message: 'Something went wrong on our end.' } };
    const down = await call<Problem>('POST', '/admin/billing/subscription', { plan: 'engage', quantity: 5 });
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/^The payment provider could not be reached: /);
    expect(await t.snapshot()).toBe(before);
    api.state.failing = null;
    api.state.card = false;
  });

  it('moves a customer of the embedded billing to Stripe, keeping what it had bought', async () => {
    const earlier = await t.user('earlier@example.test');
    await t.app.inject({ method: 'POST', url: '/admin/space', headers: earlier.auth, payload: { description: 'Earlier' } });
    const now = new Date().toISOString();
    await t.db
      .insertInto('billing_customers')
      .values({ user_id: earlier.user.id, provider: 'embedded', external_id: null, created_at: now })
      .execute();
    await t.db
      .insertInto('billing_subscriptions')
      .values({
        id: 'sub_local',
        user_id: earlier.user.id,
        plan: 'engage',
        quantity: 7,
        status: 'active',
        external_id: null,
        updated_at: now,
      })
      .execute();
    const answer = await t.app.inject({ method: 'GET', url: '/admin/billing/customer', headers: earlier.auth });
    expect(answer.json<BillingCustomer>()).toMatchObject({
      provider: 'stripe',
      subscriptions: [{ id: 'sub_local', plan: 'engage', quantity: 7 }],
    });
    expect(requests('POST', '/v1/customers')).toEqual([
      expect.objectContaining({ body: { email: 'earlier@example.test', 'metadata[userId]': earlier.user.id } }),
    ]);
    expect(requests('POST', '/v1/billing_portal/sessions')[0]!.body.customer).toBe('cus_2');
    expect(await t.db.selectFrom('billing_customers').selectAll().where('user_id', '=', earlier.user.id).executeTakeFirst()).toMatchObject({
      provider: 'stripe',
      external_id: 'cus_2',
    });
  });

  it('keeps subscriptions in step with webhooks signed by Stripe, and refuses a bad signature', async () => {
    const created = await webhook(subscriptionEvent('customer.subscription.created', 12));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ received: true });
    expect((await call<BillingCustomer>('GET', '/admin/billing/customer')).body.subscriptions).toMatchObject([
      { plan: 'assess', quantity: 12, status: 'active' },
    ]);

    await webhook(subscriptionEvent('customer.subscription.updated', 20, 'past_due'));
    expect((await call<BillingCustomer>('GET', '/admin/billing/customer')).body.subscriptions).toMatchObject([
      { plan: 'assess', quantity: 20, status: 'past_due' },
    ]);

    // The first event sent again (a replay, or Stripe retrying one it saw no answer to) changes nothing.
    const replayed = await webhook(subscriptionEvent('customer.subscription.created', 12));
    expect(replayed.statusCode).toBe(200);
    expect((await call<BillingCustomer>('GET', '/admin/billing/customer')).body.subscriptions).toMatchObject([
      { plan: 'assess', quantity: 20, status: 'past_due' },
    ]);

    const before = await t.snapshot();
    // Signed for a time an hour ahead, to be played later: refused like a bad signature.
    const ahead = subscriptionEvent('customer.subscription.updated', 30);
    const signedAhead = stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(ahead),
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    const future = await webhook(ahead, signedAhead);
    expect(future.statusCode).toBe(400);
    expect(future.json<Problem>().message).toBe("The webhook's signature does not hold: its timestamp is in the future");
    const payload = JSON.stringify(subscriptionEvent('customer.subscription.updated', 999));
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    for (const signature of [forged, 'nonsense', '']) {
      const refused = await webhook(subscriptionEvent('customer.subscription.updated', 999), signature);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<Problem>().message).toMatch(/^The webhook's signature does not hold/);
    }
    expect(await t.snapshot()).toBe(before);

    // A card set up in the card form becomes the customer's default for invoices.
    api.seen.length = 0;
    const card = await webhook({
      id: 'evt_setup',
      object: 'event',
      type: 'setup_intent.succeeded',
      data: { object: { id: 'seti_1', object: 'setup_intent', customer: 'cus_1', payment_method: 'pm_1' } },
    });
    expect(card.statusCode).toBe(200);
    expect(requests('POST', '/v1/customers/cus_1')[0]!.body).toEqual({ 'invoice_settings[default_payment_method]': 'pm_1' });

    await webhook(subscriptionEvent('customer.subscription.deleted', 20, 'canceled'));
    expect((await call<BillingCustomer>('GET', '/admin/billing/customer')).body.subscriptions).toEqual([]);

    // Another product's customer on the same Stripe account changes nothing here.
    const foreign = subscriptionEvent('customer.subscription.created', 5);
    foreign.data.object.customer = 'cus_other';
    expect((await webhook(foreign)).statusCode).toBe(200);
    expect((await call<BillingCustomer>('GET', '/admin/billing/customer')).body.subscriptions).toEqual([]);
  });
});

describe.each(dialects)("the plans' currency and period with Stripe on %s", (dialect) => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof startStripeApi>>;
  let owner: TestUser;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const customer = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/billing/customer', headers: owner.auth });
    return { status: response.statusCode, body: response.json<BillingCustomer>() };
  };
  const priceReads = () => api.seen.filter((seen) => seen.method === 'GET' && seen.path.startsWith('/v1/prices/')).map((seen) => seen.path);

  beforeAll(async () => {
    api = await startStripeApi();
    api.state.price = { currency: 'chf', recurring: { interval: 'month', interval_count: 3 } };
    t = await createTestApp(
      dialect,
      { ...stripeSettings, STRIPE_API_URL: api.url, BILLING_CURRENCY: 'GBP', BILLING_INTERVAL: 'year' },
      clock,
    );
    owner = await t.user('owner@example.test');
    await t.app.inject({ method: 'POST', url: '/admin/space', headers: owner.auth, payload: { description: 'Cardiology' } });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  it('says BILLING_CURRENCY and BILLING_INTERVAL while the Prices cannot be read, then what the Prices say, read once', async () => {
    api.state.pricesUnreachable = true;
    const unreachable = await customer();
    expect(unreachable.status).toBe(200);
    expect(unreachable.body).toMatchObject({ provider: 'stripe', currency: 'GBP', interval: 'year', intervalCount: 1 });
    expect(priceReads().length).toBeGreaterThan(0);

    // Stripe is asked again a minute later, not on every page.
    api.state.pricesUnreachable = false;
    api.seen.length = 0;
    expect((await customer()).body).toMatchObject({ currency: 'GBP', interval: 'year', intervalCount: 1 });
    expect(priceReads()).toEqual([]);

    offsetMs = 61_000;
    const [one, two] = await Promise.all([customer(), customer()]);
    for (const answer of [one, two]) expect(answer.body).toMatchObject({ currency: 'CHF', interval: 'month', intervalCount: 3 });
    expect(priceReads().sort()).toEqual(
      Object.values(prices)
        .map((price) => `/v1/prices/${price}`)
        .sort(),
    );

    // Kept for good: Stripe out of reach later changes nothing.
    api.state.pricesUnreachable = true;
    api.seen.length = 0;
    offsetMs = 10 * 61_000;
    expect((await customer()).body).toMatchObject({ currency: 'CHF', interval: 'month', intervalCount: 3 });
    expect(priceReads()).toEqual([]);
    api.state.pricesUnreachable = false;
  });

  it("says the first recurring Price's terms when a Price is one-time or the Prices differ, and warns of it", async () => {
    const warn = vi.fn();
    const billing = (log: { warn: typeof warn }) =>
      createStripeBilling(
        { secretKey, publishableKey: 'pk_test_resim', webhookSecret, prices, apiUrl: api.url },
        { configured: { currency: 'USD', interval: 'month', intervalCount: 1 }, log, clock: systemClock },
      );
    api.state.prices = {
      [prices.engage]: { currency: 'usd', recurring: null },
      [prices.assess]: { currency: 'sek', recurring: { interval: 'year', interval_count: 1 } },
      [prices.embed]: { currency: 'sek', recurring: { interval: 'month', interval_count: 1 } },
    };
    expect(await (await billing({ warn })).pricing()).toEqual({ currency: 'SEK', interval: 'year', intervalCount: 1 });
    expect(warn.mock.calls.map((call) => String(call[1]))).toEqual([
      `Stripe's Price of engage (${prices.engage}) is not recurring by day, week, month or year: it is left out`,
      "Stripe's Prices of the plans differ in currency or period; the console says the first's (SEK, 1 year)",
    ]);

    // No recurring Price at all: the settings answer.
    api.state.prices = Object.fromEntries(Object.values(prices).map((price) => [price, { currency: 'usd', recurring: null }]));
    expect(await (await billing({ warn: vi.fn() })).pricing()).toEqual({ currency: 'USD', interval: 'month', intervalCount: 1 });
    api.state.prices = {};
  });
});
