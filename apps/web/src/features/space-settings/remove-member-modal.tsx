import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SpaceUser } from '@resim/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef } from 'react';

/** Asks before taking someone out of a space; the user's email stays while the dialog fades out. */
export const RemoveMemberModal = (props: {
  user: SpaceUser | null;
  spaceName: string;
  isSelf: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const shown = useRef<{ user: SpaceUser; isSelf: boolean } | null>(null);
  if (props.user) shown.current = { user: props.user, isSelf: props.isSelf };
  const email = shown.current?.user.email ?? '';
  return (
    <Modal opened={props.user !== null} onClose={props.onClose} title={<Text fw={600}>Remove member</Text>} size="md">
      <Stack gap="lg">
        <Text fz="sm">
          {shown.current?.isSelf ? (
            <>
              Leave <strong>{props.spaceName}</strong>? You lose access to it and its scenarios at once; only a member can add you again.
            </>
          ) : (
            <>
              Remove <strong>{email}</strong> from <strong>{props.spaceName}</strong>? They lose access to the space and its scenarios at
              once. You can add them again later.
            </>
          )}
        </Text>
        {props.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The member was not removed">
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.pending}>
            {shown.current?.isSelf ? 'Leave space' : 'Remove member'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
