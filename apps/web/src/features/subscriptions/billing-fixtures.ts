import type { BillingCustomer } from '@resim/contracts';

const plans: BillingCustomer['plans'] = [
  { plan: 'engage', name: 'Engage', type: 2, price: 1.8 },
  { plan: 'assess', name: 'Assess', type: 3, price: 4.5 },
  { plan: 'embed', name: 'Embed', type: 4, price: 8.2 },
];

/** An owner of one space with an Assess subscription of 30 slots, 2 of them allocated. */
export const ownerCustomer: BillingCustomer = {
  provider: 'embedded',
  email: 'owner@example.test',
  plans,
  currency: 'USD',
  interval: 'month',
  intervalCount: 1,
  subscriptions: [{ id: 'sub_1', plan: 'assess', type: 3, quantity: 30, status: 'active' }],
  card: null,
  slotUsage: [
    { id: 'engage', type: 2, allocated: 0, quantity: 0, free: 0 },
    { id: 'assess', type: 3, allocated: 2, quantity: 30, free: 28 },
    { id: 'embed', type: 4, allocated: 0, quantity: 0, free: 0 },
  ],
  billingSession: { url: null },
  freeLearnersPerSpace: 5,
  spaces: [
    {
      id: 's1',
      description: 'Ward 9',
      users: [
        { id: 'u2', email: 'member@example.test', name: null, isOwner: false },
        { id: 'u1', email: 'owner@example.test', name: 'Olive Owner', isOwner: true },
      ],
      learners: [
        { email: 'zed@example.test', tags: [] },
        { email: 'amy@example.test', tags: ['night'] },
      ],
      freeUsed: 1,
    },
    { id: 's2', description: 'Clinic', users: [], learners: [], freeUsed: 0 },
  ],
  allocations: [
    { spaceId: 's1', email: 'owner@example.test', userId: 'u1', type: 3, created: '2026-01-01T00:00:00.000Z' },
    { spaceId: 's1', email: 'amy@example.test', userId: null, type: 3, created: '2026-01-01T00:00:00.000Z' },
    { spaceId: 's2', email: 'zed@example.test', userId: null, type: 2, created: '2026-01-01T00:00:00.000Z' },
  ],
};

export const newCustomer: BillingCustomer = {
  ...ownerCustomer,
  subscriptions: [],
  slotUsage: ownerCustomer.slotUsage.map((usage) => ({ ...usage, allocated: 0, quantity: 0, free: 0 })),
  allocations: [],
};
