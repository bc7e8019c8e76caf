import {
  ActionIcon,
  Anchor,
  Alert,
  Badge,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { Space, SpaceUser } from '@resim/contracts';
import { mayEditInSpace } from '@resim/domain';
import { IconCrown, IconMail, IconMailForward, IconTrash, IconUserPlus, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pathFor } from '../../app/routes';
import { LoadFailed } from '../../ui/load-failed';
import { EmailForm } from './email-form';
import { RemoveMemberModal } from './remove-member-modal';
import { memberRights } from './security-card';
import { useAddSpaceUser, useRemoveSpaceUser, useSpaceUsers } from './space-settings-queries';

const Access = ({ user }: { user: SpaceUser }) => (
  <Group gap={6}>
    {user.isOwner ? (
      <Badge color="yellow" variant="light" leftSection={<IconCrown size={12} aria-hidden />}>
        Owner
      </Badge>
    ) : null}
    {user.fromGroup ? (
      <Badge color="grape" variant="light" leftSection={<IconUsersGroup size={12} aria-hidden />}>
        Sign-in group
      </Badge>
    ) : null}
    {user.pending ? (
      <Badge color="blue" variant="light" leftSection={<IconMail size={12} aria-hidden />}>
        Invited
      </Badge>
    ) : null}
    {!user.isOwner && !user.fromGroup && !user.pending ? (
      <Badge color="gray" variant="light">
        Member
      </Badge>
    ) : null}
  </Group>
);

/** What a user may be removed by, or why not. */
const removal = (user: SpaceUser, me: string | null, mayEdit: boolean): 'removable' | 'owner' | 'group' | 'no-edit' => {
  if (user.isOwner) return 'owner';
  if (user.fromGroup) return 'group';
  return mayEdit || user.id === me ? 'removable' : 'no-edit';
};

/**
 * What adding someone did, said from their line of the list alone: it reads the same whether or
 * not the address had an account.
 */
const addedMessage = (user: SpaceUser): string => {
  if (user.isOwner) return `${user.email} owns this space.`;
  if (user.pending) return `${user.email} has been invited to this space by email, and shows as Invited until they sign in and open it.`;
  return `${user.email} is in this space and has been told by email.`;
};

/** Said where a member is added: what the space's security will let them do, and where to change it. */
const MemberRightsNote = ({ space }: { space: Space }) => {
  const { may, mayNot } = memberRights(space.security);
  return (
    <Text fz="sm" aria-label="What a member may do">
      {may.length > 0
        ? `A member may open the space's scenarios, ${may.join(', ')}.`
        : "A member may open the space's scenarios, nothing more."}
      {mayNot.length > 0 ? ` They may not ${mayNot.join(' or ')}.` : ''}{' '}
      {space.isOwner ? (
        <Anchor href="#space-security-title" fz="sm">
          Change what members may do
        </Anchor>
      ) : (
        `Its owner, ${space.owner}, sets this under Security.`
      )}
    </Text>
  );
};

/** SPEC 6: users are added to a space by email and removed from it. */
export const MembersCard = ({ space, me }: { space: Space; me: string | null }) => {
  const users = useSpaceUsers(space.id);
  const add = useAddSpaceUser(space.id);
  const remove = useRemoveSpaceUser(space.id);
  const [added, setAdded] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SpaceUser | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const navigate = useNavigate();
  const mayEdit = mayEditInSpace(space.security, space.isOwner);
  const list = users.data ?? [];
  const others = list.filter((user) => !user.isOwner);

  const closeRemove = () => {
    setRemoving(null);
    setRemoveError(null);
  };

  return (
    <Card padding="lg" radius="md" component="section" aria-labelledby="space-members-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="space-members-title">
            Members
          </Title>
          <Text fz="sm" c="dimmed">
            Everyone here can open the space&apos;s scenarios and, as its security allows, change them.
          </Text>
        </Stack>

        {mayEdit ? (
          <>
            <MemberRightsNote space={space} />
            <EmailForm
              label="Add a member"
              description="They are emailed an invitation; someone without a password is also sent a link to choose one."
              submitLabel="Add member"
              icon={<IconUserPlus size={16} />}
              pending={add.isPending}
              onSubmit={(email) =>
                add.mutateAsync(email).then((user) => {
                  setAdded(addedMessage(user));
                })
              }
            />
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            This space&apos;s security does not let members add or remove others; ask its owner, {space.owner}.
          </Text>
        )}

        {added ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconMailForward size={18} />}
            role="status"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setAdded(null)}
          >
            {added}
          </Alert>
        ) : null}

        {users.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading members">
            <Skeleton height={40} />
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : users.isError ? (
          <LoadFailed what="The members" onRetry={() => void users.refetch()} />
        ) : (
          <>
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="sm" aria-labelledby="space-members-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Member</Table.Th>
                    <Table.Th>Access</Table.Th>
                    <Table.Th w={60}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((user) => {
                    const why = removal(user, me, mayEdit);
                    return (
                      <Table.Tr key={user.id}>
                        <Table.Td>
                          <Stack gap={0}>
                            <Text fz="sm" fw={500}>
                              {user.name ?? user.email}
                              {user.id === me ? (
                                <Text span fz="sm" c="dimmed" fw={400}>
                                  {' '}
                                  (you)
                                </Text>
                              ) : null}
                            </Text>
                            {user.name ? (
                              <Text fz="xs" c="dimmed">
                                {user.email}
                              </Text>
                            ) : null}
                          </Stack>
                        </Table.Td>
                        <Table.Td>
                          <Access user={user} />
                        </Table.Td>
                        <Table.Td>
                          {why === 'removable' ? (
                            <Tooltip label="Remove from space" openDelay={300}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Remove ${user.email}`}
                                onClick={() => setRemoving(user)}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {others.length === 0 ? (
              <EmptyState
                size="sm"
                py="md"
                icon={<IconUsers size={22} />}
                withIndicatorBackground
                title="No one else is in this space yet"
                description={mayEdit ? 'Add a colleague by email to share its scenarios with them.' : 'Its owner can add members.'}
              />
            ) : null}
            {list.some((user) => user.pending) ? (
              <Text fz="sm" c="dimmed">
                Members marked <strong>Invited</strong> have not yet signed in and opened this space; until they do, they show by the email
                they were added by.
              </Text>
            ) : null}
            {list.some((user) => user.fromGroup) ? (
              <Text fz="sm" c="dimmed">
                Members marked <strong>Sign-in group</strong> are here because a group they hold at sign-in names this space. They cannot be
                removed here: take them out of that group with your identity provider.
              </Text>
            ) : null}
          </>
        )}
      </Stack>
      <RemoveMemberModal
        user={removing}
        spaceName={space.description}
        isSelf={removing !== null && removing.id === me}
        pending={remove.isPending}
        error={removeError}
        onConfirm={() => {
          if (!removing) return;
          const leaving = removing.id === me;
          setRemoveError(null);
          remove.mutate(removing.id, {
            // Someone who left the space has nothing more to see here.
            onSuccess: () => (leaving ? void navigate(pathFor({ name: 'HOME' })) : closeRemove()),
            onError: (failure) => setRemoveError(failure.message),
          });
        }}
        onClose={closeRemove}
      />
    </Card>
  );
};
