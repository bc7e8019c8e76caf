import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createSpaceBody, type Space } from '@resim/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef } from 'react';
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
      label="Description"
      description="The name everyone in the space sees."
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
}) => {
  // The name stays while the modal fades out after the space is gone.
  const shown = useRef<Space | null>(null);
  if (props.space) shown.current = props.space;
  return (
    <Modal opened={props.space !== null} onClose={props.onClose} title={<Text fw={600}>Delete space</Text>} size="md">
      <Stack gap="lg">
        <Text fz="sm">
          Delete the space <strong>{shown.current?.description}</strong>? This cannot be undone. Only an empty space can be deleted.
        </Text>
        {props.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The space was not deleted">
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.pending}>
            Delete space
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
