import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

/** Deletes an item of the scenario after asking; the deletion can still be undone. */
export const DeleteItemButton = (props: { label: string; buttonLabel: string; message: string; onConfirm: () => void }) => {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Group justify="flex-end">
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setOpened(true)}>
          {props.buttonLabel}
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={<Text fw={600}>{props.label}</Text>}>
        <Stack gap="lg">
          <Text fz="sm">{props.message}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                setOpened(false);
                props.onConfirm();
              }}
            >
              {props.buttonLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
