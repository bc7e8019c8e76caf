import { Grid, Text } from '@mantine/core';
import { TextInput } from './form-fields';
import { impactSuggestions, pluralLabel, type Impact, type RequirementSet, type ScenarioContent, type TextSet } from '@resim/domain';
import { optionsOf } from './editor-types';
import { ImpactsInput } from './impacts-input';
import { RequirementSetInput } from './requirement-set-input';
import { StageSelect } from './stage-select';

/** The fields tests and diagnoses share, so both sub-screens read and behave alike. */
type Item = {
  readonly id: string;
  readonly name: string;
  readonly stage: string | null;
  readonly impact: readonly Impact[];
  readonly requiredActions: RequirementSet;
  readonly requiredConclusions: RequirementSet;
};
type Update = (fields: Partial<Omit<Item, 'id'>> & { impact?: Impact[] }, field?: string) => void;
type FieldsProps = { content: ScenarioContent; item: Item; readOnly: boolean; update: Update };

/** The name of any listed item; its keystrokes undo together. */
export const ItemNameInput = ({
  name,
  readOnly,
  update,
}: {
  name: string;
  readOnly: boolean;
  update: (fields: { name: string }, field: 'name') => void;
}) => (
  <TextInput
    label="Name"
    value={name}
    onChange={(event) => update({ name: event.currentTarget.value }, 'name')}
    maxLength={200}
    readOnly={readOnly}
  />
);

export const NameAndStageFields = ({ content, item, readOnly, update }: FieldsProps) => (
  <Grid gap="md">
    <Grid.Col span={{ base: 12, sm: 7 }}>
      <ItemNameInput name={item.name} readOnly={readOnly} update={update} />
    </Grid.Col>
    <Grid.Col span={{ base: 12, sm: 5 }}>
      <StageSelect label="Stage" content={content} value={item.stage} readOnly={readOnly} onChange={(stage) => update({ stage })} />
    </Grid.Col>
  </Grid>
);

export const ImpactField = ({ content, item, readOnly, update }: FieldsProps) => (
  <ImpactsInput
    legend="Impact on measures"
    impacts={item.impact}
    measures={content.measures}
    suggestions={impactSuggestions(content)}
    readOnly={readOnly}
    onChange={(impact) => update({ impact })}
  />
);

/** 'Available when': the tests and diagnoses an item requires; an item never lists itself. */
export const RequirementFields = ({ content, item, readOnly, update, labels }: FieldsProps & { labels: TextSet }) => (
  <>
    <Text fz="sm" fw={600} mt="xs">
      Available when
    </Text>
    <RequirementSetInput
      legend={`Required ${labels.actions}`}
      value={item.requiredActions}
      options={optionsOf(content.actions, item.id)}
      readOnly={readOnly}
      onChange={(requiredActions) => update({ requiredActions })}
    />
    <RequirementSetInput
      legend={`Required ${pluralLabel(labels.conclusion)}`}
      value={item.requiredConclusions}
      options={optionsOf(content.conclusions, item.id)}
      readOnly={readOnly}
      onChange={(requiredConclusions) => update({ requiredConclusions })}
    />
  </>
);
