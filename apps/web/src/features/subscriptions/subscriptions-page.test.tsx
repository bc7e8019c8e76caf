import type { BillingCustomer, BillingIntent } from '@resim/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { newCustomer, ownerCustomer } from './billing-fixtures';
import { SubscriptionsPage } from './subscriptions-page';

// Stripe's form loads Stripe's script from its servers: here it is a stand-in that names what it was given.
vi.mock('./stripe-card-form', () => ({
  StripeCardForm: (props: { publishableKey: string; clientSecret: string }) => (
    <p>
      Card form {props.publishableKey} {props.clientSecret}
    </p>
  ),
}));

const show = (answer: BillingCustomer | Promise<BillingCustomer>, more: Partial<ApiClient['billing']> = {}) => {
  const billing = {
    customer: vi.fn(() => Promise.resolve(answer)),
    subscribe: vi.fn(() => Promise.resolve(answer)),
    intent: vi.fn(),
    allocate: vi.fn(),
    ...more,
  };
  renderWithProviders(<SubscriptionsPage />, { api: { billing } as unknown as ApiClient, path: '/subscriptions' });
  return billing;
};

const refused = (message: string, status = 409) =>
  new ApiError(message, { method: 'POST', path: '/admin/billing/allocation', status, code: 'conflict' });

