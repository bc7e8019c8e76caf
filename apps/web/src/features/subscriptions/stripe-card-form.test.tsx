import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { StripeCardForm } from './stripe-card-form';

// Stripe.js comes from Stripe's servers: the test stands in for it, and reads what the form asks of it.
const stripe = { confirmSetup: vi.fn() };
const elements = { name: 'elements' };
const loadStripe = vi.fn((_key: string) => Promise.resolve(stripe));
const elementsOptions = vi.fn();

vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: (props: { options: unknown; children: ReactNode }) => {
    elementsOptions(props.options);
    return <>{props.children}</>;
  },
  PaymentElement: () => <p>Card details</p>,
  useStripe: () => stripe,
  useElements: () => elements,
}));

const show = () => {
  const onSaved = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <StripeCardForm publishableKey="pk_test_1" clientSecret="seti_2_secret_3" onSaved={onSaved} onCancel={() => undefined} />
    </MantineProvider>,
  );
  return onSaved;
};

describe("Stripe's card form", () => {
  beforeEach(() => stripe.confirmSetup.mockReset());

  it('confirms the setup the server made, staying on the page unless the bank asks for a check', async () => {
    stripe.confirmSetup.mockResolvedValue({ setupIntent: { status: 'succeeded' } });
    const onSaved = show();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(elementsOptions).toHaveBeenCalledWith({ clientSecret: 'seti_2_secret_3' });
    fireEvent.click(screen.getByRole('button', { name: 'Save the card' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(stripe.confirmSetup).toHaveBeenCalledWith({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
  });

  it("shows Stripe's reason when the card is declined", async () => {
    stripe.confirmSetup.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const onSaved = show();
    fireEvent.click(screen.getByRole('button', { name: 'Save the card' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The card was not savedYour card was declined.');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
