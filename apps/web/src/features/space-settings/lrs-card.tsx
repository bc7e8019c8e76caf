import { Alert, Badge, Button, Card, Group, PasswordInput, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { LrsCheck, LrsSettings, Space } from '@resim/contracts';
import { IconAlertCircle, IconCircleCheck, IconDeviceFloppy, IconPlugConnected, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccess } from '../../app/notify';
import { byCount } from '@resim/domain';
import { ConfirmModal } from '../../ui/confirm-modal';
import { LoadFailed } from '../../ui/load-failed';
import { useLrsChanges, useSpaceLrs } from './space-settings-queries';

const statusColors = { queued: 'blue', sending: 'blue', sent: 'green', failed: 'red' } as const;

/** How the space's statements stand, as badges: sent, waiting, failed. */
const Counts = ({ counts }: { counts: LrsSettings['counts'] }) => (
  <Group gap="xs" aria-label="Statements by status">
    {(['sent', 'queued', 'sending', 'failed'] as const)
      .filter((status) => status === 'sent' || (counts[status] ?? 0) > 0)
      .map((status) => (
        <Badge key={status} color={statusColors[status]} variant="light" radius="sm">
          {(counts[status] ?? 0).toLocaleString()} {status}
        </Badge>
      ))}
  </Group>
);

/**
 * The space's learning record store (xAPI): where every step of its learners' runs is sent as
 * statements, the owner's to set; a check that says in plain words what the LRS answered.
 */
export const LrsCard = ({ space }: { space: Space }) => {
  const lrs = useSpaceLrs(space.id);
  const { save, remove, check, retry } = useLrsChanges(space.id);
  const [draft, setDraft] = useState<{ endpoint: string; key: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState<LrsCheck | null>(null);
  const [removing, setRemoving] = useState<true | null>(null);

  const title = (
    <Stack gap={4}>
      <Title order={2} fz="lg" id="space-lrs-title">
        Learning record store (xAPI)
      </Title>
      <Text fz="sm" c="dimmed">
        Every step of a run in this space (the tests run with their results, the diagnoses judged, the end, the points and measures) is sent
        as xAPI statements to your LRS, such as Learning Locker, Watershed or an LMS&apos;s own. Test Mode and previews are not sent.
      </Text>
    </Stack>
  );

  if (lrs.isPending)
    return (
      <Card padding="lg" radius="md" component="section" aria-labelledby="space-lrs-title">
        <Stack gap="md" role="status" aria-label="Loading the learning record store">
          {title}
          <Skeleton height={90} />
        </Stack>
      </Card>
    );
  if (lrs.isError)
    return (
      <Card padding="lg" radius="md" component="section" aria-labelledby="space-lrs-title">
        {title}
        <LoadFailed what="The learning record store" onRetry={() => void lrs.refetch()} />
      </Card>
    );

  const stored = lrs.data;
  const form = draft ?? { endpoint: stored.endpoint ?? '', key: stored.key ?? '', secret: '' };
  const edit = (change: Partial<typeof form>) => {
    setError(null);
    setDraft({ ...form, ...change });
  };
  const changed = draft !== null && (draft.endpoint !== (stored.endpoint ?? '') || draft.key !== (stored.key ?? '') || draft.secret !== '');
  const failed = stored.counts.failed ?? 0;

  return (
    <Card padding="lg" radius="md" component="section" aria-labelledby="space-lrs-title">
      <Stack gap="md">
        {title}
        {stored.endpoint ? <Counts counts={stored.counts} /> : <Text fz="sm">No statements are sent: this space has no LRS.</Text>}
        {stored.lastError ? (
          <Alert color={failed > 0 ? 'red' : 'yellow'} variant="light" icon={<IconAlertCircle size={18} />} title="Last problem">
            {stored.lastError}
          </Alert>
        ) : null}
        {space.isOwner ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(
                { endpoint: form.endpoint, key: form.key, ...(form.secret ? { secret: form.secret } : {}) },
                {
                  onSuccess: () => {
                    setDraft(null);
                    setChecked(null);
                    showSuccess('Learning record store saved');
                  },
                  onError: (failure) => setError(failure.message),
                },
              );
            }}
          >
            <Stack gap="sm">
              <TextInput
                label="xAPI endpoint"
                description="The LRS's address for xAPI, often ending in /xapi/ or /data/xAPI/"
                placeholder="https://lrs.example.org/xapi/"
                value={form.endpoint}
                onChange={(event) => edit({ endpoint: event.currentTarget.value })}
                required
              />
              <Group grow align="flex-start">
                <TextInput
                  label="Key"
                  value={form.key}
                  onChange={(event) => edit({ key: event.currentTarget.value })}
                  required
                  autoComplete="off"
                />
                <PasswordInput
                  label="Secret"
                  description={stored.secretSet ? 'Leave empty to keep the one saved' : undefined}
                  value={form.secret}
                  onChange={(event) => edit({ secret: event.currentTarget.value })}
                  required={!stored.secretSet}
                  autoComplete="new-password"
                />
              </Group>
              {error ? (
                <Alert color="red" variant="light" title="The LRS was not saved">
                  {error}
                </Alert>
              ) : null}
              <Group gap="sm">
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} disabled={!changed} loading={save.isPending}>
                  Save LRS
                </Button>
                {stored.endpoint ? (
                  <>
                    <Button
                      variant="default"
                      leftSection={<IconPlugConnected size={16} />}
                      loading={check.isPending}
                      onClick={() => check.mutate(undefined, { onSuccess: setChecked, onError: (failure) => setError(failure.message) })}
                    >
                      Test the connection
                    </Button>
                    {failed > 0 ? (
                      <Button
                        variant="default"
                        leftSection={<IconRefresh size={16} />}
                        loading={retry.isPending}
                        onClick={() =>
                          retry.mutate(undefined, {
                            onSuccess: ({ queued }) =>
                              showSuccess(`${queued.toLocaleString()} ${byCount(queued, 'statement', 'statements')} queued again`),
                          })
                        }
                      >
                        Send the failed ones again
                      </Button>
                    ) : null}
                    <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setRemoving(true)}>
                      Stop sending
                    </Button>
                  </>
                ) : null}
              </Group>
            </Stack>
          </form>
        ) : stored.endpoint ? (
          <Text fz="sm">
            Statements go to <strong>{stored.endpoint}</strong>. Only the owner of this space, {space.owner}, can change where.
          </Text>
        ) : (
          <Text fz="sm" c="dimmed">
            Only the owner of this space, {space.owner}, can set one.
          </Text>
        )}
        {checked ? (
          <Alert
            role="status"
            color={checked.ok ? 'green' : 'red'}
            variant="light"
            icon={checked.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
            title={checked.ok ? 'Connected' : 'Not connected'}
          >
            {checked.message}
          </Alert>
        ) : null}
      </Stack>
      <ConfirmModal
        target={removing}
        title="Stop sending statements?"
        body={() => (
          <Text fz="sm">
            Runs in this space are no longer sent to {stored.endpoint}. Statements not sent yet are marked failed; those already sent stay
            in the LRS.
          </Text>
        )}
        confirmLabel={() => 'Stop sending'}
        failedTitle="The LRS was not removed"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setRemoving(null);
              setDraft(null);
              setChecked(null);
              showSuccess('Statements are no longer sent');
            },
          })
        }
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
};
