import { Anchor, Button, Card, EmptyState, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconTrophy, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathFor, spaceLearnersPath } from '../../app/routes';
import { LoadFailed } from '../../ui/load-failed';
import { PageHeader } from '../../ui/page-header';
import { useUserAuth } from '../profile/profile-queries';
import { DetailsCard } from './details-card';
import { LmsCard } from './lms-card';
import { LrsCard } from './lrs-card';
import { MembersCard } from './members-card';
import { OwnerCard } from './owner-card';
import { SecurityCard } from './security-card';
import { useSpace } from './space-settings-queries';

const backHome = (
  <Anchor component={Link} to={pathFor({ name: 'HOME' })} fz="sm">
    <Group gap={4} component="span" wrap="nowrap">
      <IconArrowLeft size={14} aria-hidden />
      Home
    </Group>
  </Anchor>
);

/** A space's settings: its name, its members, its security flags and its owner (SPEC 3, 6, 7). */
export const SpaceSettingsPage = ({ spaceId }: { spaceId: string }) => {
  const space = useSpace(spaceId);
  const me = useUserAuth();

  if (space.isPending) {
    return (
      <Stack gap="lg" role="status" aria-label="Loading space settings">
        <Skeleton height={36} width={320} />
        <Skeleton height={140} radius="md" />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  }
  if (space.isError) {
    return (
      <>
        <PageHeader title="Space settings" />
        <LoadFailed what="The space" onRetry={() => void space.refetch()} />
      </>
    );
  }
  if (space.data === null) {
    return (
      <>
        <PageHeader title="Space settings" />
        <Card padding="xl" radius="md">
          <EmptyState
            icon={<IconUsers size={22} />}
            withIndicatorBackground
            title="Space not found"
            description="It does not exist, or you are not one of its members."
          >
            <EmptyState.Actions>
              <Button component={Link} to={pathFor({ name: 'HOME' })} variant="light">
                Back to Home
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      </>
    );
  }

  const current = space.data;
  return (
    <>
      {backHome}
      <PageHeader
        title={current.description}
        description="Space settings: its name, who is in it, what members may do, where its learning records go, and who owns it."
        actions={
          <>
            <Button component={Link} to={spaceLearnersPath(current.id)} variant="default" leftSection={<IconUsers size={16} />}>
              Learners
            </Button>
            <Button
              component={Link}
              to={pathFor({ name: 'SPACE_SCOREBOARD', spaceId: current.id })}
              variant="default"
              leftSection={<IconTrophy size={16} />}
            >
              Scoreboard
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        <DetailsCard space={current} />
        <MembersCard space={current} me={me.data?.id ?? null} />
        <SecurityCard space={current} />
        <LrsCard space={current} />
        <LmsCard space={current} />
        <OwnerCard space={current} />
      </Stack>
    </>
  );
};
