import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';

/**
 * Asks before a consequential action; the server's refusal shows inside. Open while `target` is
 * set; what it names stays while the modal fades out after it is gone.
 */
export const ConfirmModal = <T,>(props: {
  target: T | null;
  title: string;
  body: (target: T | null) => ReactNode;
  confirmLabel: (target: T | null) => string;
  /** the refusal's heading, e.g. 'The space was not deleted' */
  failedTitle: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const shown = useRef<T | null>(null);
  if (props.target !== null) shown.current = props.target;
  return (
    <Modal opened={props.target !== null} onClose={props.onClose} title={<Text fw={600}>{props.title}</Text>} size="md">
      <Stack gap="lg">
        {props.body(shown.current)}
        {props.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={props.failedTitle}>
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.pending}>
            {props.confirmLabel(shown.current)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
