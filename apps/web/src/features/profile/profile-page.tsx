import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { ApiToken, CreatedToken } from '@resim/contracts';
import { IconCode, IconKey, IconLogout, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useAppSession } from '../../app/app-session';
import { formatDate, formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { PasswordSection } from './password-section';
import { useCreateToken, useRevokeToken, useTokens, useUserAuth } from './profile-queries';
import { MfaSection } from './mfa-section';
import { CreateTokenModal, RevokeTokenModal } from './token-modals';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={4}>
    <Text fz="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
      {label}
    </Text>
    {children}
  </Stack>
);

const AccountCard = () => {
  const me = useUserAuth();
  const { signOut, signingOut } = useAppSession();
  const user = me.data;
  return (
    <Card padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar size={56} radius="xl" color="blue" variant="light">
            {user ? (user.name ?? user.email).slice(0, 1).toUpperCase() : null}
          </Avatar>
          <Stack gap={2}>
            {user ? (
              <>
                <Title order={2} fz="lg">
                  {user.name ?? user.email}
                </Title>
                <Text c="dimmed" fz="sm">
                  {user.email}
                </Text>
              </>
            ) : (
              <>
                <Skeleton height={20} width={180} radius="sm" />
                <Skeleton height={14} width={220} radius="sm" mt={6} />
              </>
            )}
          </Stack>
        </Group>
        <Button variant="default" leftSection={<IconLogout size={16} />} onClick={signOut} loading={signingOut}>
          Sign out
        </Button>
      </Group>
      <Divider my="lg" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Field label="Name">
          {user ? (
            <Text fz="sm">
              {user.name ?? (
                <Text span c="dimmed" fz="sm">
                  Not set
                </Text>
              )}
            </Text>
          ) : (
            <Skeleton height={16} width={140} />
          )}
        </Field>
        <Field label="Email">{user ? <Text fz="sm">{user.email}</Text> : <Skeleton height={16} width={180} />}</Field>
        <Field label="Developer access">
          {user ? (
            user.isDeveloper ? (
              <Badge color="grape" variant="light" leftSection={<IconCode size={12} />} w="fit-content">
                Developer
              </Badge>
            ) : (
              <Text fz="sm" c="dimmed">
                No
              </Text>
            )
          ) : (
            <Skeleton height={16} width={80} />
          )}
        </Field>
      </SimpleGrid>
      <Stack gap={6} mt="lg">
        <Text fz="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
          Groups
        </Text>
        {user ? (
          user.groups.length > 0 ? (
            <Group gap={6}>
              {user.groups.map((group) => (
                <Badge key={group} variant="outline" color="gray" radius="sm" tt="none" fw={500}>
                  {group}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text fz="sm" c="dimmed">
              You are in no groups.
            </Text>
          )
        ) : (
          <Skeleton height={20} width={200} />
        )}
      </Stack>
    </Card>
  );
};

const TokensCard = () => {
  const tokens = useTokens();
  const createToken = useCreateToken();
  const revokeToken = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const closeCreate = () => {
    setCreating(false);
    setCreated(null);
  };

  const list = tokens.data ?? [];
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} variant="light">
      Create token
    </Button>
  );

  return (
    <Card padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="lg">
            API tokens
          </Title>
          <Text fz="sm" c="dimmed">
            Personal tokens let scripts and integrations call the API as you. Treat them like passwords.
          </Text>
        </Stack>
        {newButton}
      </Group>
      {tokens.isPending ? (
        <Stack gap="xs">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : list.length === 0 ? (
        <EmptyState
          size="sm"
          py="lg"
          icon={<IconKey size={22} />}
          withIndicatorBackground
          title="No API tokens yet"
          description="Create one when a script or an integration needs to reach the API."
        />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th w={60}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <IconKey size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                      <Text fz="sm" fw={500}>
                        {token.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{formatDate(token.created)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" c={token.lastUsed ? undefined : 'dimmed'}>
                      {token.lastUsed ? formatDateTime(token.lastUsed) : 'Never'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="Revoke" openDelay={300}>
                      <ActionIcon variant="subtle" color="red" aria-label={`Revoke ${token.name}`} onClick={() => setRevoking(token)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateTokenModal
        opened={creating}
        created={created}
        pending={createToken.isPending}
        onSubmit={(name) => createToken.mutateAsync(name).then(setCreated)}
        onClose={closeCreate}
      />
      <RevokeTokenModal
        token={revoking}
        pending={revokeToken.isPending}
        onConfirm={() => {
          if (revoking) revokeToken.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
        }}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
};

/** Profile: who the user is, their API tokens, and the way out. */
export const ProfilePage = () => (
  <>
    <PageHeader title="Profile" description="Your account and the API tokens you have created." />
    <Stack gap="lg">
      <AccountCard />
      <PasswordSection />
      <MfaSection />
      <TokensCard />
    </Stack>
  </>
);
