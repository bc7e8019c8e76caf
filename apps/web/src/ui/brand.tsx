import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconFlask2 } from '@tabler/icons-react';

/** The product's mark and name, as on the issuer's pages. */
export const Brand = ({ productName, size = 'md' }: { productName: string; size?: 'md' | 'lg' }) => (
  <Group gap={10} wrap="nowrap">
    <ThemeIcon size={size === 'lg' ? 40 : 32} radius="md" variant="light" aria-hidden>
      <IconFlask2 size={size === 'lg' ? 24 : 20} stroke={1.8} />
    </ThemeIcon>
    <Text fw={700} fz={size === 'lg' ? 22 : 18} c="blue.8" lh={1}>
      {productName}
    </Text>
  </Group>
);
