import { Badge, Button, Fieldset, Grid, Group, SegmentedControl, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { TextInput } from './form-fields';
import {
  deleteMeasure,
  LimitKind,
  limitKindLabels,
  measureInUse,
  MeasureType,
  newMeasure,
  pointsMeasureId,
  timeUnits,
  type Measure,
  type MeasureLimits,
} from '@resim/domain';
import { IconStar, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { formatMeasureValue } from '@resim/domain';
import { ItemList } from './item-list';
import { useItemSelection } from './use-item-selection';
import { ItemNameInput } from './item-fields';
import { NumberField } from './number-field';
import type { PanelProps } from './editor-types';

/** SPEC 9 measure types, as an author reads them. */
const typeLabels: Record<Measure['type'], string> = {
  [MeasureType.money]: 'Money',
  [MeasureType.autoTimeIncrement]: 'Time, counting up by itself',
  [MeasureType.autoTimeDecrement]: 'Time, counting down by itself',
  [MeasureType.time]: 'Time',
  [MeasureType.percentage]: 'Percentage',
  [MeasureType.decimal]: 'Decimal number',
  [MeasureType.integer]: 'Whole number',
};
const typeOptions = Object.entries(typeLabels).map(([value, label]) => ({ value, label }));
const timeUnitOptions = timeUnits.map((unit) => ({ value: unit, label: `${unit.charAt(0).toUpperCase()}${unit.slice(1)}` }));

const typeOf = (value: string | null): Measure['type'] | null => {
  const type = Number(value);
  return type >= 1 && type <= 7 && Number.isInteger(type) ? (type as Measure['type']) : null;
};

/** What each SPEC 9 limit kind does when the value reaches a limit. */
const limitKinds: readonly { kind: MeasureLimits['kind']; hint: string }[] = [
  { kind: LimitKind.finiteWithTermination, hint: 'The run ends when the value reaches a limit.' },
  { kind: LimitKind.finite, hint: 'The value stops at the limit.' },
  { kind: LimitKind.infinite, hint: 'The learner is warned; the value may go past the limit.' },
];

/** Measures: the values a run keeps (points, money, time), their limits and how they rank learners. */
export const MeasuresPanel = ({ content, readOnly, onChange, focusId }: PanelProps) => {
  const { selected, select, update, updateFrom, add } = useItemSelection({
    content,
    part: 'measures',
    onChange,
    focusId,
    create: (current) => newMeasure(current),
  });
  const kindLabelId = useId();
  const hasPoints = content.measures.some((measure) => measure.id === pointsMeasureId);
  const setLimits = (fields: Partial<MeasureLimits>) =>
    updateFrom((measure) => (measure.limits ? { limits: { ...measure.limits, ...fields } } : {}));
  const addPoints = () => {
    const points: Measure = { ...newMeasure(content, { name: 'Points', scoreOrder: 1 }), id: pointsMeasureId };
    onChange((draft) => ({ ...draft, measures: [...draft.measures, points] }));
    select(points.id);
  };

  const inUse = selected ? measureInUse(content, selected.id) : false;

  return (
    <ItemList
      title="Measures"
      description="The values a run keeps and scores. The measure 'points' is the score."
      items={content.measures.map((measure) => ({
        id: measure.id,
        name: measure.name,
        hint: `${typeLabels[measure.type]} · starts at ${formatMeasureValue(measure.type, measure.initial, { currency: content.currency, timeUnit: measure.timeUnit })}`,
        badges:
          measure.id === pointsMeasureId
            ? [
                <Badge key="score" size="xs" variant="light" color="yellow" radius="sm">
                  Score
                </Badge>,
              ]
            : [],
      }))}
      selectedId={selected?.id ?? null}
      onSelect={select}
      addLabel="Add measure"
      onAdd={readOnly ? null : add}
      extraActions={
        readOnly || hasPoints ? null : (
          <Button size="xs" variant="light" color="yellow" leftSection={<IconStar size={14} />} onClick={addPoints}>
            Add points
          </Button>
        )
      }
      emptyTitle="No measures yet"
      emptyText="Add 'points' to score learners, or any value the run should keep: money spent, time taken."
    >
      {selected ? (
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <ItemNameInput name={selected.name} readOnly={readOnly} update={update} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label="Id" description="Fixed; 'points' is the score." value={selected.id} readOnly variant="filled" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <Select
                label="Type"
                data={typeOptions}
                value={String(selected.type)}
                onChange={(value) => {
                  const type = typeOf(value);
                  if (type !== null) update({ type });
                }}
                allowDeselect={false}
                readOnly={readOnly}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <NumberField
                label={selected.type === MeasureType.time ? `Initial value (${selected.timeUnit})` : 'Initial value'}
                value={selected.initial}
                onChange={(initial) => update({ initial: initial ?? 0 }, 'initial')}
                readOnly={readOnly}
              />
            </Grid.Col>
            {selected.type === MeasureType.time ? (
              <Grid.Col span={{ base: 12, sm: 7 }}>
                <Select
                  label="Time unit"
                  description="The unit of its values, impacts and limits, and how learners read it."
                  data={timeUnitOptions}
                  value={selected.timeUnit}
                  onChange={(value) => {
                    const timeUnit = timeUnits.find((unit) => unit === value);
                    if (timeUnit) update({ timeUnit });
                  }}
                  allowDeselect={false}
                  readOnly={readOnly}
                />
              </Grid.Col>
            ) : null}
          </Grid>
          <NumberField
            label="Score order"
            description="Learners are ranked by the measures that have one, lowest first. Empty: not used for ranking."
            value={selected.scoreOrder}
            onChange={(scoreOrder) => update({ scoreOrder: scoreOrder === null ? null : Math.round(scoreOrder) }, 'scoreOrder')}
            nullable
            allowDecimal={false}
            readOnly={readOnly}
            maw={320}
          />
          <Fieldset legend="Limits" variant="filled" radius="md">
            <Stack gap="sm">
              <Switch
                label="Keep the value within limits"
                checked={selected.limits !== null}
                onChange={(event) =>
                  update({ limits: event.currentTarget.checked ? { min: null, max: null, kind: LimitKind.finite } : null })
                }
                disabled={readOnly}
              />
              {selected.limits ? (
                <>
                  <Group grow align="flex-start">
                    <NumberField
                      label="Minimum"
                      placeholder="None"
                      value={selected.limits.min}
                      onChange={(min) => setLimits({ min })}
                      nullable
                      readOnly={readOnly}
                    />
                    <NumberField
                      label="Maximum"
                      placeholder="None"
                      value={selected.limits.max}
                      onChange={(max) => setLimits({ max })}
                      nullable
                      readOnly={readOnly}
                    />
                  </Group>
                  <Stack gap={4}>
                    <Text fz="sm" fw={500} id={kindLabelId}>
                      When a limit is reached
                    </Text>
                    <SegmentedControl
                      aria-labelledby={kindLabelId}
                      data={limitKinds.map(({ kind }) => ({ value: String(kind), label: limitKindLabels[kind] }))}
                      value={String(selected.limits.kind)}
                      onChange={(value) => {
                        const kind = limitKinds.find((candidate) => String(candidate.kind) === value)?.kind;
                        if (kind) setLimits({ kind });
                      }}
                      disabled={readOnly}
                      w="fit-content"
                    />
                    <Text fz="xs" c="dimmed">
                      {limitKinds.find((candidate) => candidate.kind === selected.limits?.kind)?.hint}
                    </Text>
                  </Stack>
                </>
              ) : null}
            </Stack>
          </Fieldset>
          {readOnly ? null : (
            <Group justify="flex-end" gap="sm">
              {inUse ? (
                <Text fz="xs" c="dimmed">
                  In use, so it cannot be deleted.
                </Text>
              ) : null}
              {/* SPEC 5: a measure in use cannot be deleted; the button says why instead of failing silently. */}
              <Tooltip
                label="Used in the conditions or impact of a test, diagnosis, hint or info. Remove it there first."
                disabled={!inUse}
                multiline
                w={280}
              >
                <span>
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    disabled={inUse}
                    onClick={() => onChange((draft) => deleteMeasure(draft, selected.id))}
                  >
                    Delete measure
                  </Button>
                </span>
              </Tooltip>
            </Group>
          )}
        </Stack>
      ) : null}
    </ItemList>
  );
};
