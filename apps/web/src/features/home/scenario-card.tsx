import { Card, Group, Text } from '@mantine/core';
import type { ResimSummary } from '@resim/contracts';
import { IconCalendar, IconTemplate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathFor } from '../../app/routes';
import { formatDate } from '../../ui/format';
import { ScenarioStatusBadge } from '../../ui/scenario-status';
import classes from './scenario-card.module.css';

export const ScenarioCard = ({ scenario, templateName }: { scenario: ResimSummary; templateName: string | null }) => (
  <Card
    component={Link}
    to={pathFor({ name: 'EDIT_RESIM', resimId: scenario.id })}
    className={classes.card}
    padding="md"
    radius="md"
    shadow="none"
  >
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Text fw={600} lineClamp={2} lh={1.35}>
        {scenario.resimName}
      </Text>
      <ScenarioStatusBadge status={scenario.resimStatus} />
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
