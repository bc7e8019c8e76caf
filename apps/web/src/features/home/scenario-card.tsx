import { ActionIcon, Badge, Card, Group, Text } from '@mantine/core';
import type { ResimSummary } from '@resim/contracts';
import { Priority } from '@resim/domain';
import { IconCalendar, IconDots, IconTemplate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathFor } from '../../app/routes';
import { DeferredMenu } from '../../ui/deferred-menu';
import { formatDate } from '../../ui/format';
import { lazyNamed } from '../../ui/lazy-named';
import { ScenarioStatusBadge } from '../../ui/scenario-status';
import classes from './scenario-card.module.css';

const ScenarioCardMenu = lazyNamed(() => import('./scenario-card-menu').then((m) => m.ScenarioCardMenu));

export type ScenarioCardActions = {
  /** null when the space does not allow it */
  readonly onClone: (() => void) | null;
  readonly onExport: () => void;
  readonly onDelete: (() => void) | null;
  readonly onMove: () => void;
  /** the space allows editing: SCORM packages can be made */
  readonly mayEdit: boolean;
  /** why the scenario may not leave its space (canMove), or null */
  readonly moveBlocked: string | null;
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
          {scenario.priority === Priority.High ? (
            <Badge size="sm" variant="filled" color="red.9" radius="sm" style={{ flex: 'none' }}>
              High
            </Badge>
          ) : null}
          <ScenarioStatusBadge status={scenario.resimStatus} />
          <DeferredMenu
            menu={ScenarioCardMenu}
            props={{ path, actions, scenario }}
            trigger={
              <ActionIcon variant="subtle" color="gray" size="sm" className={classes.menu} aria-label={`Actions for ${scenario.resimName}`}>
                <IconDots size={16} />
              </ActionIcon>
            }
          />
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
            <Text fz="xs">From {templateName}</Text>
          </Group>
        ) : null}
      </Group>
    </Card>
  );
};
