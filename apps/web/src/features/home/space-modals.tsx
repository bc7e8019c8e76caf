import { Modal, Text } from '@mantine/core';
import { createSpaceBody, type Space } from '@resim/contracts';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { SingleFieldForm } from '../../ui/single-field-form';

/** Create a space, or rename one: a description, Enter submits. */
export const SpaceFormModal = (props: {
  opened: boolean;
  title: string;
  submitLabel: string;
  initial: string;
  pending: boolean;
  onSubmit: (description: string) => Promise<unknown>;
  onClose: () => void;
}) => (
  <Modal opened={props.opened} onClose={props.onClose} title={<Text fw={600}>{props.title}</Text>} size="md">
    <SingleFieldForm
      schema={createSpaceBody}
      field="description"
      label="Name"
      description="What everyone in the space sees it called."
      placeholder="e.g. Emergency medicine, year 2"
      maxLength={200}
      initial={props.initial}
      submitLabel={props.submitLabel}
      pending={props.pending}
      onSubmit={props.onSubmit}
      onCancel={props.onClose}
    />
  </Modal>
);

/** Asks before deleting; the server's refusal (a space that still holds scenarios) is shown here. */
export const DeleteSpaceModal = (props: {
  space: Space | null;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <ConfirmDeleteModal
    target={props.space}
    noun="space"
    question={(space) => (
      <>
        Delete the space <strong>{space?.description}</strong>? This cannot be undone. Only an empty space can be deleted.
      </>
    )}
    pending={props.pending}
    error={props.error}
    onConfirm={props.onConfirm}
    onClose={props.onClose}
  />
);
