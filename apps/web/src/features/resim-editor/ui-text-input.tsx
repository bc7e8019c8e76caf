import { Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { TextInput } from './form-fields';
import type { TextField, TextSet, UiText } from '@resim/domain';
import { IconRestore } from '@tabler/icons-react';

type FieldSpec = { readonly field: TextField; readonly label: string; readonly hint?: string };

/** The fields of the simulation text set (SPEC 3), grouped by where learners meet them. */
export const textFieldGroups: readonly { readonly title: string; readonly fields: readonly FieldSpec[] }[] = [
  {
    title: 'Names',
    fields: [
      { field: 'actions', label: 'Actions are called', hint: 'Plural, inside sentences' },
      { field: 'conclusion', label: 'A conclusion is called' },
      { field: 'facts', label: 'Facts heading' },
      { field: 'stage', label: 'A stage is called' },
    ],
  },
  {
    title: 'Running actions',
    fields: [
      { field: 'actionChoiceCTA', label: 'Run button' },
      { field: 'addActions', label: 'Add button, before any result' },
      { field: 'addMoreActions', label: 'Add more button, beside the results' },
      { field: 'searchActions', label: 'Search placeholder' },
      { field: 'noActionsFound', label: 'Nothing found' },
      { field: 'allActionsUsedMessage', label: 'All used' },
      { field: 'actionsNotAvailableMessage', label: 'None available' },
      { field: 'cannotRunActionsMessage', label: 'Cannot run more' },
    ],
  },
  {
    title: 'Choosing conclusions',
    fields: [
      { field: 'conclusionCTA', label: 'Choose button' },
      { field: 'conclusionChoiceCTA', label: 'Confirm button' },
      { field: 'conclusionChange', label: 'Change button' },
      { field: 'searchConclusions', label: 'Search placeholder' },
      { field: 'noConclusionsFound', label: 'Nothing found' },
      { field: 'maxConclusionsMessage', label: 'Most allowed', hint: '{max} is the number' },
    ],
  },
  {
    title: 'Around the run',
    fields: [
      { field: 'hintCTA', label: 'Hint button' },
      { field: 'descriptionOpen', label: 'Open description' },
      { field: 'descriptionClose', label: 'Close description' },
      { field: 'simulationEndCTA', label: 'End button' },
      { field: 'simulationWaitText', label: 'Waiting text' },
    ],
  },
];

/**
 * Overrides of the simulation text set. Each field shows the wording it would otherwise have as
 * its placeholder, so an author sees what learners read and changes only what they mean to.
 */
export const UiTextInput = (props: {
  value: UiText;
  /** the wording underneath: the defaults, or the scenario's wording for a stage */
  underneath: TextSet;
  readOnly: boolean;
  /** changes the overrides as they are in the draft, which may be ahead of what is shown */
  onChange: (change: (current: UiText) => UiText, field?: TextField) => void;
}) => {
  const { value, underneath, readOnly } = props;
  const overridden = Object.values(value).filter((text) => typeof text === 'string' && text.trim() !== '').length;
  const set = (field: TextField, text: string) =>
    props.onChange((current) => {
      const next: UiText = { ...current };
      if (text === '') delete next[field];
      else next[field] = text;
      return next;
    }, field);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {overridden === 0 ? 'Nothing changed: learners read the wording shown in grey.' : `${overridden} changed.`}
        </Text>
        {readOnly || overridden === 0 ? null : (
          <Button size="xs" variant="subtle" leftSection={<IconRestore size={14} />} onClick={() => props.onChange(() => ({}))}>
            Use the wording underneath
          </Button>
        )}
      </Group>
      {textFieldGroups.map((group) => (
        <Fieldset key={group.title} legend={group.title} variant="filled" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            {group.fields.map((spec) => (
              <TextInput
                key={spec.field}
                label={spec.label}
                description={spec.hint}
                placeholder={underneath[spec.field]}
                value={value[spec.field] ?? ''}
                onChange={(event) => set(spec.field, event.currentTarget.value)}
                readOnly={readOnly}
                maxLength={500}
                data-field={spec.field}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
    </Stack>
  );
};
