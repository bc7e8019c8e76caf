import { Card, Progress, Table, Text, Title } from '@mantine/core';
import type { IntelItem } from '@resim/contracts';
import { formatRate } from './intel-format';

/** One of the answer key's lists: the items most often got wrong, with how many finished runs did. */
export const HardestItems = ({ title, empty, items }: { title: string; empty: string; items: readonly IntelItem[] }) => (
  <Card withBorder radius="md" padding="md">
    <Title order={3} fz="md" mb="sm">
      {title}
    </Title>
    {items.length === 0 ? (
      <Text fz="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <Table verticalSpacing={6} fz="sm" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Scenario</Table.Th>
            <Table.Th ta="right">Finished runs</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.resimId}/${item.id}`}>
              <Table.Td fw={600}>{item.name}</Table.Td>
              <Table.Td>{item.resimName}</Table.Td>
              <Table.Td ta="right" miw={140}>
                {item.runs} of {item.of} ({formatRate(item.runs / item.of)})
                <Progress value={(item.runs / item.of) * 100} size="sm" mt={4} color="red" aria-hidden />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    )}
  </Card>
);
