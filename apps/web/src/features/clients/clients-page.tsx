import { Alert, Button, Skeleton } from '@mantine/core';
import { IconAlertTriangle, IconFolderPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { useSpacesAndScenarios } from './learner-queries';
import { LoadFailed } from '../../ui/load-failed';
import { EmptyCard } from './list-states';
import { SpaceLearners } from './space-learners';
import { SpacePicker } from './space-picker';
import { useClientsAddress } from './use-clients-address';

/** Clients (SPEC 2): the learners of a space, their tags, reminders, and the scenarios given to them. */
export const ClientsPage = () => {
  const { spaces, resims } = useSpacesAndScenarios();
  const address = useClientsAddress(spaces.data);
  const { space } = address;
  const scenarios = useMemo(
    () => (resims.data ?? []).filter((scenario) => scenario.group === space?.id).sort((a, b) => a.resimName.localeCompare(b.resimName)),
    [resims.data, space?.id],
  );

  const content = () => {
    if (spaces.isPending || resims.isPending) return <Skeleton height={240} radius="md" aria-label="Loading spaces" />;
    if (spaces.isError || resims.isError)
      return (
        <LoadFailed
          what="Your spaces"
          onRetry={() => {
            void spaces.refetch();
            void resims.refetch();
          }}
        />
      );
    if (address.spaces.length === 0)
      return (
        <EmptyCard
          icon={<IconFolderPlus size={28} />}
          title="No spaces yet"
          description="Learners belong to a space. Create a space on Home, then add its learners here."
          action={
            <Button component={Link} to="/" variant="default">
              Go to Home
            </Button>
          }
        />
      );
    if (address.unknown || !space)
      return (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Space not found">
          This space does not exist or is not one of yours. Choose another above.
        </Alert>
      );
    return <SpaceLearners key={space.id} space={space} scenarios={scenarios} view={address.view} onView={address.chooseView} />;
  };

  return (
    <>
      <PageHeader
        title="Clients"
        description="The learners of each space: add them by email, tag them, remind them and give them the space’s scenarios."
        actions={
          address.spaces.length > 0 ? (
            <SpacePicker spaces={address.spaces} value={address.unknown ? null : (space?.id ?? null)} onChange={address.chooseSpace} />
          ) : null
        }
      />
      {content()}
    </>
  );
};
