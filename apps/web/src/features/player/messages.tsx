import { Button, Drawer, Group, Modal, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { SessionMessage } from '@resim/contracts';
import { IconSpeakerphone } from '@tabler/icons-react';

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

const sentAt = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
};

/** A presenter's message as it arrives: in front of everything until the learner has read it. */
export const MessageAlert = ({ unread, onDismiss }: { unread: readonly SessionMessage[]; onDismiss: (messageId: string) => void }) => {
  const message = unread[0];
  return (
    <Modal
      opened={message !== undefined}
      onClose={() => message && onDismiss(message.id)}
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" aria-hidden>
            <IconSpeakerphone size={18} />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            {message?.title}
          </Text>
        </Group>
      }
      size="md"
    >
      {message ? (
        <Stack gap="md">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{message.message}</Text>
          <Text fz="xs" c="dimmed">
            From the presenter{sentAt(message.sent) ? `, ${sentAt(message.sent)}` : ''}
            {unread.length > 1 ? ` · ${unread.length - 1} more` : ''}
          </Text>
          <Button onClick={() => onDismiss(message.id)} data-autofocus>
            OK
          </Button>
        </Stack>
      ) : null}
    </Modal>
  );
};

/** Every message of the session, newest first. */
export const MessagesList = ({ messages }: { messages: readonly SessionMessage[] }) => (
  <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
    {[...messages].reverse().map((message) => (
      <Paper component="li" key={message.id} p="sm" radius="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Text fw={600}>{message.title}</Text>
          <Text fz="xs" c="dimmed">
            {sentAt(message.sent)}
          </Text>
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {message.message}
        </Text>
      </Paper>
    ))}
  </Stack>
);

/** The session's messages as a section of a screen (the lobby, the end), when there are any. */
export const MessagesSection = ({ messages, id }: { messages: readonly SessionMessage[]; id: string }) =>
  messages.length === 0 ? null : (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>
        Messages from the presenter
      </Title>
      <MessagesList messages={messages} />
    </Stack>
  );

export const MessagesDrawer = ({
  opened,
  onClose,
  messages,
}: {
  opened: boolean;
  onClose: () => void;
  messages: readonly SessionMessage[];
}) => (
  <Drawer opened={opened} onClose={onClose} position="right" title="Messages from the presenter" size="md">
    {messages.length === 0 ? (
      <Text c="dimmed" fz="sm">
        No messages yet.
      </Text>
    ) : (
      <MessagesList messages={messages} />
    )}
  </Drawer>
);
