import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { LtiCheck, LtiPlatform, LtiPlatformBody, LtiRoster, LtiSettings, Space } from '@resim/contracts';
import { byCount, mayEditInSpace } from '@resim/domain';
import {
  IconAlertCircle,
  IconCheck,
  IconCircleCheck,
  IconCopy,
  IconDeviceFloppy,
  IconPencil,
  IconPlugConnected,
  IconPlus,
  IconRefresh,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccess } from '../../app/notify';
import { ConfirmModal } from '../../ui/confirm-modal';
import { LoadFailed } from '../../ui/load-failed';
import { useLtiChanges, useSpaceLti } from './space-settings-queries';

const statusColors = { queued: 'blue', sending: 'blue', sent: 'green', failed: 'red' } as const;
const statusWords = { queued: 'waiting', sending: 'sending', sent: 'sent', failed: 'failed' } as const;

/** An address to paste into the platform, with a button that copies it. */
const CopyLine = ({ label, value, description }: { label: string; value: string; description?: string }) => (
  <Group gap="xs" align="flex-end" wrap="nowrap">
    <TextInput
      label={label}
      description={description}
      value={value}
      readOnly
      style={{ flex: 1 }}
      onFocus={(event) => event.currentTarget.select()}
    />
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
          <ActionIcon variant="default" size="lg" aria-label={`Copy the ${label.toLowerCase()}`} onClick={copy} mb={2}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  </Group>
);

/** How the space's grades stand, as badges: sent, waiting, failed. */
const Grades = ({ grades }: { grades: LtiSettings['grades'] }) => (
  <Group gap="xs" aria-label="Grades by status">
    {(['sent', 'queued', 'sending', 'failed'] as const)
      .filter((status) => status === 'sent' || (grades[status] ?? 0) > 0)
      .map((status) => (
        <Badge key={status} color={statusColors[status]} variant="light" radius="sm">
          {(grades[status] ?? 0).toLocaleString()} {byCount(grades[status] ?? 0, 'grade', 'grades')} {statusWords[status]}
        </Badge>
      ))}
  </Group>
);

type Draft = {
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string;
  authLoginUrl: string;
  tokenUrl: string;
  jwksUrl: string;
};

const emptyDraft: Draft = { name: '', issuer: '', clientId: '', deploymentIds: '', authLoginUrl: '', tokenUrl: '', jwksUrl: '' };

const draftOf = (platform: LtiPlatform): Draft => ({ ...platform, deploymentIds: platform.deploymentIds.join('\n') });

const bodyOf = (draft: Draft): LtiPlatformBody => ({
  ...draft,
  deploymentIds: draft.deploymentIds
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter((id) => id !== ''),
});

