import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { patchSpaceBody, type Space } from '@resim/contracts';
import { mayEditInSpace } from '@resim/domain';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { showSuccess } from '../../app/notify';
import { capitalise, formatDate } from '../../ui/format';
import { useRenameSpace } from '../home/home-queries';

/** The space's name, which the owner, and members while it allows editing, can change. */
export const DetailsCard = ({ space }: { space: Space }) => {
  const rename = useRenameSpace();
  const mayEdit = mayEditInSpace(space.security, space.isOwner);
  // The draft restarts from the saved name whenever that changes.
  const [draft, setDraft] = useState({ base: space.description, value: space.description });
  const value = draft.base === space.description ? draft.value : space.description;
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = patchSpaceBody.safeParse({ description: value });
    if (!parsed.success) {
      setError(capitalise(parsed.error.issues[0]?.message ?? 'Enter a name'));
      return;
    }
    rename.mutate(
      { spaceId: space.id, description: parsed.data.description },
      {
        onSuccess: (updated) => showSuccess(`Renamed to ${updated.description}`),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Card padding="lg" radius="md" component="section" aria-labelledby="space-details-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id="space-details-title">
            Name
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Space name"
              description={
                mayEdit ? 'The name everyone in the space sees.' : "This space's security does not let members rename it; ask its owner."
              }
              value={value}
              onChange={(event) => {
                setDraft({ base: space.description, value: event.currentTarget.value });
                setError(null);
              }}
              error={error}
              maxLength={200}
              readOnly={!mayEdit}
              style={{ flex: '1 1 280px' }}
            />
            {mayEdit ? (
              <Button
                type="submit"
                variant="light"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={rename.isPending}
                disabled={value.trim() === space.description}
                mt={{ base: 0, xs: 44 }}
              >
                Rename
              </Button>
            ) : null}
          </Group>
          <Text fz="xs" c="dimmed">
            Created {formatDate(space.created)}
          </Text>
        </Stack>
      </form>
    </Card>
  );
};
