import { Alert, Button, Group, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';

type Props = { publishableKey: string; clientSecret: string; onSaved: () => void; onCancel: () => void };

const CardForm = ({ onSaved, onCancel }: Pick<Props, 'onSaved' | 'onCancel'>) => {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSaving(true);
    setError(null);
    // A card that needs no bank check is saved in place; one that does comes back to this page.
    const result = await stripe.confirmSetup({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    setSaving(false);
    if (result.error) setError(result.error.message ?? 'The card was not saved');
    else onSaved();
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="sm">
        <PaymentElement />
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The card was not saved">
            {error}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={saving} disabled={!stripe || !elements}>
            Save the card
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Stripe Elements over the SetupIntent the server made (GET /admin/billing/intent): the card goes to Stripe, never to this server. */
export const StripeCardForm = ({ publishableKey, clientSecret, onSaved, onCancel }: Props) => {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <CardForm onSaved={onSaved} onCancel={onCancel} />
    </Elements>
  );
};
