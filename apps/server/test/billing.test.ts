import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllocationsResult, BillingCustomer, SubscriptionResult } from '@resim/contracts';
import { createTestApp, dialects, type TestApp, type TestUser } from './harness';

type Problem = { code: string; message: string };
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

/** The free allowance these tests run with: two learners of a space may have scenarios without a slot. */
const freeLearners = 2;

describe.each(dialects)('embedded billing on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let spaceId: string;
  let otherOwnersSpace: string;
  let plain: string;
  let assessed: string;

  const call = async <T>(who: TestUser, method: Method, url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: who.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const customer = async () => (await call<BillingCustomer>(owner, 'GET', '/admin/billing/customer')).body;
  const subscribe = (plan: string, quantity: unknown) =>
    call<SubscriptionResult & Problem>(owner, 'POST', '/admin/billing/subscription', { plan, quantity });
  const allocateSlots = (allocations: unknown[]) =>
    call<AllocationsResult & Problem>(owner, 'POST', '/admin/billing/allocation', { allocations });
  const giveScenario = (learners: string[], resims: string[]) =>
    call<Problem>(owner, 'POST', `/admin/space/${spaceId}/allocation`, { learners, resims });
  const usageOf = (usage: AllocationsResult['slotUsage'], plan: string) => usage.find((line) => line.id === plan)!;

  beforeAll(async () => {
    t = await createTestApp(dialect, { BILLING_FREE_LEARNERS: String(freeLearners), BILLING_CURRENCY: 'eur', BILLING_INTERVAL: 'year' });
    owner = await t.user('owner@example.test');
    member = await t.user('member@example.test');
    outsider = await t.user('outsider@example.test');
    spaceId = (await call<{ id: string }>(owner, 'POST', '/admin/space', { description: 'Cardiology' })).body.id;
    await call(owner, 'POST', `/admin/space/${spaceId}/user`, { email: 'member@example.test' });
    const learners = ['ann', 'bob', 'cy', 'dee'].map((name) => ({ email: `${name}@example.test` }));
    await call(owner, 'POST', `/admin/space/${spaceId}/learner`, { learners });
    plain = (await call<{ id: string }>(owner, 'POST', '/admin/resim/new', { groupId: spaceId })).body.id;
    assessed = (await call<{ id: string }>(owner, 'POST', '/admin/resim/new', { groupId: spaceId })).body.id;
    await call(owner, 'PATCH', `/admin/resim/${assessed}`, { details: { mode: 4 } });
    otherOwnersSpace = (await call<{ id: string }>(outsider, 'POST', '/admin/space', { description: 'Elsewhere' })).body.id;
  });
  afterAll(() => t.close());

  it('shows the owner their customer: the plans at their prices in the configured currency and period, no subscription, no card, no portal, the spaces to allocate in', async () => {
    const answer = await customer();
    expect(answer).toMatchObject({
      provider: 'embedded',
      email: 'owner@example.test',
      plans: [
        { plan: 'engage', name: 'Engage', type: 2, price: 1.8 },
        { plan: 'assess', name: 'Assess', type: 3, price: 4.5 },
        { plan: 'embed', name: 'Embed', type: 4, price: 8.2 },
      ],
      currency: 'EUR',
      interval: 'year',
      intervalCount: 1,
      subscriptions: [],
      card: null,
      billingSession: { url: null },
      freeLearnersPerSpace: freeLearners,
      allocations: [],
    });
    expect(answer.slotUsage).toEqual([
      { id: 'engage', type: 2, allocated: 0, quantity: 0, free: 0 },
      { id: 'assess', type: 3, allocated: 0, quantity: 0, free: 0 },
      { id: 'embed', type: 4, allocated: 0, quantity: 0, free: 0 },
    ]);
    const space = answer.spaces.find((candidate) => candidate.id === spaceId)!;
    expect(space.users.map((user) => [user.email, user.isOwner])).toEqual([
      ['owner@example.test', true],
      ['member@example.test', false],
    ]);
    expect(space.learners.map((learner) => learner.email)).toEqual([
      'ann@example.test',
      'bob@example.test',
      'cy@example.test',
      'dee@example.test',
    ]);
    expect(space.freeUsed).toBe(0);
  });

  it('says no card is needed', async () => {
    expect((await call(owner, 'GET', '/admin/billing/intent')).body).toEqual({
      client_secret: null,
      cardRequired: false,
      publishableKey: null,
    });
  });

  it('refuses webhooks, which come from Stripe only', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<Problem>().message).toBe(
      'Billing webhooks come from Stripe, and this server bills without it (STRIPE_SECRET_KEY is not set)',
    );
  });

  it('takes quantities from 0 to 999 and refuses others with a 400 naming the quantity', async () => {
    const before = await t.snapshot();
    for (const quantity of [-1, 1000, 2.5, '30', null]) {
      const refused = await subscribe('assess', quantity);
      expect(refused.status, String(quantity)).toBe(400);
      expect(refused.body.message).toContain('quantity');
    }
    const badPlan = await subscribe('gold', 3);
    expect(badPlan.status).toBe(400);
    expect(badPlan.body.message).toContain('plan');
    expect(await t.snapshot()).toBe(before);

    const most = await subscribe('embed', 999);
    expect(most.status).toBe(200);
    expect(most.body.subscriptions).toEqual([{ id: expect.any(String), plan: 'embed', type: 4, quantity: 999, status: 'active' }]);
    const none = await subscribe('embed', 0);
    expect(none.status).toBe(200);
    expect(none.body.subscriptions).toEqual([]);

    expect((await subscribe('assess', 30)).body.subscriptions).toMatchObject([{ plan: 'assess', quantity: 30 }]);
    expect((await subscribe('assess', 2)).body.slotUsage).toContainEqual({ id: 'assess', type: 3, allocated: 0, quantity: 2, free: 2 });
    expect((await customer()).subscriptions).toMatchObject([{ plan: 'assess', type: 3, quantity: 2, status: 'active' }]);
  });

  it('refuses licence types outside 0 to 4 and entries that name no one or two holders', async () => {
    const before = await t.snapshot();
    for (const type of [5, -1, 1.5, '3']) {
      const refused = await allocateSlots([{ spaceId, learner: 'ann@example.test', type }]);
      expect(refused.status, String(type)).toBe(400);
      expect(refused.body.message).toContain('type');
    }
    const both = await allocateSlots([{ spaceId, learner: 'ann@example.test', userId: member.user.id, type: 2 }]);
    expect(both.status).toBe(400);
    expect(both.body.message).toContain('name one holder: a learner (by email) or a userId, not both');
    const neither = await allocateSlots([{ spaceId, type: 2 }]);
    expect(neither.status).toBe(400);
    expect(neither.body.message).toContain('name one holder');
    const notAnEmail = await allocateSlots([{ spaceId, learner: 'not an email', type: 2 }]);
    expect(notAnEmail.status).toBe(400);
    expect(notAnEmail.body.message).toBe('"not an email" is not an email address (nothing was changed)');
    const stranger = await allocateSlots([
      { spaceId, learner: 'zed@example.test', type: 3 },
      { spaceId, userId: outsider.user.id, type: 2 },
    ]);
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe(
      `zed@example.test is not a learner of space ${spaceId}; user ${outsider.user.id} is not a user of space ${spaceId} (nothing was changed)`,
    );
    expect(await t.snapshot()).toBe(before);
  });

  it('allocates slots up to the quantity bought and refuses beyond it with a message naming the numbers', async () => {
    const given = await allocateSlots([
      { spaceId, learner: 'ann@example.test', type: 3 },
      { spaceId, learner: 'BOB@example.test ', type: 3 },
    ]);
    expect(given.status).toBe(200);
    expect(given.body.count).toBe(2);
    expect(usageOf(given.body.slotUsage, 'assess')).toEqual({ id: 'assess', type: 3, allocated: 2, quantity: 2, free: 0 });
    expect(given.body.allocations.map((slot) => [slot.email, slot.type, slot.userId])).toEqual([
      ['ann@example.test', 3, null],
      ['bob@example.test', 3, null],
    ]);

    const before = await t.snapshot();
    const beyond = await allocateSlots([{ spaceId, learner: 'cy@example.test', type: 3 }]);
    expect(beyond.status).toBe(409);
    expect(beyond.body.message).toBe(
      'Only 2 Assess slots are bought and this would allocate 3; raise the Assess quantity or free 1 (nothing was changed)',
    );
    const unbought = await allocateSlots([{ spaceId, userId: member.user.id, type: 2 }]);
    expect(unbought.status).toBe(409);
    expect(unbought.body.message).toBe(
      'Only 0 Engage slots are bought and this would allocate 1; raise the Engage quantity or free 1 (nothing was changed)',
    );
    const lower = await subscribe('assess', 1);
    expect(lower.status).toBe(409);
    expect(lower.body.message).toBe('2 Assess slots are allocated; free 1 before lowering the quantity to 1');
    expect(await t.snapshot()).toBe(before);

    // A space user holds a slot by their email; type 0 takes a slot away.
    await subscribe('engage', 1);
    const user = await allocateSlots([
      { spaceId, userId: member.user.id, type: 2 },
      { spaceId, learner: 'bob@example.test', type: 0 },
    ]);
    expect(user.status).toBe(200);
    expect(user.body.allocations.map((slot) => [slot.email, slot.type, slot.userId])).toEqual([
      ['ann@example.test', 3, null],
      ['member@example.test', 2, member.user.id],
    ]);
    expect(usageOf(user.body.slotUsage, 'assess').free).toBe(1);
  });

  it('lets a space give scenarios to its free allowance of learners without a slot of the right plan, and no more', async () => {
    // ann holds Assess: her scenarios cost nothing of the allowance.
    expect((await giveScenario(['ann@example.test', 'bob@example.test', 'cy@example.test'], [plain, assessed])).status).toBe(201);
    expect((await customer()).spaces.find((space) => space.id === spaceId)!.freeUsed).toBe(2);

    const before = await t.snapshot();
    const refused = await giveScenario(['dee@example.test'], [plain]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Space "Cardiology" allows 2 learners without a slot of the right plan, and this would make 3 (bob@example.test, cy@example.test, ' +
        'dee@example.test); allocate them Engage slots, or Assess or Embed slots for Assessed scenarios, on the Subscriptions page (nothing was changed)',
    );
    // A FreePersonalSlot takes a place of the allowance too.
    const free = await allocateSlots([{ spaceId, learner: 'dee@example.test', type: 1 }]);
    expect(free.status).toBe(409);
    expect(free.body.message).toContain('this would make 3');
    expect(await t.snapshot()).toBe(before);

    // An Engage slot covers dee for a scenario not in Assessed mode, but not for an Assessed one.
    await subscribe('engage', 2);
    expect((await allocateSlots([{ spaceId, learner: 'dee@example.test', type: 2 }])).status).toBe(200);
    expect((await giveScenario(['dee@example.test'], [plain])).status).toBe(201);
    const assessedRefused = await giveScenario(['dee@example.test'], [assessed]);
    expect(assessedRefused.status).toBe(409);
    expect(assessedRefused.body.message).toContain('this would make 3 (bob@example.test, cy@example.test, dee@example.test)');

    // Taking ann's Assess slot away would put her over the allowance with the others.
    const taken = await allocateSlots([{ spaceId, learner: 'ann@example.test', type: 0 }]);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('this would make 3 (ann@example.test, bob@example.test, cy@example.test)');
  });

  it('frees the slot of a learner who has left the space, and of a user who has, but gives them none', async () => {
    await call(owner, 'POST', `/admin/space/${spaceId}/learner`, { learners: [{ email: 'eve@example.test' }] });
    const leaver = await t.user('leaver@example.test');
    await call(owner, 'POST', `/admin/space/${spaceId}/user`, { email: 'leaver@example.test' });
    await subscribe('embed', 2);
    expect(
      (
        await allocateSlots([
          { spaceId, learner: 'eve@example.test', type: 4 },
          { spaceId, userId: leaver.user.id, type: 4 },
        ])
      ).status,
    ).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/admin/space/${spaceId}/learner`,
      headers: owner.auth,
      payload: { learners: ['eve@example.test'] },
    });
    expect(deleted.statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/admin/space/${spaceId}/user/${leaver.user.id}`, headers: owner.auth });
    expect(usageOf((await customer()).slotUsage, 'embed').allocated).toBe(2);

    const regiven = await allocateSlots([{ spaceId, learner: 'eve@example.test', type: 4 }]);
    expect(regiven.status).toBe(400);
    expect(regiven.body.message).toBe(`eve@example.test is not a learner of space ${spaceId} (nothing was changed)`);
    const freed = await allocateSlots([
      { spaceId, learner: 'eve@example.test', type: 0 },
      { spaceId, userId: leaver.user.id, type: 0 },
    ]);
    expect(freed.status).toBe(200);
    expect(usageOf(freed.body.slotUsage, 'embed')).toEqual({ id: 'embed', type: 4, allocated: 0, quantity: 2, free: 2 });
  });

  it('shows billing to no one but owners of spaces: others get 404 on every route, and nothing is written', async () => {
    // The outsider hands their space over: now they own none, like the member.
    await call(outsider, 'PUT', `/admin/space/${otherOwnersSpace}/owner`, { email: 'owner@example.test' });
    const before = await t.snapshot();
    for (const who of [member, outsider]) {
      for (const [method, url, body] of [
        ['GET', '/admin/billing/customer', undefined],
        ['POST', '/admin/billing/subscription', { plan: 'assess', quantity: 3 }],
        ['GET', '/admin/billing/intent', undefined],
        ['POST', '/admin/billing/allocation', { allocations: [{ spaceId, learner: 'cy@example.test', type: 3 }] }],
      ] as const) {
        const answer = await call<Problem>(who, method, url, body);
        expect(answer.status, `${who.user.email} ${method} ${url}`).toBe(404);
        expect(answer.body).toEqual({ code: 'not_found', message: 'Billing not found: billing belongs to the owners of spaces' });
      }
    }
    expect(await t.snapshot()).toBe(before);
  });

  it('answers 404 for a space the owner does not own, even beside their own', async () => {
    const stranger = await t.user('stranger@example.test');
    const theirs = (await call<{ id: string }>(stranger, 'POST', '/admin/space', { description: 'Theirs' })).body.id;
    const before = await t.snapshot();
    const answer = await call<Problem>(stranger, 'POST', '/admin/billing/allocation', {
      allocations: [
        { spaceId: theirs, userId: stranger.user.id, type: 1 },
        { spaceId, learner: 'cy@example.test', type: 1 },
      ],
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Space not found');
    expect(await t.snapshot()).toBe(before);
    // Their customer sees only their own space.
    const theirCustomer = (await call<BillingCustomer>(stranger, 'GET', '/admin/billing/customer')).body;
    expect(theirCustomer.spaces.map((space) => space.id)).toEqual([theirs]);
    expect(theirCustomer.subscriptions).toEqual([]);
  });
});
