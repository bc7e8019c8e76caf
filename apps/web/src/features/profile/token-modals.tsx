import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { createTokenBody, type ApiToken, type CreatedToken } from '@resim/contracts';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useRef } from 'react';
import { SingleFieldForm } from '../../ui/single-field-form';

const ShowOnce = ({ token, onDone }: { token: CreatedToken; onDone: () => void }) => (
  <Stack gap="lg">
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Copy your token now">
      This is the only time the token <strong>{token.name}</strong> is shown. Store it somewhere safe: it will not be shown again.
    </Alert>
    <Group gap="xs" wrap="nowrap" align="stretch">
      <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontSize: 13 }} data-testid="new-token-value">
        {token.token}
      </Code>
      <CopyButton value={token.token} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy token'} withArrow position="left">
            <ActionIcon
              color={copied ? 'teal' : 'blue'}
              variant="light"
              size="lg"
              onClick={copy}
              aria-label={copied ? 'Token copied' : 'Copy token'}
              style={{ alignSelf: 'center' }}
            >
              {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
    <Text fz="sm" c="dimmed">
      Send it in the <Code>Authorization: Bearer …</Code> header of your API requests.
    </Text>
    <Group justify="flex-end">
      <Button onClick={onDone}>Done</Button>
    </Group>
  </Stack>
);

/** Asks a name, then shows the new token once. */
export const CreateTokenModal = (props: {
  opened: boolean;
  created: CreatedToken | null;
  pending: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) => (
  <Modal
    opened={props.opened}
    onClose={props.onClose}
    title={<Text fw={600}>{props.created ? 'Your new API token' : 'Create an API token'}</Text>}
    size="lg"
    // A stray click outside must not lose a secret that is shown only once.
    closeOnClickOutside={!props.created}
  >
    {props.created ? (
      <ShowOnce token={props.created} onDone={props.onClose} />
    ) : (
      <SingleFieldForm
        schema={createTokenBody}
        field="name"
        label="Name"
        description="What the token is for, so you can tell your tokens apart."
        placeholder="e.g. Nightly results export"
        maxLength={100}
        submitLabel="Create token"
        pending={props.pending}
        onSubmit={props.onSubmit}
        onCancel={props.onClose}
      />
    )}
  </Modal>
);

export const RevokeTokenModal = (props: { token: ApiToken | null; pending: boolean; onConfirm: () => void; onClose: () => void }) => {
  const shown = useRef<ApiToken | null>(null);
  if (props.token) shown.current = props.token;
  return (
    <Modal opened={props.token !== null} onClose={props.onClose} title={<Text fw={600}>Revoke token</Text>}>
      <Stack gap="lg">
        <Text fz="sm">
          Revoke <strong>{shown.current?.name}</strong>? Scripts and integrations using it stop working at once. This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.pending}>
            Revoke token
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
