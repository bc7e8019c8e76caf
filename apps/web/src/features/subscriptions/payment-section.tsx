import { Alert, Button, Card, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { BillingCustomer } from '@resim/contracts';
import { IconAlertCircle, IconCreditCard, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { isApiError } from '../../api/api-error';
import { Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { showSuccess } from '../../app/notify';
import { lazyNamed } from '../../ui/lazy-named';
import { useCardIntent } from './billing-queries';

// Stripe's card form (and the script it loads from Stripe) is only downloaded by an owner who sets up a card.
const StripeCardForm = lazyNamed(() => import('./stripe-card-form').then((m) => m.StripeCardForm));

const cardText = (card: NonNullable<BillingCustomer['card']>): string =>
  `${card.brand.toUpperCase()} ending ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

const CardSetup = ({ onClose }: { onClose: () => void }) => {
  const intent = useCardIntent(true);
  const queryClient = useQueryClient();
  if (intent.isPending) return <Loader size="sm" aria-label="Preparing the card form" />;
  if (intent.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The card form could not be prepared">
        <Stack gap="xs" align="flex-start">
          {isApiError(intent.error) ? intent.error.message : String(intent.error)}
          <Button size="xs" variant="light" color="red" onClick={onClose}>
            Close
          </Button>
        </Stack>
      </Alert>
    );
  const { client_secret: clientSecret, publishableKey } = intent.data;
  if (!intent.data.cardRequired || clientSecret === null || publishableKey === null)
    return (
      <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />} title="No card is needed" role="note">
        This server keeps subscriptions without payment.
      </Alert>
    );
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the card form" />}>
      <StripeCardForm
        publishableKey={publishableKey}
        clientSecret={clientSecret}
        onCancel={onClose}
        onSaved={() => {
          showSuccess('Card saved');
          onClose();
          void queryClient.invalidateQueries({ queryKey: queryKeys.billingCustomer });
        }}
      />
    </Suspense>
  );
};

/**
 * The card (SPEC 7: GET /admin/billing/intent for the provider's card form; the embedded provider
 * needs none) and the customer portal, which SPEC 2 opens in a new window.
 */
export const PaymentSection = ({ customer }: { customer: BillingCustomer }) => {
  const [settingUp, setSettingUp] = useState(false);
  const portal = customer.billingSession.url;
  return (
    <Stack gap="md" component="section" aria-labelledby="billing-payment">
      <Title order={2} fz="lg" id="billing-payment">
        Payment
      </Title>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          {customer.provider === 'embedded' ? (
            <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />} title="No card is needed" role="note">
              This server keeps subscriptions and slots itself, without payment.
            </Alert>
          ) : (
            <>
              <Group gap="sm" wrap="nowrap">
                <IconCreditCard size={20} aria-hidden />
                <Text fz="sm" data-testid="billing-card">
                  {customer.card ? cardText(customer.card) : 'No card on file'}
                </Text>
              </Group>
              {settingUp ? (
                <CardSetup onClose={() => setSettingUp(false)} />
              ) : (
                <Group>
                  <Button variant="light" onClick={() => setSettingUp(true)}>
                    {customer.card ? 'Replace the card' : 'Set up a card'}
                  </Button>
                </Group>
              )}
            </>
          )}
          {portal ? (
            <Group>
              <Button
                component="a"
                href={portal}
                target="_blank"
                rel="noopener"
                variant="default"
                rightSection={<IconExternalLink size={16} aria-hidden />}
              >
                Open the customer portal
                <VisuallyHidden> (opens in a new window)</VisuallyHidden>
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
};
