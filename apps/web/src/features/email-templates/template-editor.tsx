import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { EmailTemplate } from '@resim/contracts';
import { allTemplateVariables, type TemplateVariable } from '@resim/domain/email';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconDeviceFloppy,
  IconRestore,
  IconSend,
  IconShieldCheck,
  IconTrash,
} from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useState, type FormEvent } from 'react';
import { showSuccess } from '../../app/notify';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { useUserAuth } from '../profile/profile-queries';
import { useDeleteEmailTemplate, useSaveEmailTemplate, useSendTestEmail } from './email-template-queries';
import { checkDraft, draftOf, newTemplateDraft, sameDraft, sampleJson, type DraftField, type TemplateDraft } from './template-draft';
import { ResetTemplateModal, SendTestModal } from './template-modals';
import { TemplatePreview } from './template-preview';

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } };

const Variables = ({ variables }: { variables: readonly TemplateVariable[] }) => (
  <Stack gap={6}>
    <Text fz="sm" fw={500} id="template-variables">
      Variables you can use
    </Text>
    <Table fz="sm" verticalSpacing={4} horizontalSpacing="xs" aria-labelledby="template-variables">
      <Table.Tbody>
        {variables.map((variable) => (
          <Table.Tr key={variable.name}>
            <Table.Td w={1} style={{ whiteSpace: 'nowrap' }}>
              <Code>{`{{${variable.name}}}`}</Code>
            </Table.Td>
            <Table.Td c="dimmed">{variable.description}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Stack>
);

type Dialog = 'test' | 'delete' | 'reset' | null;

/**
 * One template: its name, subject, HTML and text part beside a live preview. Saving stores the
 * user's own version; a built-in one can be reset to its default, a custom one deleted.
 */
export const TemplateEditor = (props: {
  /** null: a new template */
  template: EmailTemplate | null;
  onSaved: (name: string) => void;
  onDeleted: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) => {
  const { template, onDirtyChange } = props;
  const isNew = template === null;
  const [saved, setSaved] = useState<TemplateDraft>(() => (template ? draftOf(template) : newTemplateDraft));
  const [draft, setDraft] = useState(saved);
  const [dataJson, setDataJson] = useState(() => sampleJson(saved.name));
  const [dialog, setDialog] = useState<Dialog>(null);
  // What the last save took out of the HTML as unsafe in an email, shown until the next save.
  // (A first save of a built-in template opens a new editor: the saved answer it is read from says it too.)
  const [removed, setRemoved] = useState<readonly string[]>(template?.removed ?? []);
  const me = useUserAuth();
  const save = useSaveEmailTemplate();
  const remove = useDeleteEmailTemplate();
  const sendTest = useSendTestEmail();

  // The preview and the checks follow the typing a moment behind, so keys are never held up.
  const shown = useDeferredValue(draft);
  const check = useMemo(() => checkDraft(shown), [shown]);
  const dirty = !sameDraft(draft, saved);
  const invalid = Object.keys(check.fieldErrors).length > 0 || check.problem !== null;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const set = (field: DraftField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invalid) return;
    save.mutate(
      { draft, isNew },
      {
        onSuccess: (result) => {
          const next = draftOf(result);
          setSaved(next);
          setDraft(next);
          setRemoved(result.removed);
          showSuccess(isNew ? `Template ${result.templateName} created` : `Template ${result.templateName} saved`);
          props.onSaved(result.templateName);
        },
      },
    );
  };

  const removeTemplate = () =>
    remove.mutate(
      { name: draft.name, builtIn: template?.builtIn ?? false },
      {
        onSuccess: () => {
          setDialog(null);
          if (template?.builtIn) {
            showSuccess(`${draft.name} is back to its default`);
          } else {
            showSuccess(`Template ${draft.name} deleted`);
            props.onDeleted();
          }
        },
      },
    );

  const variables = template?.variables ?? allTemplateVariables;
  const testBlocked = isNew ? 'Save the template before sending a test' : dirty ? 'Save your changes before sending a test' : null;

  return (
    <Card padding="lg" radius="md" component="section" aria-label={isNew ? 'New template' : `Template ${draft.name}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Group gap="xs">
                <Title order={2} fz="lg">
                  {isNew ? 'New template' : draft.name}
                </Title>
                {template?.builtIn ? (
                  <Badge variant="light" color="blue">
                    Built-in
                  </Badge>
                ) : null}
                {template?.customised ? (
                  <Badge variant="light" color="grape">
                    Customised
                  </Badge>
                ) : null}
                {!isNew && dirty ? (
                  <Badge variant="outline" color="orange">
                    Unsaved changes
                  </Badge>
                ) : null}
              </Group>
              {template?.purpose ? (
                <Text fz="sm" c="dimmed">
                  {template.purpose}.
                </Text>
              ) : null}
            </Stack>
            <Group gap="sm">
              {template?.customised ? (
                <Button variant="light" color="red" leftSection={<IconRestore size={16} />} onClick={() => setDialog('reset')}>
                  Reset to default
                </Button>
              ) : null}
              {template && !template.builtIn ? (
                <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')}>
                  Delete
                </Button>
              ) : null}
              <Tooltip label={testBlocked} disabled={testBlocked === null}>
                <Button
                  variant="light"
                  leftSection={<IconSend size={16} />}
                  onClick={() => setDialog('test')}
                  disabled={testBlocked !== null}
                  data-disabled={testBlocked !== null || undefined}
                >
                  Send test
                </Button>
              </Tooltip>
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} disabled={!dirty || invalid}>
                {isNew ? 'Create template' : 'Save'}
              </Button>
            </Group>
          </Group>

          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xl">
            <Stack gap="md">
              {isNew ? (
                <TextInput
                  label="Name"
                  description="Lower-case letters, digits and hyphens; it names the template in the API."
                  placeholder="e.g. course-welcome"
                  value={draft.name}
                  onChange={set('name')}
                  error={draft.name ? check.fieldErrors.name : undefined}
                  required
                  data-autofocus
                />
              ) : null}
              <TextInput label="Subject" value={draft.subject} onChange={set('subject')} error={check.fieldErrors.subject} required />
              {removed.length > 0 ? (
                <Alert color="orange" variant="light" icon={<IconShieldCheck size={18} />} title="Taken out when saved" role="status">
                  <Text fz="sm">
                    Emails may not hold these, so saving removed them: {removed.join(', ')}. Links may go to http, https or mailto addresses
                    only.
                  </Text>
                </Alert>
              ) : null}
              <Textarea
                label="HTML content"
                description="Placeholders such as {{spaceName}} are filled in, HTML-escaped. Scripts, event handlers, forms, frames and javascript: links are removed when saved."
                value={draft.content}
                onChange={set('content')}
                error={check.fieldErrors.content}
                autosize
                minRows={8}
                maxRows={24}
                styles={monospace}
                spellCheck={false}
              />
              <Textarea
                label="Text part"
                description="For mail programs that show no HTML. Leave it empty to derive it from the HTML."
                placeholder="Derived from the HTML"
                value={draft.text}
                onChange={set('text')}
                error={check.fieldErrors.text}
                autosize
                minRows={3}
                maxRows={16}
                styles={monospace}
                spellCheck={false}
              />
              {check.problem ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The template does not compile" role="alert">
                  {check.problem}
                </Alert>
              ) : null}
              {check.unknownPlaceholders.length > 0 ? (
                <Alert
                  color="yellow"
                  variant="light"
                  icon={<IconAlertTriangle size={18} />}
                  title="Unknown placeholders"
                  data-testid="unknown-placeholders"
                >
                  {check.unknownPlaceholders.map((name) => `{{${name}}}`).join(', ')}{' '}
                  {check.unknownPlaceholders.length === 1 ? 'is not a variable' : 'are not variables'} of this template: it will render
                  empty.
                </Alert>
              ) : null}
              <Variables variables={variables} />
            </Stack>
            <TemplatePreview draft={shown} compiles={check.problem === null} dataJson={dataJson} onDataJsonChange={setDataJson} />
          </SimpleGrid>
        </Stack>
      </form>

      {dialog === 'test' && template ? (
        <SendTestModal
          name={template.templateName}
          defaultTo={me.data?.email ?? ''}
          dataJson={dataJson}
          pending={sendTest.isPending}
          onSend={(test) =>
            sendTest.mutate(
              { name: template.templateName, ...test },
              {
                onSuccess: () => {
                  setDialog(null);
                  showSuccess(`Test email queued to ${test.to}; the outbox shows when it is sent`);
                },
              },
            )
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDeleteModal
        target={dialog === 'delete' ? draft.name : null}
        noun="template"
        question={(name) => (
          <>
            Delete the template <strong>{name}</strong>? This cannot be undone.
          </>
        )}
        pending={remove.isPending}
        error={null}
        onConfirm={removeTemplate}
        onClose={() => setDialog(null)}
      />
      <ResetTemplateModal
        name={dialog === 'reset' ? draft.name : null}
        pending={remove.isPending}
        onConfirm={removeTemplate}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
};
