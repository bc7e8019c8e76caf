import { Alert, Button, FileButton, Group, Loader, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ResimSummary, ScenarioTemplate, Space } from '@resim/contracts';
import { newScenarioName, readExport } from '@resim/domain';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { IconAlertCircle, IconFileUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';

/** Asks before deleting a scenario. */
export const DeleteScenarioModal = (props: {
  scenario: ResimSummary | null;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <ConfirmDeleteModal
    target={props.scenario}
    noun="scenario"
    question={(scenario) => (
      <>
        Delete the scenario <strong>{scenario?.resimName}</strong>? Its content and its learners&apos; results are removed. This cannot be
        undone.
      </>
    )}
    pending={props.pending}
    error={props.error}
    onConfirm={props.onConfirm}
    onClose={props.onClose}
  />
);

type Parsed = { ok: true; file: unknown; count: number } | { ok: false; problem: string };

/** Reads an export before it is sent, so a wrong file is named here rather than after a round trip. */
const parseExport = (text: string): Parsed => {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, problem: `This is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const read = readExport(value);
  if (!read.ok) return { ok: false, problem: `This is not a scenario export: ${read.problems.slice(0, 3).join('; ')}` };
  return { ok: true, file: value, count: read.scenarios.length };
};

// Browsers name a zip's type differently, and some not at all: its name says it too.
const isZip = (file: File) => /\.zip$/i.test(file.name) || file.type === 'application/zip' || file.type === 'application/x-zip-compressed';

/**
 * Imports an exported file (chosen or pasted) into a space, or a zip made by Export with media,
 * which the server checks and whose refusal it names.
 */
export const ImportScenariosModal = (props: {
  space: Space | null;
  pending: boolean;
  error: string | null;
  onImport: (file: unknown) => void;
  onImportZip: (zip: File) => void;
  onClose: () => void;
}) => {
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The server's refusal is of what was sent: another file or text is not refused yet.
  const [sent, setSent] = useState(false);
  const shown = useRef<Space | null>(null);
  if (props.space) shown.current = props.space;
  // Closed (cancelled or imported): the next opening starts empty.
  if (props.space === null && (text !== '' || fileName !== null || zip !== null || problem !== null || sent)) {
    setText('');
    setFileName(null);
    setZip(null);
    setProblem(null);
    setSent(false);
  }
  const parsed = text.trim() === '' ? null : parseExport(text);

  const choose = (file: File | null) => {
    if (!file) return;
    setFileName(file.name);
    setProblem(null);
    setSent(false);
    if (isZip(file)) {
      setZip(file);
      setText('');
      return;
    }
    setZip(null);
    file
      .text()
      .then(setText)
      .catch((error: unknown) => setProblem(`The file could not be read: ${error instanceof Error ? error.message : String(error)}`));
  };

  const submit = () => {
    if (zip) {
      setSent(true);
      return props.onImportZip(zip);
    }
    if (!parsed) return setProblem('Choose an exported file or paste its content.');
    if (!parsed.ok) return setProblem(parsed.problem);
    setSent(true);
    props.onImport(parsed.file);
  };

  const error = problem ?? (parsed && !parsed.ok ? parsed.problem : null) ?? (sent ? props.error : null);
  return (
    <Modal
      opened={props.space !== null}
      onClose={props.onClose}
      title={<Text fw={600}>Import scenarios into {shown.current?.description}</Text>}
      size="lg"
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Choose a file made by Export (.json) or by Export with media (.zip), or paste an export&apos;s content. Each scenario in it is
          added to this space as a new scenario; the media in a zip are stored on this server.
        </Text>
        <Group gap="sm">
          <FileButton onChange={choose} accept="application/json,.json,application/zip,.zip">
            {(buttonProps) => (
              <Button {...buttonProps} variant="default" leftSection={<IconFileUpload size={16} />}>
                Choose file
              </Button>
            )}
          </FileButton>
          <Text fz="sm" c="dimmed" truncate="end" maw={320}>
            {fileName ?? 'No file chosen'}
          </Text>
        </Group>
        <Textarea
          label="Exported JSON"
          placeholder='{"format": "resim-export", ...}'
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setFileName(null);
            setZip(null);
            setProblem(null);
            setSent(false);
          }}
          autosize
          minRows={6}
          maxRows={14}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Nothing was imported">
            {error}
          </Alert>
        ) : zip && props.pending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" type="dots" />
            <Text fz="sm" c="dimmed">
              Checking {zip.name} and storing its media…
            </Text>
          </Group>
        ) : zip ? (
          <Text fz="sm">{zip.name} is ready to import with its media.</Text>
        ) : parsed?.ok ? (
          <Text fz="sm">{parsed.count === 1 ? '1 scenario' : `${parsed.count} scenarios`} ready to import.</Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={props.pending} disabled={!zip && !parsed?.ok}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** The scenario templates' query as Home holds it. */
export type TemplatesQuery = {
  readonly data: readonly ScenarioTemplate[] | undefined;
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly refetch: () => unknown;
};

/** SPEC 2 and 7: a new scenario starts from one of the scenario templates, Blank first. */
export const NewScenarioModal = (props: {
  space: Space | null;
  templates: TemplatesQuery;
  pending: boolean;
  error: string | null;
  onCreate: (templateId: string, resimName: string) => void;
  onClose: () => void;
}) => {
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState('');
  const shown = useRef<Space | null>(null);
  if (props.space) shown.current = props.space;
  // Closed: the next opening starts from Blank again.
  if (props.space === null && chosen !== null) setChosen(null);
  if (props.space === null && name !== '') setName('');
  const templates = props.templates.data ?? [];
  const selected = chosen ?? templates[0]?.id ?? null;

  return (
    <Modal
      opened={props.space !== null}
      onClose={props.onClose}
      title={<Text fw={600}>New scenario in {shown.current?.description}</Text>}
      size="lg"
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          description="What authors and learners will call it; you can change it later."
          placeholder={newScenarioName}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && selected) props.onCreate(selected, name.trim());
          }}
          maxLength={200}
          data-autofocus
        />
        {props.templates.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" type="dots" />
            <Text fz="sm" c="dimmed">
              Loading the templates...
            </Text>
          </Group>
        ) : props.templates.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The templates could not be loaded">
            <Button size="xs" variant="light" color="red" onClick={() => void props.templates.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Radio.Group value={selected} onChange={setChosen} label="Start from" description="What the new scenario holds at first">
            <Stack gap="xs" mt="xs">
              {templates.map((template) => (
                <Radio.Card key={template.id} value={template.id} radius="md" p="md">
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <Stack gap={2}>
                      <Text fw={600} fz="sm">
                        {template.name}
                      </Text>
                      <Text fz="sm" c="dimmed">
                        {template.description}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {props.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The scenario was not created">
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => selected && props.onCreate(selected, name.trim())} loading={props.pending} disabled={selected === null}>
            Create scenario
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
