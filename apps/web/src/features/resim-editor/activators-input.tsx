import { Fieldset, MultiSelect, Text } from '@mantine/core';
import type { Activator } from '@resim/domain';
import { memoField } from './memo-fields';

export type ActivatorOption = { readonly value: string; readonly label: string; readonly stage: string | null };

/**
 * Activators (SPEC 3 {id, name, stage}): on a stage, the tests whose running opens it; on a test,
 * the stages its running opens. Chosen by name; each keeps the name and stage of what it names.
 */
const ActivatorsField = (props: {
  legend: string;
  description: string;
  value: readonly Activator[];
  options: readonly ActivatorOption[];
  readOnly: boolean;
  onChange: (activators: Activator[]) => void;
}) => {
  const { value, options } = props;
  const known = new Set(options.map((option) => option.value));
  // Activators naming something deleted elsewhere still show, by id, so they can be removed.
  const data = [
    ...options.map(({ value: id, label }) => ({ value: id, label })),
    ...value.filter((activator) => !known.has(activator.id)).map((activator) => ({ value: activator.id, label: activator.id })),
  ];
  return (
    <Fieldset legend={props.legend} variant="filled" radius="md">
      <Text fz="xs" c="dimmed" mb={6}>
        {props.description}
      </Text>
      <MultiSelect
        aria-label={props.legend}
        data={data}
        value={value.map((activator) => activator.id)}
        onChange={(ids) =>
          props.onChange(
            ids.map((id) => {
              const option = options.find((candidate) => candidate.value === id);
              return option
                ? { id, name: option.label, stage: option.stage }
                : (value.find((activator) => activator.id === id) ?? { id, name: id, stage: null });
            }),
          )
        }
        placeholder={value.length === 0 ? 'None' : undefined}
        readOnly={props.readOnly}
        searchable
        clearable={!props.readOnly}
        hidePickedOptions
        nothingFoundMessage="Nothing found"
      />
    </Fieldset>
  );
};

const sameOptions = (a: readonly ActivatorOption[], b: readonly ActivatorOption[]): boolean =>
  a.length === b.length &&
  a.every((option, index) => option.value === b[index]?.value && option.label === b[index]?.label && option.stage === b[index]?.stage);

/** Rendered again only when its activators or the items to choose from change, not on every keystroke in the form. */
export const ActivatorsInput = memoField(ActivatorsField, { options: sameOptions });
