import { Text } from '@mantine/core';
import type { SpaceUser } from '@resim/contracts';
import { ConfirmModal } from '../../ui/confirm-modal';

/** Asks before taking someone out of a space (or the user themself, which is leaving it). */
export const RemoveMemberModal = (props: {
  user: SpaceUser | null;
  spaceName: string;
  isSelf: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <ConfirmModal
    {...props}
    target={props.user ? { email: props.user.email, isSelf: props.isSelf } : null}
    title="Remove member"
    body={(shown) => (
      <Text fz="sm">
        {shown?.isSelf ? (
          <>
            Leave <strong>{props.spaceName}</strong>? You lose access to it and its scenarios at once; only a member can add you again.
          </>
        ) : (
          <>
            Remove <strong>{shown?.email}</strong> from <strong>{props.spaceName}</strong>? They lose access to the space and its scenarios
            at once. You can add them again later.
          </>
        )}
      </Text>
    )}
    confirmLabel={(shown) => (shown?.isSelf ? 'Leave space' : 'Remove member')}
    failedTitle="The member was not removed"
  />
);
