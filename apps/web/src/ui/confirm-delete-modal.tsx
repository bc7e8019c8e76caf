import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';

/**
 * Asks before deleting something; the server's refusal shows inside. Open while `target` is set;
 * the target's name stays while the modal fades out after it is gone.
 */
export const ConfirmDeleteModal = <T,>(props: {
  target: T | null;
  /** 'space', 'scenario': names the title, the button and the refusal */
  noun: string;
  question: (target: T | null) => ReactNode;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const shown = useRef<T | null>(null);
  if (props.target !== null) shown.current = props.target;
  return (
    <Modal opened={props.target !== null} onClose={props.onClose} title={<Text fw={600}>Delete {props.noun}</Text>} size="md">
      <Stack gap="lg">
        <Text fz="sm">{props.question(shown.current)}</Text>
        {props.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={`The ${props.noun} was not deleted`}>
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.pending}>
            Delete {props.noun}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
