import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { inSentence, type FactView, type RunView } from '@resim/domain';
import { FeedbackNote } from './feedback-note';
import { MediaList } from './media-list';
import { formatDuration } from '@resim/domain';

/** The baseline as the run began, then the results of the actions, newest first. */
const orderFacts = (facts: readonly FactView[]): readonly FactView[] => [
  ...facts.filter((fact) => fact.source === 'baseline'),
  ...facts
    .map((fact, index) => ({ fact, index }))
    .filter(({ fact }) => fact.source === 'action')
    .sort((a, b) => (b.fact.at ?? 0) - (a.fact.at ?? 0) || b.index - a.index)
    .map(({ fact }) => fact),
];

const FactCard = ({ fact, startedAt, isNew }: { fact: FactView; startedAt: number | null; isNew: boolean }) => {
  const headingId = `fact-${fact.source}-${fact.id}`;
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      p="md"
      radius="md"
      style={isNew ? { borderColor: 'var(--mantine-color-blue-4)', boxShadow: '0 0 0 1px var(--mantine-color-blue-4)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} fz="md" id={headingId}>
            {fact.name}
          </Title>
          <Group gap={6} wrap="nowrap">
            {isNew ? (
              <Badge size="sm" variant="light">
                New
              </Badge>
            ) : null}
            {startedAt !== null && fact.at !== null ? (
              <Text fz="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatDuration(Math.max(0, fact.at - startedAt) / 1000)}
              </Text>
            ) : null}
          </Group>
        </Group>
        {fact.text ? <Text style={{ whiteSpace: 'pre-wrap' }}>{fact.text}</Text> : null}
        <MediaList media={fact} />
        {fact.feedback ? <FeedbackNote feedback={fact.feedback} /> : null}
      </Stack>
    </Paper>
  );
};

/**
 * The facts the learner has (SPEC 2: test results), titled in the run's wording. `startedAt`
 * dates each result in run time; null when the scenario hides time. `onAddActions`, while tests
 * can be run, leads to them: "Add tests" before any result, "Add more tests" after.
 */
export const FactsPanel = ({
  view,
  startedAt,
  newIds,
  onAddActions,
}: {
  view: RunView;
  startedAt: number | null;
  newIds: ReadonlySet<string>;
  onAddActions?: () => void;
}) => {
  const canAdd = onAddActions !== undefined && view.ended === null && view.actions.some((action) => action.availability === 'available');
  const results = view.facts.some((fact) => fact.source === 'action');
  return (
    <Stack gap="sm" component="section" aria-labelledby="facts-title">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg" id="facts-title">
          {view.text.facts}
        </Title>
        {canAdd && results ? (
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAddActions}>
            {view.text.addMoreActions}
          </Button>
        ) : null}
      </Group>
      {orderFacts(view.facts).map((fact) => (
        <FactCard key={`${fact.source}-${fact.id}`} fact={fact} startedAt={startedAt} isNew={newIds.has(fact.id)} />
      ))}
      {results ? null : (
        <Paper p="lg" radius="md" bg="gray.0">
          <Stack gap="sm" align="flex-start">
            <Text c="dimmed" fz="sm">
              {view.ended ? `You ran no ${inSentence(view.text.actions)}.` : `${view.text.actionChoiceCTA}: the results appear here.`}
            </Text>
            {canAdd ? (
              <Button size="sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAddActions}>
                {view.text.addActions}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
};
