import { Alert, Badge, Box, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { maxConclusionsText, type ConclusionView, type RunView } from '@resim/domain';
import { IconAlertCircle, IconCircleCheck, IconCircleDot, IconCircleX, IconFlag, IconSearch } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { capitalise } from '../../ui/format';
import { FeedbackNote } from './feedback-note';
import { ItemChoice } from './item-choice';
import { keepSelectable, matchesSearch, toggleSelection } from './selection';

type ConfirmHandler = (conclusionIds: readonly string[]) => Promise<string | null>;

/** A screen worked by touch alone, whose on-screen keyboard a focused field would open. */
const touchQuery = '(hover: none) and (pointer: coarse)';

/**
 * Choosing the conclusions (SPEC 2: diagnoses), up to the run's maximum, and confirming them in the
 * same sheet: its footer names the choice, to confirm it or change it before it counts. On a touch
 * screen the search is not focused on opening, so that the keyboard does not cover the list.
 */
const ConclusionChooser = ({
  view,
  opened,
  busy,
  fullScreen,
  onClose,
  onConfirm,
}: {
  view: RunView;
  opened: boolean;
  busy: boolean;
  fullScreen: boolean;
  onClose: () => void;
  onConfirm: ConfirmHandler;
}) => {
  const { text } = view;
  const touch = useMediaQuery(touchQuery, false, { getInitialValueInEffect: false });
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const options = view.conclusions.filter((conclusion) => conclusion.availability !== 'done');
  // The maximum holds for the whole run: only what is left of it can be chosen now.
  const max = Math.max(1, view.maxConclusions - (view.conclusions.length - options.length));
  const selected = keepSelectable(
    picked,
    options.filter((conclusion) => conclusion.availability === 'available').map((conclusion) => conclusion.id),
  );
  const shown = options.filter((conclusion) => matchesSearch(conclusion.name, query));
  const full = selected.length >= max;
  const chosenNames = options.filter((conclusion) => selected.includes(conclusion.id)).map((conclusion) => conclusion.name);

  const close = () => {
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    const refusal = await onConfirm(selected);
    setProblem(refusal);
    if (refusal !== null) return;
    setPicked([]);
    setQuery('');
    close();
  };

  const footer = { position: 'sticky', bottom: 0, zIndex: 2, borderTop: '1px solid var(--mantine-color-gray-3)' } as const;

  return (
    <Modal opened={opened} onClose={close} title={text.conclusion} size="lg" fullScreen={fullScreen}>
      <Stack gap="sm">
        <TextInput
          type="search"
          placeholder={text.searchConclusions}
          aria-label={text.searchConclusions}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus={touch ? undefined : true}
        />
        <Group justify="space-between" gap="xs">
          <Text fz="sm" c={full ? 'blue.8' : 'dimmed'} fw={full ? 600 : 400} aria-live="polite">
            {maxConclusionsText(text, max)}
          </Text>
          <Text fz="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} aria-label={`${selected.length} of ${max} chosen`}>
            {selected.length}/{max}
          </Text>
        </Group>
        {shown.length === 0 ? (
          <Text fz="sm" c="dimmed" role="status" py="md">
            {text.noConclusionsFound}
          </Text>
        ) : (
          <Stack gap={6} role="group" aria-label={text.conclusion}>
            {shown.map((conclusion) => {
              const checked = selected.includes(conclusion.id);
              return (
                <ItemChoice
                  key={conclusion.id}
                  item={conclusion}
                  checked={checked}
                  blocked={full && !checked && max > 1}
                  onToggle={(id) => {
                    setProblem(null);
                    setPicked(toggleSelection(selected, id, max));
                  }}
                />
              );
            })}
          </Stack>
        )}
        <Box py="sm" bg="var(--mantine-color-body)" style={footer}>
          <Stack gap="xs">
            {problem ? (
              <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {problem}
              </Alert>
            ) : null}
            {chosenNames.length > 0 ? (
              <Text fz="sm" aria-live="polite">
                {capitalise(text.conclusion)}: <b>{chosenNames.join(', ')}</b>
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              {chosenNames.length > 0 ? (
                <Button variant="default" onClick={() => setPicked([])} disabled={busy}>
                  {text.conclusionChange}
                </Button>
              ) : (
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
              )}
              <Button disabled={selected.length === 0} loading={busy} onClick={() => void confirm()}>
                {text.conclusionChoiceCTA}
              </Button>
            </Group>
          </Stack>
        </Box>
      </Stack>
    </Modal>
  );
};

/**
 * A confirmed conclusion, with its feedback when the mode shows it. Marked right or wrong only by
 * the answer key's verdict (`right`); until the learner may see it, only as confirmed.
 */
export const ConfirmedConclusion = ({ conclusion, right = null }: { conclusion: ConclusionView; right?: boolean | null }) => (
  <Paper p="md" radius="md">
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap">
        {right === null ? (
          <IconCircleDot size={20} color="var(--mantine-color-blue-6)" aria-hidden />
        ) : right ? (
          <IconCircleCheck size={20} color="var(--mantine-color-teal-7)" aria-hidden />
        ) : (
          <IconCircleX size={20} color="var(--mantine-color-red-7)" aria-hidden />
        )}
        <Text fw={600}>{conclusion.name}</Text>
        {right === null ? null : (
          <Badge size="sm" variant="light" color={right ? 'teal' : 'red'}>
            {right ? 'Right' : 'Wrong'}
          </Badge>
        )}
      </Group>
      {conclusion.feedback ? <FeedbackNote feedback={conclusion.feedback} right={right} /> : null}
    </Stack>
  </Paper>
);

/**
 * The conclusions confirmed so far, with their feedback when the mode shows it, and the way to
 * choose; once the run's maximum is confirmed, the learner is told they are done and offered the end.
 */
export const ConclusionsPanel = ({
  view,
  busy,
  compact,
  onConfirm,
  onEnd,
}: {
  view: RunView;
  busy: boolean;
  compact: boolean;
  onConfirm: ConfirmHandler;
  onEnd: () => void;
}) => {
  const { text } = view;
  const [choosing, setChoosing] = useState(false);
  const confirmed = view.conclusions.filter((conclusion) => conclusion.availability === 'done');
  const canChoose = view.conclusions.some((conclusion) => conclusion.availability === 'available');
  const done = view.ended === null && confirmed.length >= view.maxConclusions;
  return (
    <Stack gap="sm" component="section" aria-labelledby="conclusion-title">
      <Title order={2} fz="lg" id="conclusion-title">
        {text.conclusion}
      </Title>
      {confirmed.map((conclusion) => (
        <ConfirmedConclusion key={conclusion.id} conclusion={conclusion} />
      ))}
      {done ? (
        <Alert variant="light" color="blue" icon={<IconFlag size={18} />} title={maxConclusionsText(text, view.maxConclusions)}>
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">You are done. End the simulation when you are ready.</Text>
            <Button onClick={onEnd}>{text.simulationEndCTA}</Button>
          </Stack>
        </Alert>
      ) : null}
      {/* Before any can be chosen (they open with a later stage) the way in shows, disabled. */}
      {!done && (canChoose || confirmed.length === 0) ? (
        <Button size="md" fullWidth disabled={!canChoose} onClick={() => setChoosing(true)}>
          {text.conclusionCTA}
        </Button>
      ) : null}
      <ConclusionChooser
        view={view}
        opened={choosing}
        busy={busy}
        fullScreen={compact}
        onClose={() => setChoosing(false)}
        onConfirm={onConfirm}
      />
    </Stack>
  );
};
