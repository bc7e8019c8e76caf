import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { checkScenario, type CheckIssue, type CheckStep, type PointsExtreme } from '@resim/domain';
import { useDeferredValue, useMemo, useState } from 'react';
import type { PanelProps } from './editor-types';

/** Findings listed at first; a large scenario may have thousands of warnings. */
const shownAtFirst = 50;

const stepText = (step: CheckStep): string =>
  step.type === 'runAction'
    ? `run “${step.name}”`
    : step.type === 'confirmConclusions'
      ? `confirm ${step.names.map((name) => `“${name}”`).join(' and ')}`
      : 'take the hint';

const pathText = (steps: readonly CheckStep[]): string =>
  steps.length === 0 ? 'at the start, with no step' : `by: ${steps.map(stepText).join(', then ')}`;

const figureOf = (extreme: PointsExtreme, side: 'most' | 'least'): string => {
  const { found, exact, bound } = extreme;
  if (exact) return `${found.value}, reached ${pathText(found.steps)}`;
  const limit = bound === null ? 'no limit' : `${side === 'most' ? 'at most' : 'at least'} ${bound}`;
  return `${side === 'most' ? 'at least' : 'at most'} ${found.value} (a run found reaches it ${pathText(found.steps)}); ${limit}: too many runs to search them all`;
};

const Findings = ({
  title,
  issues,
  color,
  onOpen,
}: {
  title: string;
  issues: readonly CheckIssue[];
  color: string;
  onOpen: PanelProps['onOpen'];
}) => {
  const [all, setAll] = useState(false);
  if (issues.length === 0) return null;
  const shown = all ? issues : issues.slice(0, shownAtFirst);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={3} fz="sm" fw={600}>
          {title}
        </Title>
        <Badge color={color} variant="light">
          {issues.length}
        </Badge>
      </Group>
      <List spacing={4} fz="sm" listStyleType="none">
        {shown.map((issue, at) => (
          <List.Item key={`${issue.code}-${issue.target.part}-${issue.target.id ?? ''}-${at}`}>
            {onOpen ? (
              <Anchor
                component="button"
                type="button"
                fz="sm"
                ta="left"
                display="inline"
                onClick={() => onOpen(issue.target.part, issue.target.id)}
              >
                {issue.message}
              </Anchor>
            ) : (
              issue.message
            )}
          </List.Item>
        ))}
      </List>
      {shown.length < issues.length ? (
        <Anchor component="button" type="button" fz="sm" onClick={() => setAll(true)}>
          Show all {issues.length}
        </Anchor>
      ) : null}
    </Stack>
  );
};

/**
 * The scenario checker on the content as edited (the same rules the server applies before the
 * scenario opens): errors that keep it from opening, warnings, and figures of its runs. Each
 * finding opens the item it is about.
 */
export const CheckerPanel = ({ content, onOpen }: PanelProps) => {
  // Checked behind the typing: a large scenario takes a moment to check.
  const checked = useDeferredValue(content);
  const { errors, warnings, figures } = useMemo(() => checkScenario(checked), [checked]);
  return (
    <Paper radius="md" p="lg" maw={860}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="md" fw={600}>
            Checker
          </Title>
          <Text fz="sm" c={errors.length > 0 ? 'red' : 'dimmed'} role="status">
            {errors.length === 0
              ? 'No errors: the scenario can open to learners.'
              : `${errors.length === 1 ? '1 error keeps' : `${errors.length} errors keep`} the scenario from opening to learners.`}
          </Text>
        </div>
        <Findings title="Errors" issues={errors} color="red" onOpen={onOpen} />
        <Findings title="Warnings" issues={warnings} color="yellow" onOpen={onOpen} />
        <Stack gap="xs">
          <Title order={3} fz="sm" fw={600}>
            Figures
          </Title>
          <List spacing={4} fz="sm" listStyleType="none">
            {figures.points ? (
              <>
                <List.Item>Most points: {figureOf(figures.points.max, 'most')}</List.Item>
                <List.Item>Fewest points: {figureOf(figures.points.min, 'least')}</List.Item>
              </>
            ) : (
              <List.Item>No points measure: the scenario keeps no points.</List.Item>
            )}
            {figures.shortestDiagnosis ? (
              <List.Item>
                Fewest steps to the right diagnosis:{' '}
                {figures.shortestDiagnosis.steps
                  ? `${figures.shortestDiagnosis.steps.length}, ${pathText(figures.shortestDiagnosis.steps)}`
                  : figures.shortestDiagnosis.exact
                    ? 'no run reaches it'
                    : 'none found among the runs searched'}
              </List.Item>
            ) : null}
            {figures.keyPath ? (
              <List.Item>
                The answer key’s path{figures.keyPath.playable ? '' : ' (cannot be played through as it is)'}:{' '}
                {figures.keyPath.costs.length > 0
                  ? figures.keyPath.costs.map((cost) => `${cost.name} ${cost.from} → ${cost.to}`).join(', ')
                  : 'no money or time measure'}
              </List.Item>
            ) : null}
          </List>
        </Stack>
      </Stack>
    </Paper>
  );
};
