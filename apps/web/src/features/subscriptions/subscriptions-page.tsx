import { Badge, Card, EmptyState, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { BillingCustomer } from '@resim/contracts';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { isApiError } from '../../api/api-error';
import { LoadFailed } from '../../ui/load-failed';
import { PageHeader } from '../../ui/page-header';
import { AllocationsSection } from './allocations-section';
import { formatPricePerPeriod, slotsLabel, totalPrice } from './billing-format';
import { useBillingCustomer } from './billing-queries';
import { PaymentSection } from './payment-section';
import { PlansSection } from './plans-section';

const CurrentSubscription = ({ customer }: { customer: BillingCustomer }) => {
  const current = customer.subscriptions.filter((subscription) => subscription.quantity > 0);
  return (
    <Stack gap="sm" component="section" aria-labelledby="billing-current">
      <Title order={2} fz="lg" id="billing-current">
        Current subscription
      </Title>
      {current.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <EmptyState
            size="sm"
            icon={<IconCreditCard size={22} />}
            title="No subscription yet"
            description="Choose a plan and a number of learner slots below."
          />
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing={6} fz="sm" aria-label="Current subscription">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Plan</Table.Th>
                <Table.Th ta="right">Slots</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.map((subscription) => {
                const plan = customer.plans.find((candidate) => candidate.plan === subscription.plan);
                return (
                  <Table.Tr key={subscription.id}>
                    <Table.Td fw={600}>{plan?.name ?? subscription.plan}</Table.Td>
                    <Table.Td ta="right">{subscription.quantity}</Table.Td>
                    <Table.Td ta="right">
                      {plan ? formatPricePerPeriod(totalPrice(plan.price, subscription.quantity), customer) : ''}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={subscription.status === 'active' ? 'teal' : 'orange'} radius="sm">
                        {subscription.status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text fz="xs" c="dimmed">
        Billed to {customer.email}
        {current.length > 1 ? `; ${slotsLabel(current.reduce((sum, subscription) => sum + subscription.quantity, 0))} in all` : ''}.
      </Text>
    </Stack>
  );
};

const Billing = ({ customer }: { customer: BillingCustomer }) => (
  <Stack gap="xl">
    <CurrentSubscription customer={customer} />
    <PlansSection customer={customer} />
    <PaymentSection customer={customer} />
    <AllocationsSection customer={customer} />
  </Stack>
);

/**
 * SPEC 2, 7, 9: the billing owner's subscriptions: the plans side by side, the current
 * subscription, the quantity with its price, the card, the customer portal and the slot
 * allocations. The owner of a space is its billing owner; the server answers anyone else 404,
 * and the page says billing is theirs alone.
 */
export const SubscriptionsPage = () => {
  const customer = useBillingCustomer();

  const body = () => {
    if (customer.isPending)
      return (
        <Stack gap="md" role="status" aria-label="Loading billing">
          <Skeleton height={120} radius="md" />
          <Group grow>
            <Skeleton height={140} radius="md" />
            <Skeleton height={140} radius="md" />
            <Skeleton height={140} radius="md" />
          </Group>
        </Stack>
      );
    if (isApiError(customer.error) && customer.error.status === 404)
      return (
        <Card padding="xl" radius="md">
          <EmptyState
            py="xl"
            withIndicatorBackground
            icon={<IconLock size={28} />}
            title="Only billing owners see billing"
            description="The owner of a space is its billing owner. Ask the owner of your space about its plan and learner slots."
          />
        </Card>
      );
    if (customer.isError) return <LoadFailed what="Billing" onRetry={() => void customer.refetch()} />;
    return <Billing customer={customer.data} />;
  };

  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="Paid plans (Engage, Assess, Embed) and how their learner slots are allocated across your spaces."
      />
      {body()}
    </>
  );
};
