import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A screen whose data did not come, with a way to ask again. */
export const LoadFailed = ({ what, onRetry }: { what: string; onRetry: () => void }) => (
  <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={`${what} could not be loaded`}>
    <Stack gap="sm" align="flex-start">
      The server did not answer as expected. Check your connection and try again.
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  </Alert>
);
