import { Checkbox, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { checkScenario, mostPointsOf, resolveTextSet, type PassMark, type PassThreshold, type ScenarioContent } from '@resim/domain';
import { useDeferredValue, useMemo } from 'react';
import { formatMostPoints, formatPoints } from './results/results-format';
import { singularLabel, type PanelProps } from './editor-types';
import { NumberField } from './number-field';

const kinds: readonly { value: PassThreshold['kind']; label: string }[] = [
  { value: 'none', label: 'No points needed' },
  { value: 'points', label: 'Points' },
  { value: 'share', label: 'Share of the most reachable' },
];

const thresholdOf = (kind: string, current: PassThreshold): PassThreshold =>
  kind === 'points'
    ? { kind: 'points', points: current.kind === 'points' ? current.points : 0 }
    : kind === 'share'
      ? { kind: 'share', percent: current.kind === 'share' ? current.percent : 50 }
      : { kind: 'none' };

/** The most points a run can reach, worked out only while a share asks for it: the checker's search takes a moment. */
const useMostPoints = (content: ScenarioContent, wanted: boolean) => {
  const checked = useDeferredValue(content);
  return useMemo(() => {
    if (!wanted) return null;
    const points = checkScenario(checked).figures.points;
    return points ? mostPointsOf(points.max) : null;
  }, [checked, wanted]);
};

/**
 * The pass mark (a points threshold, or a share of the most points reachable, and the answer
 * key's musts): each ended run is judged passed or failed by it, in the version its opening ran.
 */
export const PassMarkSection = ({ content, readOnly, onChange }: Pick<PanelProps, 'content' | 'readOnly' | 'onChange'>) => {
  const labels = resolveTextSet(content);
  const { threshold, mustDo } = content.passMark;
  const most = useMostPoints(content, threshold.kind === 'share');
  const update = (fields: Partial<PassMark>, key?: string) =>
    onChange((draft) => ({ ...draft, passMark: { ...draft.passMark, ...fields } }), key);
  const hasPoints = content.measures.some((measure) => measure.id === 'points');
  return (
    <Paper radius="md" p="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md" fw={600}>
            Pass mark
          </Title>
          <Text fz="sm" c="dimmed">
            Each finished run is passed or failed by it, with the reason; a run keeps the verdict of the version it played.
          </Text>
        </div>
        <Radio.Group
          label="Points needed to pass"
          value={threshold.kind}
          onChange={(kind) => update({ threshold: thresholdOf(kind, threshold) })}
          readOnly={readOnly}
        >
          <Group gap="md" mt={6}>
            {kinds.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={readOnly} />
            ))}
          </Group>
        </Radio.Group>
        {threshold.kind !== 'none' && !hasPoints ? (
          <Text fz="sm" c="orange.8">
            The scenario keeps no points measure: no run can reach this pass mark.
          </Text>
        ) : null}
        {threshold.kind === 'points' ? (
          <NumberField
            label="Points"
            maw={220}
            value={threshold.points}
            onChange={(points) => update({ threshold: { kind: 'points', points: points ?? 0 } }, 'passMark/points')}
            readOnly={readOnly}
          />
        ) : null}
        {threshold.kind === 'share' ? (
          <Group align="flex-end" gap="md">
            <NumberField
              label="Share of the most reachable points"
              maw={260}
              min={0}
              max={100}
              clampBehavior="strict"
              suffix=" %"
              value={threshold.percent}
              onChange={(percent) => update({ threshold: { kind: 'share', percent: percent ?? 0 } }, 'passMark/percent')}
              readOnly={readOnly}
            />
            <Text fz="sm" pb={8} aria-live="polite">
              {most
                ? `Most reachable: ${formatMostPoints(most)} points, so ${formatPoints((threshold.percent / 100) * most.value)} needed`
                : 'Most reachable: none, the scenario keeps no points'}
            </Text>
          </Group>
        ) : null}
        <Checkbox
          label={`Every required ${singularLabel(labels.actions)} must be run, and no harmful one`}
          description={`Whatever the points: a required ${singularLabel(labels.actions)} missed or a harmful one run fails the run.`}
          checked={mustDo}
          onChange={(event) => update({ mustDo: event.currentTarget.checked })}
          disabled={readOnly}
        />
        <NumberField
          label="Credit hours on the certificate"
          description="Continuing-education credit a passed run's certificate states; leave it empty for none."
          maw={260}
          min={0}
          max={1000}
          decimalScale={2}
          clampBehavior="strict"
          nullable
          value={content.passMark.creditHours}
          onChange={(creditHours) => update({ creditHours }, 'passMark/creditHours')}
          readOnly={readOnly}
        />
      </Stack>
    </Paper>
  );
};
