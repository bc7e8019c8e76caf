import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmModal } from './confirm-modal';

/** Asks before deleting something; the server's refusal shows inside. Open while `target` is set. */
export const ConfirmDeleteModal = <T,>(props: {
  target: T | null;
  /** 'space', 'scenario': names the title, the button and the refusal */
  noun: string;
  question: (target: T | null) => ReactNode;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <ConfirmModal
    {...props}
    title={`Delete ${props.noun}`}
    body={(target) => <Text fz="sm">{props.question(target)}</Text>}
    confirmLabel={() => `Delete ${props.noun}`}
    failedTitle={`The ${props.noun} was not deleted`}
  />
);
