import { Badge, Grid, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { impactSuggestions, newAction, pluralLabel, resolveTextSet, type Action, type ScenarioContent } from '@resim/domain';
import { useState } from 'react';
import { capitalise } from '../../ui/format';
import { DeleteItemButton } from './delete-item-button';
import { ImpactsInput, MeasureConditionsInput } from './impacts-input';
import { ItemList, selectedOf } from './item-list';
import { removeAction } from './item-removal';
import { RequirementSetInput } from './requirement-set-input';
import { StageSelect, stageForNewItem } from './stage-select';
import { optionsOf, singularLabel, type PanelProps } from './editor-types';

const updateAction = (draft: ScenarioContent, actionId: string, fields: Partial<Action>): ScenarioContent => ({
  ...draft,
  actions: draft.actions.map((action) => (action.id === actionId ? { ...action, ...fields } : action)),
});

/** Actions (tests): what a learner can run, what it reveals and what it costs. */
export const ActionsPanel = ({ content, readOnly, onChange, focusId }: PanelProps) => {
  const [selectedId, setSelectedId] = useState<string | null>(focusId ?? null);
  const selected = selectedOf(content.actions, selectedId);
  const labels = resolveTextSet(content, selected?.stage);
  const scenarioLabels = resolveTextSet(content);
  const noun = capitalise(scenarioLabels.actions);
  const stageName = (stageId: string | null) => content.stages.find((stage) => stage.id === stageId)?.name;

  const update = (fields: Partial<Action>, field?: string) => {
    if (selected) onChange((draft) => updateAction(draft, selected.id, fields), field ? `actions/${selected.id}/${field}` : undefined);
  };

  const add = () => {
    const action = newAction(content, { stage: stageForNewItem(content, selected?.stage) });
    onChange((draft) => ({ ...draft, actions: [...draft.actions, action] }));
    setSelectedId(action.id);
  };

  return (
    <ItemList
      title={noun}
      description={`What a learner can run. Each one reveals its ${scenarioLabels.facts.toLowerCase()} and may change measures.`}
      items={content.actions.map((action) => ({
        id: action.id,
        name: action.name,
        hint: stageName(action.stage) ?? 'No stage',
        badges: content.answers.actions.includes(action.id)
          ? [
              <Badge key="answer" size="xs" variant="light" color="teal" radius="sm">
                Answer
              </Badge>,
            ]
          : [],
      }))}
      selectedId={selected?.id ?? null}
      onSelect={setSelectedId}
      addLabel={`Add ${singularLabel(scenarioLabels.actions)}`}
      onAdd={readOnly ? null : add}
      emptyTitle={`No ${scenarioLabels.actions} yet`}
      emptyText={`Add the ${scenarioLabels.actions} a learner can run, then what each one reveals.`}
    >
      {selected ? (
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <TextInput
                label="Name"
                value={selected.name}
                onChange={(event) => update({ name: event.currentTarget.value }, 'name')}
                maxLength={200}
                readOnly={readOnly}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <StageSelect
                label="Stage"
                content={content}
                value={selected.stage}
                readOnly={readOnly}
                onChange={(stage) => update({ stage })}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label={labels.facts}
            description="What the learner learns on running it."
            value={selected.facts}
            onChange={(event) => update({ facts: event.currentTarget.value }, 'facts')}
            autosize
            minRows={3}
            maxRows={14}
            maxLength={20_000}
            readOnly={readOnly}
          />
          <Textarea
            label="Feedback"
            description="What the learner is told about choosing it."
            value={selected.feedback}
            onChange={(event) => update({ feedback: event.currentTarget.value }, 'feedback')}
            autosize
            minRows={2}
            maxRows={10}
            maxLength={20_000}
            readOnly={readOnly}
          />
          <Group gap="xl">
            <Switch
              label="Instant feedback"
              description="Show the feedback at once, not at the end."
              checked={selected.instantFeedback}
              onChange={(event) => update({ instantFeedback: event.currentTarget.checked })}
              disabled={readOnly}
            />
            <Switch
              label="Always shown"
              description="Listed even when it cannot be run, with the reason."
              checked={selected.isAlwaysShown}
              onChange={(event) => update({ isAlwaysShown: event.currentTarget.checked })}
              disabled={readOnly}
            />
          </Group>
          <ImpactsInput
            legend="Impact on measures"
            impacts={selected.impact}
            measures={content.measures}
            suggestions={impactSuggestions(content)}
            readOnly={readOnly}
            onChange={(impact) => update({ impact })}
          />
          <Text fz="sm" fw={600} mt="xs">
            Available when
          </Text>
          <RequirementSetInput
            legend={`Required ${labels.actions}`}
            value={selected.requiredActions}
            options={optionsOf(content.actions, selected.id)}
            readOnly={readOnly}
            onChange={(requiredActions) => update({ requiredActions })}
          />
          <RequirementSetInput
            legend={`Required ${pluralLabel(labels.conclusion)}`}
            value={selected.requiredConclusions}
            options={optionsOf(content.conclusions)}
            readOnly={readOnly}
            onChange={(requiredConclusions) => update({ requiredConclusions })}
          />
          <MeasureConditionsInput
            legend="Measure conditions"
            conditions={selected.measureConditions}
            measures={content.measures}
            readOnly={readOnly}
            onChange={(measureConditions) => update({ measureConditions })}
          />
          {readOnly ? null : (
            <DeleteItemButton
              label={`Delete ${selected.name || selected.id}`}
              buttonLabel={`Delete ${singularLabel(scenarioLabels.actions)}`}
              message="It is also taken out of every requirement and of the answer key. You can undo this until you leave the editor."
              onConfirm={() => onChange((draft) => removeAction(draft, selected.id))}
            />
          )}
        </Stack>
      ) : null}
    </ItemList>
  );
};
