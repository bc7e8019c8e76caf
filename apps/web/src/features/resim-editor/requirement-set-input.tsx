import { Fieldset, Group, MultiSelect, Stack, Text } from '@mantine/core';
import type { RequirementSet } from '@resim/domain';
import { useId } from 'react';
import { sameOptions, type Option } from './editor-types';
import { memoField } from './memo-fields';

const kinds = [
  { key: 'all', label: 'All of', hint: 'every one done' },
  { key: 'any', label: 'Any of', hint: 'at least one done' },
  { key: 'none', label: 'None of', hint: 'none of them done' },
] as const;

/**
 * A requirement set {all, any, none}: it holds when every id in all is done, one of any (when
 * there are any), and none of none. An id sits in one list at a time.
 */
const RequirementSetField = (props: {
  legend: string;
  value: RequirementSet;
  options: readonly Option[];
  readOnly: boolean;
  onChange: (value: RequirementSet) => void;
}) => {
  const { value, options } = props;
  const id = useId();
  const labelOf = new Map(options.map((option) => [option.value, option.label]));
  // Items deleted elsewhere still show, by id, so they can be removed.
  const dataFor = (ids: readonly string[]) => [...options, ...ids.filter((id) => !labelOf.has(id)).map((id) => ({ value: id, label: id }))];
  const set = (key: (typeof kinds)[number]['key'], ids: string[]) => {
    const others = kinds.filter((kind) => kind.key !== key).map((kind) => kind.key);
    const next = { ...value, [key]: ids };
    for (const other of others) next[other] = value[other].filter((id) => !ids.includes(id));
    props.onChange(next);
  };
  return (
    <Fieldset legend={props.legend} variant="filled" radius="md">
      {options.length === 0 && value.all.length + value.any.length + value.none.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nothing to choose from yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {kinds.map((kind) => (
            <Group key={kind.key} gap="sm" wrap="nowrap" align="flex-start">
              <Stack gap={0} w={110} pt={6} style={{ flex: 'none' }}>
                <Text fz="sm" fw={500} component="label" htmlFor={`${id}-${kind.key}`}>
                  {kind.label}
                </Text>
                <Text fz="xs" c="dimmed">
                  {kind.hint}
                </Text>
              </Stack>
              <MultiSelect
                id={`${id}-${kind.key}`}
                data={dataFor(value[kind.key])}
                value={[...value[kind.key]]}
                onChange={(ids) => set(kind.key, ids)}
                readOnly={props.readOnly}
                searchable
                clearable={!props.readOnly}
                hidePickedOptions
                nothingFoundMessage="Nothing found"
                placeholder={value[kind.key].length === 0 ? 'None' : undefined}
                style={{ flex: 1, minWidth: 0 }}
              />
            </Group>
          ))}
        </Stack>
      )}
    </Fieldset>
  );
};

/** Options are rebuilt from the scenario on every render: the same names leave the field as it is. */
export const RequirementSetInput = memoField(RequirementSetField, { options: sameOptions });
