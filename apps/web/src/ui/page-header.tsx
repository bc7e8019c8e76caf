import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title of a console page, what it is for, and its main actions. */
export const PageHeader = ({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) => (
  <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
    <Stack gap={4} maw={720}>
      <Title order={1} fz={28}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" fz="sm">
          {description}
        </Text>
      ) : null}
    </Stack>
    {actions ? (
      <Group gap="sm" wrap="wrap">
        {actions}
      </Group>
    ) : null}
  </Group>
);
