import { Center, Loader, Stack, Text } from '@mantine/core';

/** The whole-window wait while the console, its configuration or the session loads. */
export const LoadingScreen = ({ message }: { message: string }) => (
  <Center mih="100vh" bg="gray.0">
    <Stack align="center" gap="md" role="status" aria-live="polite">
      <Loader size="md" type="dots" />
      <Text c="dimmed" fz="sm">
        {message}
      </Text>
    </Stack>
  </Center>
);
