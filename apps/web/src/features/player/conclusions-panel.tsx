import { Alert, Box, Button, Group, List, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatText, type ConclusionView, type RunView } from '@resim/domain';
import { IconAlertCircle, IconCircleCheck, IconFlag, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { FeedbackNote } from './feedback-note';
import { ItemChoice } from './item-choice';
import { keepSelectable, matchesSearch, toggleSelection } from './selection';

type ConfirmHandler = (conclusionIds: readonly string[]) => Promise<string | null>;

/**
 * Choosing the conclusions (SPEC 2: diagnoses), up to the run's maximum, then seeing the choice
 * once more to confirm it or change it before it counts.
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
  const [step, setStep] = useState<'choose' | 'review'>('choose');
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

  const close = () => {
    setStep('choose');
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

  const footer = { position: 'sticky', bottom: 0, zIndex: 2 } as const;

  return (
    <Modal opened={opened} onClose={close} title={text.conclusion} size="lg" fullScreen={fullScreen}>
      {step === 'choose' ? (
        <Stack gap="sm">
          <TextInput
            type="search"
            placeholder={text.searchConclusions}
            aria-label={text.searchConclusions}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="space-between" gap="xs">
            <Text fz="sm" c={full ? 'blue.8' : 'dimmed'} fw={full ? 600 : 400} aria-live="polite">
              {formatText(text.maxConclusionsMessage, { max })}
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
                    onToggle={(id) => setPicked(toggleSelection(selected, id, max))}
                  />
                );
              })}
            </Stack>
          )}
          <Box py="sm" bg="var(--mantine-color-body)" style={footer}>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button disabled={selected.length === 0} onClick={() => setStep('review')}>
                {text.conclusionCTA}
              </Button>
            </Group>
          </Box>
        </Stack>
      ) : (
        <Stack gap="md">
          <List spacing={6} icon={<IconCircleCheck size={18} color="var(--mantine-color-blue-6)" aria-hidden />} center>
            {options
              .filter((conclusion) => selected.includes(conclusion.id))
              .map((conclusion) => (
                <List.Item key={conclusion.id}>
                  <Text fw={600}>{conclusion.name}</Text>
                </List.Item>
              ))}
          </List>
          {problem ? (
            <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setStep('choose')} disabled={busy}>
              {text.conclusionChange}
            </Button>
            <Button loading={busy} onClick={() => void confirm()} data-autofocus>
              {text.conclusionChoiceCTA}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};

/** A confirmed conclusion, with its feedback when the mode shows it. */
export const ConfirmedConclusion = ({ conclusion }: { conclusion: ConclusionView }) => (
  <Paper p="md" radius="md">
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap">
        <IconCircleCheck size={20} color="var(--mantine-color-teal-6)" aria-hidden />
        <Text fw={600}>{conclusion.name}</Text>
      </Group>
      {conclusion.feedback ? <FeedbackNote feedback={conclusion.feedback} /> : null}
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
        <Alert
          variant="light"
          color="blue"
          icon={<IconFlag size={18} />}
          title={formatText(text.maxConclusionsMessage, { max: view.maxConclusions })}
        >
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
