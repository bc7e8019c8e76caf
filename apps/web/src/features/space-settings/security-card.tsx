import { Alert, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { Space } from '@resim/contracts';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccess } from '../../app/notify';
import { useSetSecurity } from './space-settings-queries';

type Flags = Space['security'];

/** SPEC 6: what each flag lets members other than the owner do; the owner may always do all of it. */
const flags: readonly { key: keyof Flags; label: string; description: string }[] = [
  {
    key: 'canEdit',
    label: 'Members can edit',
    description: "Members may change the space's scenarios, rename it and add or remove members.",
  },
  { key: 'canClone', label: 'Members can clone', description: "Members may make copies of the space's scenarios." },
  { key: 'canMove', label: 'Members can move', description: "Members may move the space's scenarios into another space." },
  { key: 'canDelete', label: 'Members can delete', description: "Members may delete the space's scenarios." },
];

/** What a member may do under the flags, and may not, in words (SPEC 6: every flag is on when absent, delete included). */
export const memberRights = (security: Flags): { readonly may: string[]; readonly mayNot: string[] } => {
  const verbs: Record<keyof Flags, string> = {
    canEdit: 'edit its scenarios and add or remove members',
    canClone: 'clone them',
    canMove: 'move them to another space',
    canDelete: 'delete them',
  };
  const keys = flags.map(({ key }) => key);
  return {
    may: keys.filter((key) => security[key]).map((key) => verbs[key]),
    mayNot: keys.filter((key) => !security[key]).map((key) => verbs[key]),
  };
};

const sameFlags = (a: Flags, b: Flags): boolean => flags.every(({ key }) => a[key] === b[key]);

/** The space's security flags: switches the owner saves, read-only for everyone else with the reason. */
export const SecurityCard = ({ space }: { space: Space }) => {
  const save = useSetSecurity(space.id);
  // The draft restarts from the saved flags whenever those change (a save, a handover, a reload).
  const [draft, setDraft] = useState<{ base: Flags; flags: Flags }>({ base: space.security, flags: space.security });
  const current = sameFlags(draft.base, space.security) ? draft.flags : space.security;
  const changed = !sameFlags(current, space.security);
  const [error, setError] = useState<string | null>(null);

  return (
    <Card padding="lg" radius="md" component="section" aria-labelledby="space-security-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="space-security-title">
            Security
          </Title>
          <Text fz="sm" c="dimmed">
            What members other than the owner may do with this space. The owner may always do all of it.
          </Text>
        </Stack>
        {space.isOwner ? null : (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
            Only the owner of this space, {space.owner}, can change its security. You see it as it applies to you.
          </Alert>
        )}
        <Stack gap="md">
          {flags.map(({ key, label, description }) => (
            <Switch
              key={key}
              label={label}
              description={description}
              checked={current[key]}
              disabled={!space.isOwner || save.isPending}
              onChange={(event) => {
                setError(null);
                setDraft({ base: space.security, flags: { ...current, [key]: event.currentTarget.checked } });
              }}
            />
          ))}
        </Stack>
        {error ? (
          <Alert color="red" variant="light" title="The security was not saved">
            {error}
          </Alert>
        ) : null}
        {space.isOwner ? (
          <Group gap="sm">
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={!changed}
              loading={save.isPending}
              onClick={() =>
                save.mutate(current, {
                  onSuccess: () => showSuccess('Security saved'),
                  onError: (failure) => setError(failure.message),
                })
              }
            >
              Save security
            </Button>
            {changed ? (
              <Button variant="default" onClick={() => setDraft({ base: space.security, flags: space.security })}>
                Discard changes
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
};
