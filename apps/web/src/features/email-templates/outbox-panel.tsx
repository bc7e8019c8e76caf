import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Code,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { OutboxMessage, OutboxStatus } from '@resim/contracts';
import { IconAlertTriangle, IconEye, IconInbox, IconPaperclip, IconRefresh } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { useOutbox, useRetryEmail } from './email-template-queries';
import { EmailFrame } from './email-frame';

const statusColour: Record<OutboxStatus, string> = { queued: 'blue', sending: 'cyan', sent: 'teal', failed: 'red', kept: 'orange' };
// Kept is what the outbox does without SMTP: said plainly, so that nobody waits for an email that never leaves.
const statusLabel: Record<OutboxStatus, string> = {
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  kept: 'not sent (no SMTP configured)',
};

const StatusBadge = ({ status }: { status: OutboxStatus }) => (
  <Badge
    variant="light"
    color={statusColour[status]}
    leftSection={status === 'sending' ? <Loader size={10} color="cyan" aria-hidden /> : undefined}
    data-testid="outbox-status"
  >
    {statusLabel[status]}
  </Badge>
);

const filters: { value: OutboxStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'queued', label: 'Queued' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'kept', label: 'Not sent' },
];

/** A file's size as people read it: bytes, kilobytes or megabytes. */
const formatSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

/** The files sent with a message, by name and size; nothing when there are none. */
const Attachments = ({ message }: { message: OutboxMessage }) =>
  message.attachments.length === 0 ? null : (
    <Group gap={4} wrap="nowrap" aria-label={`Attached to the email to ${message.to}`}>
      <IconPaperclip size={14} aria-hidden />
      <Text fz="xs" c="dimmed" lineClamp={1}>
        {message.attachments.map((file) => `${file.filename} (${formatSize(file.size)})`).join(', ')}
      </Text>
    </Group>
  );

/** One message as it was sent: who to, when, how it went, and its body. */
const ReadEmailModal = ({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) => {
  const shown = useRef<OutboxMessage | null>(null);
  if (message) shown.current = message;
  const email = shown.current;
  return (
    <Modal opened={message !== null} onClose={onClose} title={<Text fw={600}>{email?.subject}</Text>} size="xl">
      {email ? (
        <Stack gap="md">
          <Group gap="lg" wrap="wrap">
            <Text fz="sm">
              <Text span c="dimmed" fz="sm">
                To{' '}
              </Text>
              {email.to}
            </Text>
            {email.sender ? (
              <Text fz="sm">
                <Text span c="dimmed" fz="sm">
                  From{' '}
                </Text>
                {email.sender}
              </Text>
            ) : null}
            <StatusBadge status={email.status} />
            <Text fz="sm" c="dimmed">
              {email.status === 'kept'
                ? `Kept ${formatDateTime(email.sentAt ?? email.created)}: set SMTP_URL to send emails`
                : email.sentAt
                  ? `Sent ${formatDateTime(email.sentAt)}`
                  : `Queued ${formatDateTime(email.created)}`}
            </Text>
          </Group>
          <Attachments message={email} />
          {email.lastError ? (
            <Alert color={email.status === 'failed' ? 'red' : 'yellow'} variant="light" title="Last error">
              {email.lastError}
            </Alert>
          ) : null}
          <Tabs defaultValue={email.html ? 'html' : 'text'} keepMounted={false}>
            <Tabs.List>
              {email.html ? <Tabs.Tab value="html">HTML</Tabs.Tab> : null}
              <Tabs.Tab value="text">Text</Tabs.Tab>
            </Tabs.List>
            {email.html ? (
              <Tabs.Panel value="html" pt="sm">
                <EmailFrame html={email.html} title={`Email to ${email.to}`} height={440} />
              </Tabs.Panel>
            ) : null}
            <Tabs.Panel value="text" pt="sm">
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {email.text}
              </Code>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      ) : null}
    </Modal>
  );
};

/** The outbox tab: email the user sent or that concerns their spaces, newest first, with how its delivery went. */
export const OutboxPanel = () => {
  const [filter, setFilter] = useState<OutboxStatus | 'all'>('all');
  const outbox = useOutbox(filter === 'all' ? undefined : filter);
  const retry = useRetryEmail();
  const [reading, setReading] = useState<OutboxMessage | null>(null);
  const messages = outbox.data?.pages.flatMap((page) => page.messages) ?? [];

  const content = () => {
    if (outbox.isPending)
      return (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the outbox">
          <Skeleton height={40} />
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      );
    if (outbox.isError)
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The outbox could not be loaded">
          <Stack gap="sm" align="flex-start">
            The server did not answer as expected. Check your connection and try again.
            <Button size="xs" variant="light" color="red" onClick={() => void outbox.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      );
    if (messages.length === 0)
      return (
        <EmptyState
          size="sm"
          py="lg"
          icon={<IconInbox size={22} />}
          withIndicatorBackground
          title={filter === 'all' ? 'No email yet' : `No ${filter} email`}
          description="Email you send, and email about the spaces you are in, shows here with how its delivery went."
        />
      );
    return (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Outbox">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>Status</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th w={180}>Queued</Table.Th>
                <Table.Th w={90}>Attempts</Table.Th>
                <Table.Th w={130}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.map((message) => (
                <Table.Tr key={message.id} data-testid="outbox-row">
                  <Table.Td>
                    <StatusBadge status={message.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{message.to}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" fw={500} lineClamp={1}>
                      {message.subject}
                    </Text>
                    <Attachments message={message} />
                    {message.lastError && message.status !== 'sent' ? (
                      <Text fz="xs" c={message.status === 'failed' ? 'red' : 'dimmed'} lineClamp={2}>
                        {message.lastError}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{formatDateTime(message.created)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{message.attempts}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {message.status === 'failed' ? (
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconRefresh size={14} />}
                          aria-label={`Retry the email to ${message.to}`}
                          loading={retry.isPending && retry.variables === message.id}
                          onClick={() => retry.mutate(message.id)}
                        >
                          Retry
                        </Button>
                      ) : null}
                      <Tooltip label="Read" openDelay={300}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Read the email to ${message.to}`}
                          onClick={() => setReading(message)}
                        >
                          <IconEye size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {outbox.hasNextPage ? (
          <Group justify="center">
            <Button variant="default" onClick={() => void outbox.fetchNextPage()} loading={outbox.isFetchingNextPage}>
              Show older email
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  };

  return (
    <Card padding="lg" radius="md">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <SegmentedControl aria-label="Show email by status" value={filter} onChange={setFilter} data={filters} />
        <Button
          variant="subtle"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void outbox.refetch()}
          loading={outbox.isRefetching}
        >
          Refresh
        </Button>
      </Group>
      {content()}
      <ReadEmailModal message={reading} onClose={() => setReading(null)} />
    </Card>
  );
};