describe('the Subscriptions page', () => {
  it('shows the plans side by side with their prices in their currency and period, the current subscription and the price of a quantity', async () => {
    const billing = show(ownerCustomer);
    const plans = await screen.findByRole('radiogroup', { name: /Plan/ });
    expect(
      within(plans)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['Engage, $1.80 per slot a month', 'Assess, $4.50 per slot a month', 'Embed, $8.20 per slot a month']);
    const assess = screen.getByRole('radio', { name: 'Assess, $4.50 per slot a month' });
    expect(assess.getAttribute('aria-checked')).toBe('true');
    expect(assess.textContent).toContain('$4.50 per slot a month');
    const current = screen.getByRole('table', { name: 'Current subscription' });
    expect(within(current).getByRole('row', { name: /Assess 30 \$135\.00 a month active/ })).toBeTruthy();
    expect(screen.queryByText(/not available yet/)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Engage, $1.80 per slot a month' }));
    const slots = screen.getByRole('textbox', { name: 'Engage slots' });
    fireEvent.change(slots, { target: { value: '12' } });
    expect(screen.getByTestId('billing-price').textContent).toBe('$21.60 a month');
    expect(screen.getByText('12 slots × $1.80')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Engage' }));
    await waitFor(() => expect(billing.subscribe).toHaveBeenCalledWith({ plan: 'engage', quantity: 12 }));
  });

  it("says the prices in the currency and period the server names, as Stripe's Prices give them", async () => {
    show({ ...ownerCustomer, provider: 'stripe', currency: 'EUR', interval: 'month', intervalCount: 3 });
    const assess = await screen.findByRole('radio', { name: 'Assess, €4.50 per slot every 3 months' });
    expect(assess.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Embed, €8.20 per slot every 3 months' })).toBeTruthy();
    const current = screen.getByRole('table', { name: 'Current subscription' });
    expect(within(current).getByRole('row', { name: /Assess 30 €135\.00 every 3 months active/ })).toBeTruthy();
    expect(screen.getByTestId('billing-price').textContent).toBe('€135.00 every 3 months');
    expect(screen.getByText('30 slots × €4.50')).toBeTruthy();
  });

  it('refuses a quantity outside 0 to 999 before asking the server', async () => {
    const billing = show(newCustomer);
    const slots = await screen.findByRole('textbox', { name: 'Engage slots' });
    fireEvent.change(slots, { target: { value: '1000' } });
    expect(screen.getByText('The number of slots must be a whole number from 0 to 999')).toBeTruthy();
    const subscribe = screen.getByRole('button', { name: 'Subscribe to Engage' });
    expect(subscribe.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(subscribe);
    expect(billing.subscribe).not.toHaveBeenCalled();
    expect(screen.getByText('No subscription yet')).toBeTruthy();
  });

  it('asks before lowering a plan below the slots allocated', async () => {
    const billing = show(ownerCustomer, {
      subscribe: vi.fn(() =>
        Promise.reject(
          new ApiError('2 Assess slots are allocated; free 1 before lowering the quantity to 1', {
            method: 'POST',
            path: '/admin/billing/subscription',
            status: 409,
            code: 'conflict',
          }),
        ),
      ),
    });
    const slots = await screen.findByRole('textbox', { name: 'Assess slots' });
    fireEvent.change(slots, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Assess' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fewer slots than are allocated' });
    expect(dialog.textContent).toContain('2 slots of Assess are allocated in your spaces, more than 1.');
    expect(billing.subscribe).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lower to 1 slot' }));
    await waitFor(() => expect(billing.subscribe).toHaveBeenCalledWith({ plan: 'assess', quantity: 1 }));
    // The server keeps allocated slots bought: its refusal shows in the dialog, as written.
    expect(await within(dialog).findByText('2 Assess slots are allocated; free 1 before lowering the quantity to 1')).toBeTruthy();
  });

  it('says that no card is needed with the embedded provider, and opens the portal in a new window when there is one', async () => {
    show({ ...ownerCustomer, billingSession: { url: 'https://billing.example.test/session/1' } });
    expect(await screen.findAllByText('No card is needed')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Set up a card' })).toBeNull();
    const portal = screen.getByRole('link', { name: /Open the customer portal/ });
    expect(portal.getAttribute('href')).toBe('https://billing.example.test/session/1');
    expect(portal.getAttribute('target')).toBe('_blank');
    expect(portal.getAttribute('rel')).toBe('noopener');
  });

  it("sets up a card through the provider's form with the setup the server made", async () => {
    const intent: BillingIntent = { client_secret: 'seti_1_secret_2', cardRequired: true, publishableKey: 'pk_test_3' };
    const billing = show(
      { ...ownerCustomer, provider: 'stripe', card: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 } },
      { intent: vi.fn(() => Promise.resolve(intent)) },
    );
    expect((await screen.findByTestId('billing-card')).textContent).toBe('VISA ending 4242, expires 04/2030');
    expect(screen.queryByRole('link', { name: /customer portal/ })).toBeNull();
    expect(billing.intent).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Replace the card' }));
    expect(await screen.findByText('Card form pk_test_3 seti_1_secret_2')).toBeTruthy();
  });

  it('says why the card form could not be prepared', async () => {
    const failure = new ApiError('Stripe did not answer; try again in a moment', {
      method: 'GET',
      path: '/admin/billing/intent',
      status: 503,
      code: 'unavailable',
    });
    show({ ...ownerCustomer, provider: 'stripe' }, { intent: vi.fn(() => Promise.reject(failure)) });
    fireEvent.click(await screen.findByRole('button', { name: 'Set up a card' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Stripe did not answer; try again in a moment');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Set up a card' })).toBeTruthy();
  });

  it("shows a refused subscription's message where it was asked", async () => {
    const message = 'Set up a card before buying slots';
    show(
      { ...newCustomer, provider: 'stripe' },
      {
        subscribe: vi.fn(() =>
          Promise.reject(new ApiError(message, { method: 'POST', path: '/admin/billing/subscription', status: 409, code: 'conflict' })),
        ),
      },
    );
    expect((await screen.findByTestId('billing-card')).textContent).toBe('No card on file');
    fireEvent.change(screen.getByRole('textbox', { name: 'Engage slots' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Engage' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`The subscription was not changed${message}`);
  });

  it('allocates the slots changed in the grid in one request', async () => {
    const allocate = vi.fn(() => Promise.resolve({ count: 2, slotUsage: ownerCustomer.slotUsage, allocations: ownerCustomer.allocations }));
    show(ownerCustomer, { allocate });
    const grid = await screen.findByRole('table', { name: 'Slots in Ward 9' });
    expect(
      within(grid)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'PersonRoleLicence',
      expect.stringMatching(/^owner@example.testOlive OwnerOwner/),
      expect.stringMatching(/^member@example.testMember/),
      expect.stringMatching(/^amy@example.testLearner/),
      expect.stringMatching(/^zed@example.testLearner/),
    ]);
    expect(screen.getByRole('combobox', { name: 'Licence of amy@example.test' })).toHaveProperty('value', '3');
    expect(screen.getByRole('button', { name: 'Allocate' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(screen.getByRole('combobox', { name: 'Licence of zed@example.test' }), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Licence of member@example.test' }), { target: { value: '1' } });
    expect(screen.getByTestId('grid-totals').textContent).toContain('3 Assess');
    fireEvent.click(screen.getByRole('button', { name: 'Allocate 2 changes' }));
    await waitFor(() =>
      expect(allocate).toHaveBeenCalledWith({
        allocations: [
          { spaceId: 's1', userId: 'u2', type: 1 },
          { spaceId: 's1', learner: 'zed@example.test', type: 3 },
        ],
      }),
    );
  });

  it("shows a refused allocation's message as the server wrote it, and keeps the edits", async () => {
    const message = 'No Embed slot is free: 0 of 0 are left. Buy more Embed slots or free one.';
    show(ownerCustomer, { allocate: vi.fn(() => Promise.reject(refused(message))) });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Licence of zed@example.test' }), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Allocate' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('combobox', { name: 'Licence of zed@example.test' })).toHaveProperty('value', '4');
  });

  it('tells a member who does not own a space that billing is for billing owners', async () => {
    show(Promise.reject(new ApiError('Not found', { method: 'GET', path: '/admin/billing/customer', status: 404, code: 'not_found' })));
    expect(await screen.findByText('Only billing owners see billing')).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('shows that billing is loading', () => {
    show(new Promise<BillingCustomer>(() => undefined));
    expect(screen.getByRole('status', { name: 'Loading billing' })).toBeTruthy();
  });
});
