import { Badge, Group, Stack } from '@mantine/core';
import { newAction, resolveTextSet } from '@resim/domain';
import { capitalise } from '../../ui/format';
import { ActivatorsInput } from './activators-input';
import { DeleteItemButton } from './delete-item-button';
import { Switch, Textarea } from './form-fields';
import { MeasureConditionsInput } from './impacts-input';
import { ImpactField, NameAndStageFields, RequirementFields } from './item-fields';
import { useListItems } from './use-list-items';
import { ItemList } from './item-list';
import { useItemSelection } from './use-item-selection';
import { factMedia, MediaFields } from './media-list-input';
import { removeAction } from './item-removal';
import { stageForNewItem } from './stage-select';
import { singularLabel, type PanelProps } from './editor-types';

/** Actions (tests): what a learner can run, what it reveals and what it costs. */
export const ActionsPanel = ({ content, readOnly, onChange, focusId }: PanelProps) => {
  const { selected, select, update, updateFrom, add } = useItemSelection({
    content,
    part: 'actions',
    onChange,
    focusId,
    create: (current, beside) => newAction(current, { stage: stageForNewItem(current, beside?.stage) }),
  });
  const labels = resolveTextSet(content, selected?.stage);
  const scenarioLabels = resolveTextSet(content);
  const noun = capitalise(scenarioLabels.actions);
  const stageName = (stageId: string | null) => content.stages.find((stage) => stage.id === stageId)?.name;

  const answerBadge = (
    <Badge key="answer" size="xs" variant="light" color="teal" radius="sm">
      Answer
    </Badge>
  );
  const listItems = useListItems(
    content.actions,
    (action) => ({
      id: action.id,
      name: action.name,
      hint: stageName(action.stage) ?? 'No stage',
      badges: content.answers.actions.includes(action.id) ? [answerBadge] : [],
    }),
    [content.stages, content.answers.actions],
  );

  return (
    <ItemList
      title={noun}
      description={`What a learner can run. Each one reveals its ${scenarioLabels.facts.toLowerCase()} and may change measures.`}
      items={listItems}
      selectedId={selected?.id ?? null}
      onSelect={select}
      addLabel={`Add ${singularLabel(scenarioLabels.actions)}`}
      onAdd={readOnly ? null : add}
      emptyTitle={`No ${scenarioLabels.actions} yet`}
      emptyText={`Add the ${scenarioLabels.actions} a learner can run, then what each one reveals.`}
    >
      {selected ? (
        <Stack gap="md">
          <NameAndStageFields content={content} item={selected} readOnly={readOnly} update={update} />
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
          <MediaFields
            owner={selected.id}
            item={selected}
            keys={factMedia}
            label="Result"
            readOnly={readOnly}
            onChange={(key, change) => updateFrom((action) => ({ [key]: change(action[key]) }))}
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
          <ImpactField content={content} item={selected} readOnly={readOnly} update={update} />
          <RequirementFields content={content} item={selected} readOnly={readOnly} update={update} labels={labels} />
          <ActivatorsInput
            legend="Opens stages"
            description="Running it opens these stages at once, whatever their requirements."
            value={selected.activators}
            options={content.stages.map((stage) => ({ value: stage.id, label: stage.name || stage.id, stage: null }))}
            readOnly={readOnly}
            onChange={(activators) => update({ activators })}
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
