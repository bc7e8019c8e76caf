import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { showSuccess } from '../../app/notify';

/** SPEC 7: a message to every learner of the session, from the console or the presenter display. */
export const MessageModal = ({ resimId, opened, onClose }: { resimId: string; opened: boolean; onClose: () => void }) => {
  const api = useApi();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  // Sent again after a failure, the same words keep their id: a message stored before its answer was lost is not shown twice.
  const [messageId, setMessageId] = useState(() => crypto.randomUUID());
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setMessageId(crypto.randomUUID());
  };
  const send = useMutation({
    mutationFn: () => api.resims.message(resimId, { id: messageId, title: title.trim(), message: message.trim() }),
    onSuccess: () => {
      showSuccess('Message sent to every learner');
      setTitle('');
      setMessage('');
      setMessageId(crypto.randomUUID());
      onClose();
    },
  });
  const ready = title.trim() !== '' && message.trim() !== '';
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>Message learners</Text>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) send.mutate();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Title"
            value={title}
            onChange={(event) => edit(setTitle)(event.currentTarget.value)}
            maxLength={200}
            data-autofocus
            required
          />
          <Textarea
            label="Message"
            value={message}
            onChange={(event) => edit(setMessage)(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={3}
            required
          />
          <Text fz="xs" c="dimmed">
            Every learner of this session sees it at once.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending} disabled={!ready} leftSection={<IconMessage size={14} />}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
