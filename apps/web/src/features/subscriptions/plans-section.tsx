import { Alert, Badge, Button, Loader, Group, NumberInput, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { maxQuantity, minQuantity, type BillingCustomer, type BillingPricing, type PlanId } from '@resim/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { showSuccess } from '../../app/notify';
import { ConfirmModal } from '../../ui/confirm-modal';
import { billingPeriod, formatPrice, lowersBelowUse, quantityProblem, slotsLabel, totalPrice } from './billing-format';
import { useSubscribe } from './billing-queries';
import { inactive } from './inactive';

type Plan = BillingCustomer['plans'][number];

const quantityOf = (customer: BillingCustomer, plan: PlanId): number =>
  customer.subscriptions.find((subscription) => subscription.plan === plan)?.quantity ?? 0;

const allocatedOf = (customer: BillingCustomer, plan: PlanId): number =>
  customer.slotUsage.find((usage) => usage.id === plan)?.allocated ?? 0;

const PlanCard = ({ plan, quantity, pricing }: { plan: Plan; quantity: number; pricing: BillingPricing }) => (
  <Radio.Card
    value={plan.plan}
    radius="md"
    p="md"
    aria-label={`${plan.name}, ${formatPrice(plan.price, pricing)} per slot ${billingPeriod(pricing)}`}
  >
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <Radio.Indicator mt={4} />
      <Stack gap={4}>
        <Text fw={700} fz="lg">
          {plan.name}
        </Text>
        <Text fz="sm">
          <Text span fw={700} fz="xl">
            {formatPrice(plan.price, pricing)}
          </Text>{' '}
          per slot {billingPeriod(pricing)}
        </Text>
        {quantity > 0 ? (
          <Badge variant="light" color="teal" radius="sm">
            Subscribed: {slotsLabel(quantity)}
          </Badge>
        ) : (
          <Text fz="xs" c="dimmed">
            Not subscribed
          </Text>
        )}
      </Stack>
    </Group>
  </Radio.Card>
);

/**
 * SPEC 2, 9: the plans side by side, and the quantity of the chosen one with its price. Lowering
 * a plan below the slots its learners hold asks first, since the server then has fewer to give.
 */
export const PlansSection = ({ customer }: { customer: BillingCustomer }) => {
  const subscribed = customer.subscriptions.find((subscription) => subscription.quantity > 0)?.plan;
  const [planId, setPlanId] = useState<PlanId>(subscribed ?? customer.plans[0]?.plan ?? 'engage');
  const current = quantityOf(customer, planId);
  const [typed, setTyped] = useState<number | string>(current);
  const [confirming, setConfirming] = useState(false);
  const subscribe = useSubscribe();
  const plan = customer.plans.find((candidate) => candidate.plan === planId);
  const problem = quantityProblem(typed);
  const quantity = problem === null ? Number(typed) : null;
  const allocated = allocatedOf(customer, planId);

  const choose = (value: string) => {
    const next = value as PlanId;
    setPlanId(next);
    setTyped(quantityOf(customer, next));
    subscribe.reset();
  };

  const send = (value: number) => {
    subscribe.mutate(
      { plan: planId, quantity: value },
      {
        onSuccess: () => {
          setConfirming(false);
          showSuccess(value === 0 ? `${plan?.name ?? 'The'} subscription ended` : `${plan?.name ?? 'Plan'}: ${slotsLabel(value)}`);
        },
      },
    );
  };

  const submit = () => {
    if (quantity === null || quantity === current || subscribe.isPending) return;
    subscribe.reset();
    if (lowersBelowUse(quantity, current, allocated)) setConfirming(true);
    else send(quantity);
  };

  const refusal = subscribe.error ? (isApiError(subscribe.error) ? subscribe.error.message : String(subscribe.error)) : null;

  return (
    <Stack gap="md" component="section" aria-labelledby="billing-plans">
      <Title order={2} fz="lg" id="billing-plans">
        Plans
      </Title>
      <Radio.Group value={planId} onChange={choose} label="Plan" description="Choose a plan, then the number of learner slots it gives.">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="xs">
          {customer.plans.map((candidate) => (
            <PlanCard key={candidate.plan} plan={candidate} quantity={quantityOf(customer, candidate.plan)} pricing={customer} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      {plan ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group align="flex-start" gap="md" wrap="wrap">
            <NumberInput
              label={`${plan.name} slots`}
              description={`${minQuantity} to ${maxQuantity}; ${slotsLabel(allocated)} allocated now`}
              min={minQuantity}
              max={maxQuantity}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={typed}
              onChange={setTyped}
              error={problem}
              w={220}
            />
            <Stack gap={2} pt={4} miw={160}>
              <Text fz="sm" c="dimmed">
                Price
              </Text>
              <Text fz="xl" fw={700} data-testid="billing-price" aria-live="polite">
                {quantity === null ? (
                  '–'
                ) : (
                  <>
                    {formatPrice(totalPrice(plan.price, quantity), customer)}{' '}
                    <Text span fz="sm" fw={400}>
                      {billingPeriod(customer)}
                    </Text>
                  </>
                )}
              </Text>
              <Text fz="xs" c="dimmed">
                {quantity === null ? '' : `${slotsLabel(quantity)} × ${formatPrice(plan.price, customer)}`}
              </Text>
            </Stack>
            <Button
              type="submit"
              mt={24}
              leftSection={subscribe.isPending ? <Loader size={14} color="gray" aria-label="Saving" /> : undefined}
              {...inactive(quantity === null || quantity === current || subscribe.isPending)}
            >
              {current === 0 ? `Subscribe to ${plan.name}` : quantity === 0 ? `End ${plan.name}` : `Change ${plan.name}`}
            </Button>
          </Group>
        </form>
      ) : null}
      {refusal && !confirming ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The subscription was not changed">
          {refusal}
        </Alert>
      ) : null}
      <ConfirmModal
        target={confirming && quantity !== null ? quantity : null}
        title="Fewer slots than are allocated"
        body={(value) => (
          <Text fz="sm">
            {slotsLabel(allocated)} of {plan?.name ?? 'this plan'} {allocated === 1 ? 'is' : 'are'} allocated in your spaces, more than{' '}
            {value ?? 0}. Allocated slots must stay bought: free {allocated - (value ?? 0)} under Slot allocations first, or ask anyway and
            see the answer.
          </Text>
        )}
        confirmLabel={(value) => `Lower to ${slotsLabel(value ?? 0)}`}
        failedTitle="The subscription was not changed"
        pending={subscribe.isPending}
        error={refusal}
        onConfirm={() => quantity !== null && send(quantity)}
        onClose={() => {
          setConfirming(false);
          subscribe.reset();
        }}
      />
    </Stack>
  );
};
