import { Anchor, Breadcrumbs, Button, Card, EmptyState, Group, List, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconCircleDashed, IconFileUnknown, IconPencilCog } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { formatDate } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { ScenarioStatusBadge } from '../../ui/scenario-status';

/** SPEC 2: what the scenario editor is made of. */
const editorParts = [
  'Tasks, tests, diagnoses and their feedback',
  'Measures and scoring',
  'The flow chart of the scenario',
  'Dashboard, scoreboard and audit trail of each run',
  'Presenter views, pages and stage templates',
];

/** EDIT_RESIM: the scenario, named from the list the user can see. */
export const ResimEditorPage = ({ resimId }: { resimId: string }) => {
  const api = useApi();
  const resims = useQuery({ queryKey: queryKeys.resims, queryFn: ({ signal }) => api.resims.list(signal) });
  const spaces = useQuery({ queryKey: queryKeys.spaces, queryFn: ({ signal }) => api.spaces.list(signal) });
  const resim = resims.data?.find((candidate) => candidate.id === resimId);
  const space = resim ? spaces.data?.find((candidate) => candidate.id === resim.group) : undefined;

  const backHome = (
    <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={16} />}>
      Back to Home
    </Button>
  );

  if (resims.isPending)
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading scenario">
        <Skeleton height={14} width={220} />
        <Skeleton height={30} width={360} />
        <Skeleton height={16} width={480} />
        <Skeleton height={260} radius="md" mt="md" />
      </Stack>
    );

  if (!resim)
    return (
      <Card padding="xl" radius="md" mt="md">
        <EmptyState
          size="lg"
          py="xl"
          withIndicatorBackground
          icon={<IconFileUnknown size={28} />}
          title={resims.isError ? 'The scenario could not be loaded' : 'Scenario not found'}
          description={
            resims.isError
              ? 'The server did not answer as expected. Go back to Home and try again.'
              : 'It may have been deleted, or it belongs to a space you are not a member of.'
          }
        >
          <EmptyState.Actions>{backHome}</EmptyState.Actions>
        </EmptyState>
      </Card>
    );

  return (
    <>
      <Breadcrumbs mb="sm" fz="sm" separatorMargin={6}>
        <Anchor component={Link} to="/" fz="sm">
          Home
        </Anchor>
        {space ? (
          <Text fz="sm" c="dimmed">
            {space.description}
          </Text>
        ) : null}
        <Text fz="sm" c="dimmed" truncate="end" maw={320}>
          {resim.resimName}
        </Text>
      </Breadcrumbs>
      <PageHeader
        title={resim.resimName}
        description={resim.description || undefined}
        actions={
          <Group gap="sm">
            <Text fz="xs" c="dimmed">
              Created {formatDate(resim.created)}
            </Text>
            <ScenarioStatusBadge status={resim.resimStatus} />
          </Group>
        }
      />
      <Card padding="xl" radius="md">
        <EmptyState
          variant="light"
          size="lg"
          py="xl"
          icon={<IconPencilCog size={28} />}
          title="The scenario editor is not available yet"
          description="This is where the scenario will be built and run. Its content cannot be edited from the console in this version."
        >
          <EmptyState.Actions>
            <Stack gap="lg" align="center">
              <List
                spacing={6}
                size="sm"
                center
                icon={
                  <ThemeIcon size={18} radius="xl" variant="light" color="gray" aria-hidden>
                    <IconCircleDashed size={12} />
                  </ThemeIcon>
                }
              >
                {editorParts.map((part) => (
                  <List.Item key={part}>
                    <Text fz="sm" c="dimmed" span>
                      {part}
                    </Text>
                  </List.Item>
                ))}
              </List>
              {backHome}
            </Stack>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    </>
  );
};
