import { ActionIcon, Button, Fieldset, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { byCount, comparisonOperators, type Impact, type Measure, type MeasureCondition } from '@resim/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { optionsOf } from './editor-types';
import { memoField } from './memo-fields';
import { NumberField } from './number-field';
import { sameValue } from './scenario-changes';

const signed = (value: number): string => (value > 0 ? `+${value}` : String(value));

/** SPEC 9: the wording of a suggested impact, e.g. '+10 points', '+1 point'. */
export const suggestionLabel = (impact: Impact, measures: readonly Measure[]): string => {
  const measure = measures.find((candidate) => candidate.id === impact.measureId);
  const name = impact.measureId === 'points' ? byCount(impact.value, 'point', 'points') : (measure?.name ?? impact.measureId);
  return `${signed(impact.value)} ${name}`;
};

/** The impact of a test or diagnosis on measures, with one-click suggestions. */
const ImpactsField = (props: {
  legend: string;
  impacts: readonly Impact[];
  measures: readonly Measure[];
  suggestions: readonly Impact[];
  readOnly: boolean;
  onChange: (impacts: Impact[]) => void;
}) => {
  const { impacts, measures, readOnly } = props;
  const options = optionsOf(measures);
  const replace = (index: number, impact: Impact) => props.onChange(impacts.map((entry, at) => (at === index ? impact : entry)));
  // A suggestion sets the value of the impact on that measure, or adds one.
  const suggest = (suggestion: Impact) => {
    const index = impacts.findIndex((entry) => entry.measureId === suggestion.measureId);
    props.onChange(index >= 0 ? impacts.map((entry, at) => (at === index ? suggestion : entry)) : [...impacts, suggestion]);
  };
  const unused = measures.find((measure) => !impacts.some((entry) => entry.measureId === measure.id));
  return (
    <Fieldset legend={props.legend} variant="filled" radius="md">
      <Stack gap="xs">
        {impacts.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {measures.length === 0 ? 'Add a measure first to give this an impact.' : 'No impact on any measure.'}
          </Text>
        ) : null}
        {impacts.map((impact, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
            <Select
              label="Measure"
              data={options}
              value={impact.measureId}
              onChange={(measureId) => measureId && replace(index, { ...impact, measureId })}
              readOnly={readOnly}
              allowDeselect={false}
              style={{ flex: 2 }}
            />
            <NumberField
              label="Change by"
              value={impact.value}
              onChange={(value) => replace(index, { ...impact, value: value ?? 0 })}
              readOnly={readOnly}
              style={{ flex: 1 }}
            />
            {readOnly ? null : (
              <Tooltip label="Remove this impact">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  mb={2}
                  aria-label="Remove impact"
                  onClick={() => props.onChange(impacts.filter((_, at) => at !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ))}
        {readOnly ? null : (
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={!unused}
              onClick={() => unused && props.onChange([...impacts, { measureId: unused.id, value: 0 }])}
            >
              Add impact
            </Button>
            {props.suggestions.map((suggestion) => (
              <Button
                key={`${suggestion.measureId}${suggestion.value}`}
                size="xs"
                variant="default"
                radius="xl"
                onClick={() => suggest(suggestion)}
              >
                {suggestionLabel(suggestion, measures)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
};

export const ImpactsInput = memoField(ImpactsField, { suggestions: sameValue });

/** Conditions on measures that must all hold, e.g. points >= 10. */
const MeasureConditionsField = (props: {
  legend: string;
  conditions: readonly MeasureCondition[];
  measures: readonly Measure[];
  readOnly: boolean;
  onChange: (conditions: MeasureCondition[]) => void;
}) => {
  const { conditions, measures, readOnly } = props;
  const options = optionsOf(measures);
  const replace = (index: number, condition: MeasureCondition) =>
    props.onChange(conditions.map((entry, at) => (at === index ? condition : entry)));
  const first = measures[0];
  return (
    <Fieldset legend={props.legend} variant="filled" radius="md">
      <Stack gap="xs">
        {conditions.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {measures.length === 0 ? 'Add a measure first to set conditions on it.' : 'No conditions: always available.'}
          </Text>
        ) : null}
        {conditions.map((condition, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
            <Select
              label="Measure"
              data={options}
              value={condition.measureId}
              onChange={(measureId) => measureId && replace(index, { ...condition, measureId })}
              readOnly={readOnly}
              allowDeselect={false}
              style={{ flex: 2 }}
            />
            <Select
              label="Is"
              data={[...comparisonOperators]}
              value={condition.operator}
              onChange={(operator) => {
                const chosen = comparisonOperators.find((candidate) => candidate === operator);
                if (chosen) replace(index, { ...condition, operator: chosen });
              }}
              readOnly={readOnly}
              allowDeselect={false}
              w={80}
            />
            <NumberField
              label="Value"
              value={condition.value}
              onChange={(value) => replace(index, { ...condition, value: value ?? 0 })}
              readOnly={readOnly}
              style={{ flex: 1 }}
            />
            {readOnly ? null : (
              <Tooltip label="Remove this condition">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  mb={2}
                  aria-label="Remove condition"
                  onClick={() => props.onChange(conditions.filter((_, at) => at !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ))}
        {readOnly ? null : (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              disabled={!first}
              onClick={() => first && props.onChange([...conditions, { measureId: first.id, operator: '>=', value: 0 }])}
            >
              Add condition
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
};

export const MeasureConditionsInput = memoField(MeasureConditionsField);
