import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A change a Clients modal asked for and the server refused, in the server's words; nothing when there is none. */
export const RefusalAlert = ({ error }: { error: string | null | undefined }) =>
  error ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Nothing was changed">
      {error}
    </Alert>
  ) : null;
