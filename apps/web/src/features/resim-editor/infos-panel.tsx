import { Grid, Select, Stack } from '@mantine/core';
import { Textarea } from './form-fields';
import { impactSuggestions, newInfo } from '@resim/domain';
import { DeleteItemButton } from './delete-item-button';
import { useItemSelection } from './use-item-selection';
import { ItemNameInput } from './item-fields';
import { optionsOf, type PanelProps } from './editor-types';
import { ImpactsInput, MeasureConditionsInput } from './impacts-input';
import { ItemList } from './item-list';
import { removeInfo } from './item-removal';
import { factMedia, MediaFields } from './media-list-input';

/** Infos (SPEC 3): information a learner reads during a run, in a stage or throughout, when its conditions hold. */
export const InfosPanel = ({ content, readOnly, onChange, focusId }: PanelProps) => {
  const { selected, select, update, updateFrom, add } = useItemSelection({ content, part: 'infos', onChange, focusId, create: newInfo });
  const stageName = (stageId: string | null) => content.stages.find((stage) => stage.id === stageId)?.name;

  return (
    <ItemList
      title="Infos"
      description="Information a learner reads during a run: a referral letter, a note from a colleague, a change in the patient."
      items={content.infos.map((info) => ({ id: info.id, name: info.name, hint: stageName(info.stage) ?? 'Every stage' }))}
      selectedId={selected?.id ?? null}
      onSelect={select}
      addLabel="Add info"
      onAdd={readOnly ? null : add}
      emptyTitle="No infos yet"
      emptyText="Add information learners read on the way, shown in a stage or when measures reach a value."
    >
      {selected ? (
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <ItemNameInput name={selected.name} readOnly={readOnly} update={update} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Select
                label="Stage"
                description="None: shown whatever stage is open."
                data={optionsOf(content.stages)}
                value={selected.stage}
                onChange={(stage) => update({ stage })}
                placeholder="Every stage"
                clearable={!readOnly}
                allowDeselect={false}
                readOnly={readOnly}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label="Text"
            description="What the learner reads."
            value={selected.text}
            onChange={(event) => update({ text: event.currentTarget.value }, 'text')}
            autosize
            minRows={4}
            maxRows={16}
            maxLength={20_000}
            readOnly={readOnly}
          />
          <MediaFields
            owner={selected.id}
            item={selected}
            keys={factMedia}
            label="Info"
            readOnly={readOnly}
            onChange={(key, change) => updateFrom((info) => ({ [key]: change(info[key]) }))}
          />
          <MeasureConditionsInput
            legend="Shown when"
            conditions={selected.measureConditions}
            measures={content.measures}
            readOnly={readOnly}
            onChange={(measureConditions) => update({ measureConditions })}
          />
          <ImpactsInput
            legend="Impact on measures when shown"
            impacts={selected.impact}
            measures={content.measures}
            suggestions={impactSuggestions(content)}
            readOnly={readOnly}
            onChange={(impact) => update({ impact })}
          />
          {readOnly ? null : (
            <DeleteItemButton
              label={`Delete ${selected.name || selected.id}`}
              buttonLabel="Delete info"
              message="If the run opens on this info, it opens on the default stage instead. You can undo this until you leave the editor."
              onConfirm={() => onChange((draft) => removeInfo(draft, selected.id))}
            />
          )}
        </Stack>
      ) : null}
    </ItemList>
  );
};
