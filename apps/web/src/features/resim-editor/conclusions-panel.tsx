import { Badge, Stack, Switch } from '@mantine/core';
import { Textarea } from './form-fields';
import { newConclusion, pluralLabel, resolveTextSet } from '@resim/domain';
import { DeleteItemButton } from './delete-item-button';
import { type PanelProps } from './editor-types';
import { ImpactField, NameAndStageFields, RequirementFields } from './item-fields';
import { useListItems } from './use-list-items';
import { ItemList } from './item-list';
import { useItemSelection } from './use-item-selection';
import { removeConclusion } from './item-removal';
import { stageForNewItem } from './stage-select';

/** Conclusions (diagnoses): what a learner may choose and confirm, and what each choice is worth. */
export const ConclusionsPanel = ({ content, readOnly, onChange, focusId }: PanelProps) => {
  const { selected, select, update, add } = useItemSelection({
    content,
    part: 'conclusions',
    onChange,
    focusId,
    create: (current, beside) => newConclusion(current, { stage: stageForNewItem(current, beside?.stage) }),
  });
  const labels = resolveTextSet(content, selected?.stage);
  const noun = resolveTextSet(content).conclusion;
  const plural = pluralLabel(noun);
  const stageName = (stageId: string | null) => content.stages.find((stage) => stage.id === stageId)?.name;

  const answerBadge = (
    <Badge key="answer" size="xs" variant="light" color="teal" radius="sm">
      Answer
    </Badge>
  );
  const listItems = useListItems(
    content.conclusions,
    (conclusion) => ({
      id: conclusion.id,
      name: conclusion.name,
      hint: stageName(conclusion.stage) ?? 'No stage',
      badges: content.answers.conclusions.includes(conclusion.id) ? [answerBadge] : [],
    }),
    [content.stages, content.answers.conclusions],
  );

  return (
    <ItemList
      title={noun}
      description={`What a learner may choose (at most ${content.maxConclusions} at once) and confirm.`}
      items={listItems}
      selectedId={selected?.id ?? null}
      onSelect={select}
      addLabel={`Add ${noun.toLowerCase()}`}
      onAdd={readOnly ? null : add}
      emptyTitle={`No ${plural} yet`}
      emptyText={`Add the ${plural} a learner may choose from.`}
    >
      {selected ? (
        <Stack gap="md">
          <NameAndStageFields content={content} item={selected} readOnly={readOnly} update={update} />
          <Textarea
            label="Feedback"
            description="What the learner is told about this choice."
            value={selected.feedback}
            onChange={(event) => update({ feedback: event.currentTarget.value }, 'feedback')}
            autosize
            minRows={2}
            maxRows={10}
            maxLength={20_000}
            readOnly={readOnly}
          />
          <Switch
            label="Always shown"
            description="Listed even when it cannot be chosen yet, with the reason."
            checked={selected.isAlwaysShown}
            onChange={(event) => update({ isAlwaysShown: event.currentTarget.checked })}
            disabled={readOnly}
          />
          <ImpactField content={content} item={selected} readOnly={readOnly} update={update} />
          <RequirementFields content={content} item={selected} readOnly={readOnly} update={update} labels={labels} />
          {readOnly ? null : (
            <DeleteItemButton
              label={`Delete ${selected.name || selected.id}`}
              buttonLabel={`Delete ${noun.toLowerCase()}`}
              message="It is also taken out of every requirement and of the answer key. You can undo this until you leave the editor."
              onConfirm={() => onChange((draft) => removeConclusion(draft, selected.id))}
            />
          )}
        </Stack>
      ) : null}
    </ItemList>
  );
};
