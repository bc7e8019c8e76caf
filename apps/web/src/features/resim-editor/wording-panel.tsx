import { Badge, Button, Divider, Grid, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { capitalise } from '../../ui/format';
import { maxConclusionsText, resolveTextSet, textSetUnderneath, type ScenarioContent, type TextSet } from '@resim/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { optionsOf, type PanelProps } from './editor-types';
import { UiTextInput } from './ui-text-input';

/** A glimpse of the run screen in the wording a learner would read. */
const WordingPreview = ({ labels, content }: { labels: TextSet; content: ScenarioContent }) => (
  <Paper radius="md" p="md" withBorder aria-label="Preview of the wording" role="figure">
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {labels.stage} 1
        </Text>
        <Button size="compact-xs" variant="subtle" tabIndex={-1}>
          {labels.descriptionOpen}
        </Button>
      </Group>
      <Group justify="space-between">
        <Title order={3} fz="md">
          {labels.facts}
        </Title>
        <Button size="compact-xs" variant="light" tabIndex={-1}>
          {labels.addMoreActions}
        </Button>
      </Group>
      <Text fz="sm" c="dimmed">
        Hb 84 g/L, MCV 68 fL.
      </Text>
      <Divider />
      <Text fz="sm" fw={600}>
        {capitalise(labels.actions)}
      </Text>
      <TextInput size="xs" placeholder={labels.searchActions} leftSection={<IconSearch size={12} />} readOnly tabIndex={-1} />
      <Text fz="xs" c="dimmed">
        {labels.noActionsFound}
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" tabIndex={-1}>
          {labels.actionChoiceCTA}
        </Button>
        <Button size="compact-sm" variant="default" tabIndex={-1}>
          {labels.addActions}
        </Button>
      </Group>
      <Divider />
      <Group justify="space-between">
        <Text fz="sm" fw={600}>
          {labels.conclusion}
        </Text>
        <Badge size="xs" variant="light" radius="sm" tt="none">
          {maxConclusionsText(labels, content.maxConclusions)}
        </Badge>
      </Group>
      <Group gap="xs">
        <Button size="compact-sm" variant="light" tabIndex={-1}>
          {labels.conclusionCTA}
        </Button>
        <Button size="compact-sm" tabIndex={-1}>
          {labels.conclusionChoiceCTA}
        </Button>
      </Group>
      <Divider />
      <Group justify="space-between">
        <Button size="compact-sm" variant="subtle" tabIndex={-1}>
          {labels.hintCTA}
        </Button>
        <Button size="compact-sm" color="red" variant="light" tabIndex={-1}>
          {labels.simulationEndCTA}
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" ta="center">
        {labels.simulationWaitText}
      </Text>
    </Stack>
  </Paper>
);

/**
 * Wording (SPEC 3 text set): the scenario's own words for what learners read, over the defaults.
 * Each stage may change them again in its own sub-screen.
 */
export const WordingPanel = ({ content, readOnly, onChange }: PanelProps) => {
  const [previewStage, setPreviewStage] = useState<string | null>(null);
  const stagesWithWording = content.stages.filter((stage) => Object.keys(stage.uiText).length > 0);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper radius="md" p="lg">
          <Stack gap="md">
            <div>
              <Title order={2} fz="md" fw={600}>
                Wording
              </Title>
              <Text fz="sm" c="dimmed">
                The words learners read in this scenario. Leave a field empty to keep the default shown in grey.
                {stagesWithWording.length > 0
                  ? ` ${stagesWithWording.map((stage) => stage.name || stage.id).join(', ')} change${stagesWithWording.length === 1 ? 's' : ''} some of them again.`
                  : ' A stage can change them again in its own settings.'}
              </Text>
            </div>
            <UiTextInput
              value={content.uiText}
              underneath={textSetUnderneath(content)}
              readOnly={readOnly}
              onChange={(change, field) =>
                onChange((draft) => ({ ...draft, uiText: change(draft.uiText) }), field ? `uiText/${field}` : undefined)
              }
            />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="sm" style={{ position: 'sticky', top: 160 }}>
          <Select
            label="Preview"
            data={optionsOf(content.stages)}
            value={previewStage}
            onChange={setPreviewStage}
            placeholder="The scenario's wording"
            clearable
          />
          <WordingPreview labels={resolveTextSet(content, previewStage)} content={content} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
};
