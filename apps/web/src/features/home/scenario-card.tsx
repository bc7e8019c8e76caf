import { ActionIcon, Card, Group, Menu, Text } from '@mantine/core';
import type { ResimSummary } from '@resim/contracts';
import { IconCalendar, IconCopy, IconDots, IconDownload, IconExternalLink, IconTemplate, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { pathFor } from '../../app/routes';
import { formatDate } from '../../ui/format';
import { ScenarioStatusBadge } from '../../ui/scenario-status';
import classes from './scenario-card.module.css';

export type ScenarioCardActions = {
  /** null when the space does not allow it */
  readonly onClone: (() => void) | null;
  readonly onExport: () => void;
  readonly onDelete: (() => void) | null;
};

export const ScenarioCard = ({
  scenario,
  templateName,
  actions,
}: {
  scenario: ResimSummary;
  templateName: string | null;
  actions: ScenarioCardActions;
}) => {
  const navigate = useNavigate();
  const path = pathFor({ name: 'EDIT_RESIM', resimId: scenario.id });
  return (
    <Card className={classes.card} padding="md" radius="md" shadow="none">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Link to={path} className={classes.link}>
          <Text fw={600} lineClamp={2} lh={1.35}>
            {scenario.resimName}
          </Text>
        </Link>
        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
          <ScenarioStatusBadge status={scenario.resimStatus} />
          <Menu position="bottom-end" width={180} shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" className={classes.menu} aria-label={`Actions for ${scenario.resimName}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconExternalLink size={16} />} onClick={() => void navigate(path)}>
                Open
              </Menu.Item>
              <Menu.Item leftSection={<IconCopy size={16} />} onClick={actions.onClone ?? undefined} disabled={!actions.onClone}>
                Clone
              </Menu.Item>
              <Menu.Item leftSection={<IconDownload size={16} />} onClick={actions.onExport}>
                Export
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                leftSection={<IconTrash size={16} />}
                color="red"
                onClick={actions.onDelete ?? undefined}
                disabled={!actions.onDelete}
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <Text fz="sm" c="dimmed" lineClamp={3} mt={6} style={{ flex: 1 }}>
        {scenario.description || 'No description yet.'}
      </Text>
      <Group gap="md" mt="md" c="dimmed" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <IconCalendar size={14} aria-hidden />
          <Text fz="xs">Created {formatDate(scenario.created)}</Text>
        </Group>
        {templateName ? (
          <Group gap={4} wrap="nowrap">
            <IconTemplate size={14} aria-hidden />
            <Text fz="xs">{templateName}</Text>
          </Group>
        ) : null}
      </Group>
    </Card>
  );
};
