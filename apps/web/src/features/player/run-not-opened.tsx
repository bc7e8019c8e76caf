import { Alert, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ScreenHeading } from '../../ui/screen-heading';
import { PlayerFrame } from './player-frame';
import { usePlayerSession } from './player-session';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A run being read before its screens show. */
export const RunOpening = ({ label }: { label: string }) => (
  <Center py={64}>
    <Loader type="dots" aria-label={label} />
  </Center>
);

/** A run that could not be read: what went wrong, and where to start again. */
export const RunNotOpened = ({ title, error, next }: { title: string; error: unknown; next: string }) => {
  const session = usePlayerSession();
  return (
    <PlayerFrame productName={session.productName}>
      <Paper p="xl" radius="md" shadow="xs">
        <Stack gap="md" align="flex-start">
          <ScreenHeading fz="xl">{title}</ScreenHeading>
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} w="100%" role="alert">
            {errorText(error)}
          </Alert>
          <Text fz="sm" c="dimmed">
            {next}
          </Text>
        </Stack>
      </Paper>
    </PlayerFrame>
  );
};
