import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { maxTagsPerRequest, type AddLearnersResult, type Learner } from '@resim/contracts';
import { IconAlertCircle, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { showSuccess } from '../../app/notify';
import { useEmailSends } from '../../app/app-session';
import { ImportReport } from './import-report';
import type { LearnerImport } from './learner-import';
import { learnersCount } from './learner-names';
import { useAddLearners } from './learner-queries';
import { suggestTypedTags } from './tag-suggestions';
import { tagsError } from './tags-error';
import { useLearnerImport } from './use-learner-import';

// Ten thousand lines of email and tags come to well under a megabyte; anything far larger is not a learner list.
const maxFileBytes = 5_000_000;

const placeholder = ['ann@example.com', 'bob@example.com, night shift; week 1', 'Cy Doe <cy@example.com>'].join('\n');

const resultMessage = (result: AddLearnersResult, notify: boolean, emailSends: boolean | null): string =>
  [
    `${learnersCount(result.added)} added`,
    result.merged > 0 ? `${result.merged.toLocaleString()} already in the space (tags merged)` : null,
    notify
      ? `${result.notified.toLocaleString()} ${result.notified === 1 ? 'invitation' : 'invitations'} ${emailSends === false ? 'kept in the outbox, not sent (no SMTP configured)' : 'sent'}`
      : null,
  ]
    .filter(Boolean)
    .join(' · ');

type Source = { readonly name: string; readonly size: number; readonly text: string };

const AddLearnersForm = (props: { spaceId: string; learners: readonly Learner[]; tags: readonly string[]; onClose: () => void }) => {
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<Source | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [tagsForAll, setTagsForAll] = useState<string[]>([]);
  const emailSends = useEmailSends();
  // Invitations go out by default only where they reach someone.
  const [notify, setNotify] = useState(emailSends === true);
  const add = useAddLearners(props.spaceId);
  // Typing settles before the list is read again; a file is read at once.
  const [typed] = useDebouncedValue(pasted, 250);
  const { read, reading } = useLearnerImport(file?.text ?? typed, tagsForAll);
  const tagsInvalid = tagsError(tagsForAll);
  const known = useMemo(() => new Set(props.learners.map((learner) => learner.email)), [props.learners]);
  const alreadyThere = read ? read.learners.filter((learner) => known.has(learner.email)).length : 0;

  const choose = async (chosen: File | null) => {
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > maxFileBytes) {
      setFileError(`${chosen.name} is larger than 5 MB: it cannot be a list of learners`);
      return;
    }
    try {
      setFile({ name: chosen.name, size: chosen.size, text: await chosen.text() });
    } catch {
      setFileError(`${chosen.name} could not be read`);
    }
  };

  const save = (list: LearnerImport) =>
    add.mutate(
      {
        tags: tagsForAll,
        notify,
        learners: list.learners.map((learner) => ({
          email: learner.email,
          ...(learner.tags.length > 0 ? { tags: [...learner.tags] } : {}),
          ...(learner.accommodation ? { accommodation: learner.accommodation } : {}),
        })),
      },
      {
        onSuccess: (result) => {
          props.onClose();
          showSuccess(resultMessage(result, notify, emailSends));
        },
      },
    );

  const bad = read?.problems.length ?? 0;
  const good = read?.learners.length ?? 0;
  const blocked = read === null || reading || read.tooMany || tagsInvalid !== null || good === 0;

  return (
    <Stack gap="md">
      {file ? (
        <Paper radius="md" px="md" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <IconFileTypeCsv size={22} aria-hidden />
              <Text fz="sm" fw={500} truncate="end">
                {file.name}
              </Text>
              <Text fz="xs" c="dimmed" style={{ flex: 'none' }}>
                {(file.size / 1024).toFixed(file.size < 10_240 ? 1 : 0)} KB
              </Text>
            </Group>
            <CloseButton aria-label={`Remove ${file.name}`} onClick={() => setFile(null)} />
          </Group>
        </Paper>
      ) : (
        <Textarea
          label="Emails"
          description="One per line, or “email, tag1; tag2” per line. A header line “email,tags” is recognised and skipped."
          placeholder={placeholder}
          autosize
          minRows={6}
          maxRows={12}
          value={pasted}
          onChange={(event) => setPasted(event.currentTarget.value)}
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
        />
      )}
      <Group gap="sm">
        <FileButton onChange={(chosen) => void choose(chosen)} accept=".csv,text/csv,text/plain">
          {(buttonProps) => (
            <Button {...buttonProps} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
              {file ? 'Choose another file' : 'Upload a .csv file'}
            </Button>
          )}
        </FileButton>
        <Text fz="xs" c="dimmed">
          Columns email and tags, tags separated by ; or |; optionally accommodation (50%, 25 min, untimed)
        </Text>
      </Group>
      {fileError ? (
        <Text fz="sm" c="red" role="alert">
          {fileError}
        </Text>
      ) : null}
      <TagsInput
        label="Tags for everyone"
        description="Given to every learner in the list, beside their own."
        data={[...props.tags]}
        filter={suggestTypedTags}
        value={tagsForAll}
        onChange={setTagsForAll}
        maxTags={maxTagsPerRequest}
        error={tagsInvalid}
        clearable
      />
      <Checkbox
        label="Send invitations"
        description={
          emailSends === false
            ? 'No SMTP server is configured: invitations stay in the outbox and reach nobody. Hand learners their sign-in link yourself (npm run cli -- user link --email …), or set SMTP_URL.'
            : 'Each learner is emailed a link to play the scenarios given to them.'
        }
        checked={notify}
        onChange={(event) => setNotify(event.currentTarget.checked)}
      />
      {read ? (
        <div style={{ opacity: reading ? 0.6 : 1 }} aria-busy={reading}>
          <ImportReport read={read} alreadyThere={alreadyThere} />
        </div>
      ) : reading ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text fz="sm" c="dimmed">
            Reading the list…
          </Text>
        </Group>
      ) : null}
      {add.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Nothing was saved">
          {add.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button variant="default" onClick={props.onClose}>
          Cancel
        </Button>
        {bad > 0 && good > 0 && read ? (
          <Button variant="light" color="orange" disabled={blocked} loading={add.isPending} onClick={() => save(read)}>
            Add the {good.toLocaleString()} good, skip {bad.toLocaleString()} bad {bad === 1 ? 'line' : 'lines'}
          </Button>
        ) : null}
        <Button disabled={blocked || bad > 0} loading={add.isPending && bad === 0} onClick={() => read && save(read)}>
          {good > 0 ? `Add ${learnersCount(good)}` : 'Add learners'}
        </Button>
      </Group>
    </Stack>
  );
};

/** Learners pasted or uploaded, checked line by line before anything is saved. */
export const AddLearnersModal = (props: {
  opened: boolean;
  spaceId: string;
  spaceName: string;
  learners: readonly Learner[];
  tags: readonly string[];
  onClose: () => void;
}) => (
  <Modal opened={props.opened} onClose={props.onClose} title={<Text fw={600}>Add learners to {props.spaceName}</Text>} size="xl">
    {props.opened ? <AddLearnersForm spaceId={props.spaceId} learners={props.learners} tags={props.tags} onClose={props.onClose} /> : null}
  </Modal>
);
