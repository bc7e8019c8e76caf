import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef } from 'react';

/** Asks before handing a space over, saying what the current owner gives up. */
export const HandOverModal = (props: {
  email: string | null;
  spaceName: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const shown = useRef<string | null>(null);
  if (props.email !== null) shown.current = props.email;
  return (
    <Modal opened={props.email !== null} onClose={props.onClose} title={<Text fw={600}>Hand over this space</Text>} size="md">
      <Stack gap="md">
        <Text fz="sm">
          Make <strong>{shown.current}</strong> the owner of <strong>{props.spaceName}</strong>?
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>You lose the owner&apos;s rights: you can no longer change its security, hand it over or delete it.</List.Item>
          <List.Item>You stay a member, with what its security allows members.</List.Item>
          <List.Item>Only the new owner can hand it back. They are told by email, and invited if they have no account.</List.Item>
        </List>
        {props.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The space was not handed over">
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.pending}>
            Hand over
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
