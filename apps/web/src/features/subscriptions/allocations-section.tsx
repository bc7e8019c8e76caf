import { Alert, Badge, Button, Loader, Group, NativeSelect, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { licenceTypeNames, type BillingCustomer } from '@resim/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { showSuccess } from '../../app/notify';
import type { LicenceType } from '@resim/domain';
import { allocationsOf, countByType, gridRows, shownType, type GridEdits, type GridRow } from './allocation-grid';
import { slotsLabel } from './billing-format';
import { useAllocate } from './billing-queries';
import { inactive } from './inactive';

const licenceOptions = ([0, 1, 2, 3, 4] as const).map((type) => ({ value: String(type), label: licenceTypeNames[type] }));

const kindLabel: Record<GridRow['kind'], string> = { owner: 'Owner', member: 'Member', learner: 'Learner', former: 'Left the space' };

const roleOf = (row: GridRow): string => (row.alsoLearner ? `${kindLabel[row.kind]}, learner` : kindLabel[row.kind]);

// Someone who left the space keeps their slot until it is freed, and can be given no other.
const optionsOf = (row: GridRow) =>
  row.kind === 'former' ? licenceOptions.filter((option) => option.value === '0' || option.value === String(row.type)) : licenceOptions;

const SlotFigures = ({ customer }: { customer: BillingCustomer }) => (
  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
    {customer.slotUsage.map((usage) => {
      const name = customer.plans.find((plan) => plan.plan === usage.id)?.name ?? usage.id;
      return (
        <Stack
          key={usage.id}
          gap={0}
          p="sm"
          bd="1px solid var(--mantine-color-default-border)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
            {name}
          </Text>
          <Text fz="sm" data-slots={usage.id}>
            {usage.allocated} of {slotsLabel(usage.quantity)} allocated, {usage.free} free
          </Text>
        </Stack>
      );
    })}
  </SimpleGrid>
);

/**
 * SPEC 2: the slot allocations of a space, in the result grid of its users and learners. A change
 * is sent with the others as one request (SPEC 7 POST /admin/billing/allocation); a refusal shows
 * the server's message as it is (SPEC 8).
 */
export const AllocationsSection = ({ customer }: { customer: BillingCustomer }) => {
  const [spaceId, setSpaceId] = useState<string | null>(customer.spaces[0]?.id ?? null);
  const [edits, setEdits] = useState<GridEdits>({});
  const allocate = useAllocate();
  const space = customer.spaces.find((candidate) => candidate.id === spaceId) ?? null;
  const rows = useMemo(() => (space ? gridRows(space, customer.allocations) : []), [space, customer.allocations]);
  const changes = space ? allocationsOf(space.id, rows, edits) : [];
  const counts = countByType(rows, edits);

  const pick = (next: string | null) => {
    setSpaceId(next);
    setEdits({});
    allocate.reset();
  };

  const save = () => {
    if (changes.length === 0 || allocate.isPending) return;
    allocate.mutate(
      { allocations: changes },
      {
        onSuccess: () => {
          setEdits({});
          showSuccess(`${changes.length === 1 ? 'One allocation' : `${changes.length} allocations`} saved`);
        },
      },
    );
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="billing-allocations">
      <Title order={2} fz="lg" id="billing-allocations">
        Slot allocations
      </Title>
      <SlotFigures customer={customer} />
      {customer.spaces.length === 0 ? (
        <Text fz="sm" c="dimmed">
          You own no space yet: slots are allocated to the users and learners of the spaces you own.
        </Text>
      ) : (
        <>
          <Group align="flex-end" gap="md" wrap="wrap">
            <Select
              label="Space"
              data={customer.spaces.map((candidate) => ({ value: candidate.id, label: candidate.description }))}
              value={spaceId}
              onChange={pick}
              allowDeselect={false}
              w={280}
            />
            {space ? (
              <Text fz="sm" c="dimmed" pb={6}>
                Free allowance: {space.freeUsed} of {customer.freeLearnersPerSpace} learners
              </Text>
            ) : null}
          </Group>
          {space && rows.length === 0 ? (
            <Text fz="sm" c="dimmed">
              This space has no users or learners yet.
            </Text>
          ) : null}
          {space && rows.length > 0 ? (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing={6} fz="sm" striped aria-label={`Slots in ${space.description}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Person</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th w={260}>Licence</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => {
                    const type = shownType(row, edits);
                    const changed = type !== row.type;
                    return (
                      <Table.Tr key={row.key} data-changed={changed || undefined}>
                        <Table.Td>
                          <Text fz="sm" fw={500}>
                            {row.email}
                          </Text>
                          {row.name ? (
                            <Text fz="xs" c="dimmed">
                              {row.name}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>{roleOf(row)}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <NativeSelect
                              aria-label={`Licence of ${row.email}`}
                              data={optionsOf(row)}
                              value={String(type)}
                              onChange={(event) => {
                                const next = Number(event.currentTarget.value) as LicenceType;
                                setEdits((current) => ({ ...current, [row.key]: next }));
                              }}
                              size="xs"
                              w={150}
                            />
                            {changed ? (
                              <Badge size="sm" variant="light" color="yellow">
                                Changed
                              </Badge>
                            ) : null}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          {space && rows.length > 0 ? (
            <Text fz="xs" c="dimmed" data-testid="grid-totals">
              In this space: {counts[2]} Engage, {counts[3]} Assess, {counts[4]} Embed, {counts[1]} free personal, {counts[0]} unlicensed
            </Text>
          ) : null}
          {allocate.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The slots were not allocated">
              {isApiError(allocate.error) ? allocate.error.message : String(allocate.error)}
            </Alert>
          ) : null}
          {space && rows.length > 0 ? (
            <Group gap="sm">
              <Button
                onClick={save}
                leftSection={allocate.isPending ? <Loader size={14} color="gray" aria-label="Allocating" /> : undefined}
                {...inactive(changes.length === 0 || allocate.isPending)}
              >
                {changes.length > 1 ? `Allocate ${changes.length} changes` : 'Allocate'}
              </Button>
              <Button
                variant="default"
                {...inactive(Object.keys(edits).length === 0)}
                onClick={() => {
                  setEdits({});
                  allocate.reset();
                }}
              >
                Discard changes
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
};
