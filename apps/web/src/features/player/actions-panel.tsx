import { Alert, Box, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ActionView, RunView } from '@resim/domain';
import { IconAlertCircle, IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { capitalise } from '../../ui/format';
import { ItemChoice } from './item-choice';
import { formatImpacts } from '@resim/domain';
import { actionsMessage, keepSelectable, matchesSearch, toggleSelection } from './selection';

/** The search of the actions, where "Add tests" takes a learner on a wide screen. */
export const actionsSearchId = 'actions-search';

type Group = { readonly stage: string | null; readonly name: string | null; readonly actions: readonly ActionView[] };

/**
 * Tests of several stages (an antibody panel beside the current step, stages open together) are
 * listed under their stage's name, in the order of the scenario's stages that its author set.
 */
const groupByStage = (view: RunView, actions: readonly ActionView[]): readonly Group[] => {
  const present = new Set(view.actions.map((action) => action.stage));
  if (present.size < 2) return [{ stage: null, name: null, actions }];
  const ordered: (string | null)[] = view.stages.map((stage) => stage.id).filter((id) => present.has(id));
  const stages = [...ordered, ...[...present].filter((stage) => !ordered.includes(stage))];
  return stages
    .map((stage) => ({
      stage,
      name: view.stages.find((candidate) => candidate.id === stage)?.name ?? null,
      actions: actions.filter((action) => action.stage === stage),
    }))
    .filter((group) => group.actions.length > 0);
};

/** What running an action changes, when the scenario shows costs and it changes something. */
const costOf = (view: RunView, actionId: string): string | null => {
  const impacts = view.actionCosts?.[actionId]?.filter((impact) => impact.value !== 0) ?? [];
  return impacts.length === 0 ? null : formatImpacts(impacts, view.measures, view.currency);
};

/**
 * The actions (SPEC 2: tests) in the run's wording, each with its cost when the scenario shows it: search, pick one or several, then run them;
 * `onRun` answers the refusal's message, or null when all of them ran.
 */
export const ActionsPanel = ({
  view,
  busy,
  onRun,
  stickyBottom,
}: {
  view: RunView;
  busy: boolean;
  onRun: (actionIds: readonly string[]) => Promise<string | null>;
  /** where the run button sticks on a phone, above the tab bar; not sticky when undefined */
  stickyBottom?: number;
}) => {
  const { text } = view;
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // Picks of tests that ran meanwhile, or left with their stage, fall away by themselves.
  const selected = keepSelectable(
    picked,
    view.actions.filter((action) => action.availability === 'available').map((action) => action.id),
  );
  const shown = view.actions.filter((action) => matchesSearch(action.name, query));
  const message = actionsMessage(view.actions, text);

  const run = async () => {
    const refusal = await onRun(selected);
    setProblem(refusal);
    if (refusal === null) setPicked([]);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="actions-title">
      <Title order={2} fz="lg" id="actions-title">
        {capitalise(text.actions)}
      </Title>
      {message ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          {message}
        </Alert>
      ) : null}
      {view.actions.length > 0 ? (
        <TextInput
          id={actionsSearchId}
          type="search"
          placeholder={text.searchActions}
          aria-label={text.searchActions}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      ) : null}
      {view.actions.length > 0 && shown.length === 0 ? (
        <Text fz="sm" c="dimmed" role="status">
          {text.noActionsFound}
        </Text>
      ) : null}
      {groupByStage(view, shown).map((group) => (
        <Stack key={group.stage ?? 'all'} gap={6} role="group" aria-label={group.name ?? capitalise(text.actions)}>
          {group.name ? (
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
              {group.name}
            </Text>
          ) : null}
          {group.actions.map((action) => (
            <ItemChoice
              key={action.id}
              item={action}
              checked={selected.includes(action.id)}
              onToggle={(id) => setPicked(toggleSelection(selected, id))}
              cost={costOf(view, action.id)}
            />
          ))}
        </Stack>
      ))}
      {problem ? (
        <Alert
          variant="light"
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          onClose={() => setProblem(null)}
        >
          {problem}
        </Alert>
      ) : null}
      {message === null ? (
        <Box
          py="xs"
          // Stuck above a phone's tab bar, it covers the list scrolling under it with the page's own colour.
          style={
            stickyBottom === undefined
              ? undefined
              : { position: 'sticky', bottom: stickyBottom, zIndex: 2, background: 'var(--mantine-color-gray-0)' }
          }
        >
          <Button fullWidth size="md" disabled={selected.length === 0} loading={busy} onClick={() => void run()}>
            {text.actionChoiceCTA}
            {selected.length > 0 ? ` (${selected.length})` : ''}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
};
