import { ActionIcon, Badge, Box, Button, Group, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import type { ResimSummary, ScenarioTemplate, Space } from '@resim/contracts';
import { mayEditInSpace } from '@resim/domain';
import { IconChevronRight, IconDots, IconFileImport, IconFolder, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { DeferredMenu } from '../../ui/deferred-menu';
import { lazyNamed } from '../../ui/lazy-named';
import { ScenarioCard, type ScenarioCardActions } from './scenario-card';
import grid from './card-grid.module.css';
import fold from './space-collapse.module.css';

const SpaceMenu = lazyNamed(() => import('./space-menu').then((m) => m.SpaceMenu));

export type SpaceSectionProps = {
  space: Space;
  scenarios: readonly ResimSummary[];
  templates: ReadonlyMap<string, ScenarioTemplate>;
  collapsed: boolean;
  searching: boolean;
  onToggle: () => void;
  onRename: () => void;
  onDelete: () => void;
  /** null when the user may not add scenarios to this space */
  onNewScenario: (() => void) | null;
  creatingScenario: boolean;
  onImport: (() => void) | null;
  scenarioActions: (scenario: ResimSummary) => ScenarioCardActions;
};

const countLabel = (count: number, searching: boolean): string =>
  searching ? `${count} ${count === 1 ? 'match' : 'matches'}` : `${count} ${count === 1 ? 'scenario' : 'scenarios'}`;

/** One space on Home: a header that folds it, its menu, and its scenarios. */
export const SpaceSection = (props: SpaceSectionProps) => {
  const { space, scenarios, collapsed } = props;
  const contentId = useId();
  const mayRename = mayEditInSpace(space.security, space.isOwner);
  return (
    <Paper radius="md" shadow="xs" component="section" aria-label={space.description}>
      <Group justify="space-between" wrap="nowrap" gap="xs" px="sm" py={10}>
        <UnstyledButton
          onClick={props.onToggle}
          aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${space.description}`}
          aria-expanded={!collapsed}
          aria-controls={contentId}
          style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
          px={6}
          py={4}
        >
          <Group gap="sm" wrap="nowrap">
            <IconChevronRight
              size={18}
              stroke={1.8}
              aria-hidden
              style={{ flex: 'none', transition: 'transform 150ms ease', transform: collapsed ? 'none' : 'rotate(90deg)' }}
            />
            <IconFolder size={20} stroke={1.6} color="var(--mantine-color-blue-6)" aria-hidden style={{ flex: 'none' }} />
            <Title order={2} fz="md" fw={600} lineClamp={1} style={{ minWidth: 0 }}>
              {space.description}
            </Title>
            <Badge variant="light" color="gray" radius="sm" size="sm" tt="none" fw={500} style={{ flex: 'none' }}>
              {countLabel(scenarios.length, props.searching)}
            </Badge>
          </Group>
        </UnstyledButton>
        <Group gap="xs" wrap="nowrap">
          {props.onNewScenario ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={props.onNewScenario}
              loading={props.creatingScenario}
              aria-label={`New scenario in ${space.description}`}
            >
              New scenario
            </Button>
          ) : null}
          {props.onImport ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileImport size={14} />}
              onClick={props.onImport}
              aria-label={`Import scenarios into ${space.description}`}
            >
              Import
            </Button>
          ) : null}
          <Text fz="xs" c="dimmed" visibleFrom="md" truncate="end" maw={220}>
            {space.isOwner ? 'Owned by you' : `Owner: ${space.owner}`}
          </Text>
          <DeferredMenu
            menu={SpaceMenu}
            props={{ space, mayRename, onRename: props.onRename, onDelete: props.onDelete }}
            trigger={
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${space.description}`} title="Space actions">
                <IconDots size={18} />
              </ActionIcon>
            }
          />
        </Group>
      </Group>
      <div className={fold.collapse} data-collapsed={collapsed || undefined} id={contentId}>
        {/* Without padding of its own, so that the row folds to nothing; folded, nothing in it can be reached. */}
        <div inert={collapsed} aria-hidden={collapsed || undefined}>
          <Box px="md" pb="md" pt={4}>
            {scenarios.length > 0 ? (
              <div className={grid.grid}>
                {scenarios.map((scenario) => (
                  <ScenarioCard
                    key={scenario.id}
                    scenario={scenario}
                    actions={props.scenarioActions(scenario)}
                    // Made from Blank is made from nothing: only another template is worth naming on the card.
                    templateName={
                      scenario.templateId && scenario.templateId !== 'blank'
                        ? (props.templates.get(scenario.templateId)?.name ?? null)
                        : null
                    }
                  />
                ))}
              </div>
            ) : (
              <Box py="lg" px="md" style={{ border: '1px dashed var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}>
                <Text fz="sm" c="dimmed" ta="center">
                  No scenarios in this space yet.
                </Text>
              </Box>
            )}
          </Box>
        </div>
      </div>
    </Paper>
  );
};
