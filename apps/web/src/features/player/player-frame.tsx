import { Alert, Anchor, Box, Button, Container, Group, Paper, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../ui/brand';

/**
 * The frame of the player's pages around a run (code entry, join, lobby, end): the product's
 * mark, leading back to code entry, over one centred column that fits a phone.
 */
export const PlayerFrame = ({ productName, width = 560, children }: { productName: string; width?: number; children: ReactNode }) => (
  <Box mih="100dvh" bg="gray.0">
    <Box component="header" bg="white" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" maw={width} mx="auto">
        <Anchor component={Link} to="/play" underline="never" aria-label={`${productName}: enter a join code`}>
          <Brand productName={productName} />
        </Anchor>
      </Group>
    </Box>
    <Container component="main" size={width} px="md" py="xl">
      {children}
    </Container>
  </Box>
);

/** A page that cannot be shown, with what went wrong and a way to try again. */
export const PlayerProblem = ({ title, message }: { title: string; message: string }) => (
  <Box mih="100dvh" bg="gray.0" px="md" py={64}>
    <Paper p="xl" radius="md" maw={480} mx="auto">
      <Stack gap="md">
        <Title order={1} fz="xl">
          {title}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {message}
        </Alert>
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()} w="fit-content">
          Reload
        </Button>
      </Stack>
    </Paper>
  </Box>
);
