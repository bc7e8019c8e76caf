import { Box, Group, Text } from '@mantine/core';
import { limitKindLabels, type MeasureView } from '@resim/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDuration, formatLimits, formatMeasureValue, isTimeMeasure } from '@resim/domain';

const Chip = ({ name, value, limits, warning }: { name: string; value: string; limits?: string | null; warning?: string | null }) => (
  <Box
    component="li"
    px="sm"
    py={4}
    bg={warning ? 'orange.0' : 'gray.0'}
    style={{
      borderRadius: 'var(--mantine-radius-md)',
      border: `1px solid var(--mantine-color-${warning ? 'orange-4' : 'gray-3'})`,
      flex: '0 0 auto',
    }}
  >
    <Text fz={11} c="dimmed" lh={1.3} fw={600} style={{ whiteSpace: 'nowrap' }}>
      {name}
    </Text>
    <Group gap={4} wrap="nowrap">
      {warning ? <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" aria-hidden /> : null}
      <Text fw={700} fz="md" lh={1.3} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {warning ? (
        <Text fz="xs" c="orange.8" fw={600}>
          {warning}
        </Text>
      ) : null}
    </Group>
    {limits ? (
      <Text fz={11} c="dimmed" lh={1.3}>
        {limits}
      </Text>
    ) : null}
  </Box>
);

/**
 * The run's measures (points, money, time...) each under its full name, with their limits; one at or past a limit is
 * marked with what the limit does (Terminate, Limited, Warning). The elapsed time and the time
 * measures are left out when the scenario hides time.
 */
export const MeasuresBar = (props: {
  measures: readonly MeasureView[];
  /** ISO 4217 code of the currency money measures are in */
  currency: string;
  elapsedMs: number | null;
  hideTime: boolean;
}) => {
  const measures = props.hideTime ? props.measures.filter((measure) => !isTimeMeasure(measure.type)) : props.measures;
  const elapsedMs = props.hideTime ? null : props.elapsedMs;
  if (measures.length === 0 && elapsedMs === null) return null;
  return (
    <Box
      component="ul"
      aria-label="Measures"
      m={0}
      p={0}
      style={{
        listStyle: 'none',
        display: 'flex',
        gap: 8,
        paddingBottom: 2,
        // On several lines rather than one scrolling line, so that no chip is cut off at the edge.
        flexWrap: 'wrap',
      }}
    >
      {/* Named apart from any measure of time, so that no two chips read alike. */}
      {elapsedMs !== null ? <Chip name="Time taken" value={formatDuration(elapsedMs / 1000)} /> : null}
      {measures.map((measure) => (
        <Chip
          key={measure.id}
          name={measure.name}
          value={formatMeasureValue(measure.type, measure.value, { currency: props.currency, timeUnit: measure.timeUnit })}
          limits={formatLimits(measure, props.currency)}
          warning={measure.atLimit ? (limitKindLabels[measure.limitKind as keyof typeof limitKindLabels] ?? 'Limit') : null}
        />
      ))}
    </Box>
  );
};
