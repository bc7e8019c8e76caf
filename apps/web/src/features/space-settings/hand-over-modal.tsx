import { List, Stack, Text } from '@mantine/core';
import { ConfirmModal } from '../../ui/confirm-modal';

/** Asks before handing a space over, saying what the current owner gives up. */
export const HandOverModal = (props: {
  email: string | null;
  spaceName: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <ConfirmModal
    {...props}
    target={props.email}
    title="Hand over this space"
    body={(email) => (
      <Stack gap="md">
        <Text fz="sm">
          Make <strong>{email}</strong> the owner of <strong>{props.spaceName}</strong>?
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>You lose the owner&apos;s rights: you can no longer change its security, hand it over or delete it.</List.Item>
          <List.Item>You stay a member, with what its security allows members.</List.Item>
          <List.Item>Only the new owner can hand it back. They are told by email, and invited if they have no account.</List.Item>
        </List>
      </Stack>
    )}
    confirmLabel={() => 'Hand over'}
    failedTitle="The space was not handed over"
  />
);
