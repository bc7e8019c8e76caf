import { Button, Group, JsonInput, Modal, Stack, Text, TextInput } from '@mantine/core';
import { sendTestEmailBody } from '@resim/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { capitalise } from '../../ui/format';
import { parseData } from './template-draft';

/**
 * Sends the saved template to one address, the signed-in user's by default, with data the user
 * may change. Shown only while open, so that it starts from the editor's sample data each time.
 */
export const SendTestModal = (props: {
  name: string;
  defaultTo: string;
  dataJson: string;
  pending: boolean;
  onSend: (test: { to: string; data: Record<string, unknown> }) => void;
  onClose: () => void;
}) => {
  const [to, setTo] = useState(props.defaultTo);
  const [dataJson, setDataJson] = useState(props.dataJson);
  const [error, setError] = useState<string | null>(null);
  const parsed = parseData(dataJson);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = sendTestEmailBody.safeParse({ to: to.trim(), data: 'data' in parsed ? parsed.data : {} });
    if (!checked.success) {
      setError(capitalise(checked.error.issues[0]?.message ?? 'Enter an email address'));
      return;
    }
    if ('error' in parsed) return;
    props.onSend({ to: checked.data.to, data: checked.data.data });
  };

  return (
    <Modal opened onClose={props.onClose} title={<Text fw={600}>Send a test of {props.name}</Text>} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="To"
            description="The test is queued like any email; the outbox shows when it is sent."
            type="email"
            value={to}
            onChange={(event) => {
              setTo(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            data-autofocus
          />
          <JsonInput
            label="Data"
            description="Given over the template's sample data."
            value={dataJson}
            onChange={setDataJson}
            error={'error' in parsed ? parsed.error : null}
            autosize
            minRows={4}
            maxRows={12}
            formatOnBlur
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={props.pending}>
              Send test
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** Asks before a built-in template returns to its default, which deletes the user's version. */
export const ResetTemplateModal = (props: { name: string | null; pending: boolean; onConfirm: () => void; onClose: () => void }) => {
  const shown = useRef<string | null>(null);
  if (props.name) shown.current = props.name;
  return (
    <Modal opened={props.name !== null} onClose={props.onClose} title={<Text fw={600}>Reset to default</Text>}>
      <Stack gap="lg">
        <Text fz="sm">
          Reset <strong>{shown.current}</strong> to the product’s default wording? Your version is deleted; this cannot be undone.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.pending}>
            Reset to default
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** Asks before unsaved changes are dropped for another template. */
export const DiscardChangesModal = (props: { opened: boolean; onConfirm: () => void; onClose: () => void }) => (
  <Modal opened={props.opened} onClose={props.onClose} title={<Text fw={600}>Discard your changes?</Text>}>
    <Stack gap="lg">
      <Text fz="sm">This template has changes that are not saved. Open the other one and lose them?</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onClose} data-autofocus>
          Keep editing
        </Button>
        <Button color="red" onClick={props.onConfirm}>
          Discard changes
        </Button>
      </Group>
    </Stack>
  </Modal>
);