/** A platform's registration typed from its own page of the tool: added, or changed. */
const PlatformForm = (props: {
  editing: LtiPlatform | 'new' | null;
  pending: boolean;
  error: string | null;
  onSave: (body: LtiPlatformBody) => void;
  onClose: () => void;
}) => {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [shownFor, setShownFor] = useState<LtiPlatform | 'new' | null>(null);
  if (props.editing !== shownFor) {
    setShownFor(props.editing);
    setDraft(props.editing === null || props.editing === 'new' ? emptyDraft : draftOf(props.editing));
  }
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
    required: true,
  });
  return (
    <Modal
      opened={props.editing !== null}
      onClose={props.onClose}
      title={<Text fw={600}>{props.editing === 'new' ? 'Add a learning platform' : 'Change the learning platform'}</Text>}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave(bodyOf(draft));
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            description="How this space names the platform, e.g. Moodle of the faculty"
            {...field('name')}
            data-autofocus
          />
          <TextInput label="Platform ID (issuer)" placeholder="https://moodle.example.edu" {...field('issuer')} />
          <TextInput label="Client ID" description="The id the platform gave this tool" {...field('clientId')} autoComplete="off" />
          <Textarea
            label="Deployment IDs"
            description="One per line, as the platform shows them beside the client ID"
            autosize
            minRows={1}
            {...field('deploymentIds')}
          />
          <TextInput
            label="Authentication request URL"
            placeholder="https://moodle.example.edu/mod/lti/auth.php"
            {...field('authLoginUrl')}
          />
          <TextInput label="Access token URL" placeholder="https://moodle.example.edu/mod/lti/token.php" {...field('tokenUrl')} />
          <TextInput label="Public keyset URL" placeholder="https://moodle.example.edu/mod/lti/certs.php" {...field('jwksUrl')} />
          {props.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The platform was not saved">
              {props.error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={props.pending}>
              Save platform
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** What the platform last said to a test or a roster pull, under the platform's entry. */
type Said = LtiCheck & { readonly title: string };

/** What a roster pull did, in plain words. */
const rosterWords = (pulled: LtiRoster): string =>
  `${byCount(pulled.learners, 'One learner', `${pulled.learners.toLocaleString()} learners`)} with an email in ${byCount(pulled.courses, 'one course', `${pulled.courses} courses`)}: ` +
  `${pulled.added.toLocaleString()} new to the space` +
  (pulled.withoutEmail > 0 ? `; ${pulled.withoutEmail.toLocaleString()} named without an email could not be added` : '') +
  '.';

/** One registered platform: what it is, and what the owner can do with it. */
const PlatformEntry = (props: {
  platform: LtiPlatform;
  isOwner: boolean;
  canEdit: boolean;
  checked: Said | null;
  checking: boolean;
  pulling: boolean;
  onCheck: () => void;
  onPullRoster: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) => {
  const { platform } = props;
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={platform.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="md">
            {platform.name}
          </Title>
          {platform.registeredBy === 'dynamic' ? (
            <Badge variant="light" color="gray" radius="sm">
              Registered by the platform
            </Badge>
          ) : null}
        </Group>
        <Text fz="sm">
          {platform.issuer} · client ID {platform.clientId} · {byCount(platform.deploymentIds.length, 'deployment', 'deployments')}{' '}
          {platform.deploymentIds.join(', ')}
        </Text>
        <Group gap="sm">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlugConnected size={14} />}
            loading={props.checking}
            onClick={props.onCheck}
          >
            Test
          </Button>
          {props.canEdit && platform.courses > 0 ? (
            <Button size="xs" variant="default" leftSection={<IconUsers size={14} />} loading={props.pulling} onClick={props.onPullRoster}>
              Pull the course {byCount(platform.courses, 'roster', 'rosters')} into learners
            </Button>
          ) : null}
          {props.isOwner ? (
            <>
              <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={props.onEdit}>
                Edit
              </Button>
              <Button size="xs" variant="default" c="red.9" leftSection={<IconTrash size={14} />} onClick={props.onRemove}>
                Remove
              </Button>
            </>
          ) : null}
        </Group>
        {props.checked ? (
          <Alert
            role="status"
            color={props.checked.ok ? 'green' : 'red'}
            variant="light"
            icon={props.checked.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
            title={props.checked.title}
          >
            {props.checked.message}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
};

/**
 * The learning platforms (LMS such as Moodle or Canvas) that launch this space's scenarios over
 * LTI 1.3: the addresses to give them, the platforms registered, and how the grades sent to their
 * gradebooks went. The owner's to change.
 */
export const LmsCard = ({ space }: { space: Space }) => {
  const lti = useSpaceLti(space.id);
  const changes = useLtiChanges(space.id);
  const [editing, setEditing] = useState<LtiPlatform | 'new' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<LtiPlatform | null>(null);
  const [checks, setChecks] = useState<Record<string, Said>>({});
  const say = (platformId: string, said: Said) => setChecks((all) => ({ ...all, [platformId]: said }));

  const title = (
    <Stack gap={4}>
      <Title order={2} fz="lg" id="space-lms-title">
        Learning platforms (LTI 1.3)
      </Title>
      <Text fz="sm" c="dimmed">
        A course in Moodle, Canvas or another LMS can open this space&apos;s scenarios: its teachers become members of the space, its
        learners play in the scenario&apos;s current opening, and their scores go to the course&apos;s gradebook.
      </Text>
    </Stack>
  );

  if (lti.isPending)
    return (
      <Card padding="lg" radius="md" component="section" aria-labelledby="space-lms-title">
        <Stack gap="md" role="status" aria-label="Loading the learning platforms">
          {title}
          <Skeleton height={90} />
        </Stack>
      </Card>
    );
  if (lti.isError)
    return (
      <Card padding="lg" radius="md" component="section" aria-labelledby="space-lms-title">
        {title}
        <LoadFailed what="The learning platforms" onRetry={() => void lti.refetch()} />
      </Card>
    );

  const { tool, platforms, grades, lastError } = lti.data;
  const failed = grades.failed ?? 0;
  const closeForm = () => {
    setEditing(null);
    setFormError(null);
  };
  const save = (body: LtiPlatformBody) => {
    const done = {
      onSuccess: () => {
        showSuccess(editing === 'new' ? `${body.name} added` : `${body.name} saved`);
        closeForm();
      },
      onError: (failure: Error) => setFormError(failure.message),
    };
    if (editing === 'new') changes.add.mutate(body, done);
    else if (editing) changes.update.mutate({ platformId: editing.id, body }, done);
  };

  return (
    <Card padding="lg" radius="md" component="section" aria-labelledby="space-lms-title">
      <Stack gap="md">
        {title}
        {tool.registrationUrl ? (
          <CopyLine
            label="Dynamic registration URL"
            description="Paste it into the platform's tool registration (Moodle: Manage tools, Canvas: LTI Registration) and it registers itself here."
            value={tool.registrationUrl}
          />
        ) : null}
        <details>
          <summary>
            <Text component="span" fz="sm">
              Addresses to type into a platform by hand
            </Text>
          </summary>
          <Stack gap="xs" mt="xs">
            <CopyLine label="Login URL" value={tool.loginUrl} />
            <CopyLine label="Launch URL" description="Also the redirect URL and the deep linking URL" value={tool.launchUrl} />
            <CopyLine label="Public keyset URL" value={tool.jwksUrl} />
            <CopyLine label="Configuration URL" value={tool.configUrl} />
          </Stack>
        </details>
        {platforms.length === 0 ? (
          <Text fz="sm">No learning platform launches this space yet.</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Registered platforms">
            {platforms.map((platform) => (
              <PlatformEntry
                key={platform.id}
                platform={platform}
                isOwner={space.isOwner}
                canEdit={mayEditInSpace(space.security, space.isOwner)}
                pulling={changes.roster.isPending && changes.roster.variables === platform.id}
                onPullRoster={() =>
                  changes.roster.mutate(platform.id, {
                    onSuccess: (pulled) => say(platform.id, { ok: true, title: 'Roster pulled', message: rosterWords(pulled) }),
                    onError: (failure) => say(platform.id, { ok: false, title: 'Roster not pulled', message: failure.message }),
                  })
                }
                checked={checks[platform.id] ?? null}
                checking={changes.check.isPending && changes.check.variables === platform.id}
                onCheck={() =>
                  changes.check.mutate(platform.id, {
                    onSuccess: (checked) => say(platform.id, { ...checked, title: checked.ok ? 'Connected' : 'Not connected' }),
                  })
                }
                onEdit={() => setEditing(platform)}
                onRemove={() => setRemoving(platform)}
              />
            ))}
          </Stack>
        )}
        {platforms.length > 0 || (grades.sent ?? 0) > 0 ? <Grades grades={grades} /> : null}
        {lastError ? (
          <Alert
            color={failed > 0 ? 'red' : 'yellow'}
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Last problem with a grade"
          >
            {lastError}
          </Alert>
        ) : null}
        {space.isOwner ? (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Add a platform by hand
            </Button>
            {failed > 0 ? (
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                loading={changes.retry.isPending}
                onClick={() =>
                  changes.retry.mutate(undefined, {
                    onSuccess: ({ queued }) => showSuccess(`${queued.toLocaleString()} ${byCount(queued, 'grade', 'grades')} queued again`),
                  })
                }
              >
                Send the failed grades again
              </Button>
            ) : null}
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            Only the owner of this space, {space.owner}, can add or change learning platforms.
          </Text>
        )}
      </Stack>
      <PlatformForm
        editing={editing}
        pending={changes.add.isPending || changes.update.isPending}
        error={formError}
        onSave={save}
        onClose={closeForm}
      />
      <ConfirmModal
        target={removing}
        title="Remove the learning platform?"
        body={(platform) => (
          <Text fz="sm">
            {platform?.name} no longer launches this space&apos;s scenarios. Its learners keep their runs and results here; grades not sent
            yet are not sent.
          </Text>
        )}
        confirmLabel={() => 'Remove'}
        failedTitle="The platform was not removed"
        pending={changes.remove.isPending}
        error={changes.remove.error?.message ?? null}
        onConfirm={() => {
          const platform = removing;
          if (!platform) return;
          changes.remove.mutate(platform.id, {
            onSuccess: () => {
              setRemoving(null);
              showSuccess(`${platform.name} removed`);
            },
          });
        }}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
};
