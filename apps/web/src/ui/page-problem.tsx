import { Alert, Box, Button, Paper, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

/** A page that cannot be shown, with what went wrong and a way to try again. */
export const PageProblem = ({ title, message }: { title: string; message: string }) => (
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
