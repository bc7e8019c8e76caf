import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { memoField, sameFieldProps } from './memo-fields';

type DialogProps = {
  readonly opened: boolean;
  readonly label: string;
  readonly buttonLabel: string;
  readonly message: string;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
};

/**
 * The question before deleting. While it is closed nothing of it shows, so it is left as it is
 * when the item's name (in its title) changes: a closed Modal is still a dozen components, rendered
 * again on every keystroke in the name otherwise. Opening it renders it with the current props.
 */
const DeleteDialog = memo(
  ({ opened, label, buttonLabel, message, onCancel, onConfirm }: DialogProps) => (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={600}>{label}</Text>}>
      <Stack gap="lg">
        <Text fz="sm">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            {buttonLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  ),
  (before, after) => (!before.opened && !after.opened) || sameFieldProps(before, after),
);

/** Deletes an item of the scenario after asking; the deletion can still be undone. */
export const DeleteItemButton = memoField((props: { label: string; buttonLabel: string; message: string; onConfirm: () => void }) => {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Group justify="flex-end">
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setOpened(true)}>
          {props.buttonLabel}
        </Button>
      </Group>
      <DeleteDialog
        opened={opened}
        label={props.label}
        buttonLabel={props.buttonLabel}
        message={props.message}
        onCancel={() => setOpened(false)}
        onConfirm={() => {
          setOpened(false);
          props.onConfirm();
        }}
      />
    </>
  );
});
