import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { createSpaceBody, type Space } from '@resim/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { capitalise } from '../../ui/format';

const SpaceForm = (props: {
  initial: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (description: string) => Promise<unknown>;
  onCancel: () => void;
}) => {
  const [description, setDescription] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The same schema the server validates with.
    const parsed = createSpaceBody.safeParse({ description });
    if (!parsed.success) {
      setError(capitalise(parsed.error.issues[0]?.message ?? 'Enter a description'));
      return;
    }
    props.onSubmit(parsed.data.description).catch((failure: unknown) => {
      setError(failure instanceof Error ? failure.message : String(failure));
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <TextInput
          label="Description"
          description="The name everyone in the space sees."
          placeholder="e.g. Emergency medicine, year 2"
          value={description}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={200}
          data-autofocus
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

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
    <SpaceForm
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
