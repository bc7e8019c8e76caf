import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { RunView } from '@resim/domain';
import { IconAlertCircle, IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import { formatImpacts } from '@resim/domain';

/** What taking the hint does to the measures: "Points -5, Time left -1:00"; empty when it is free. */
const hintCost = (view: RunView): string =>
  formatImpacts(
    (view.hint?.cost ?? []).filter((impact) => impact.value !== 0),
    view.measures,
    view.currency,
  );

/** The hint on offer: its cost shown, taken only once the learner confirms; then its text. */
export const HintPanel = ({ view, busy, onTake }: { view: RunView; busy: boolean; onTake: () => Promise<string | null> }) => {
  const { text } = view;
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (view.hintText === null && view.hint === null) return null;
  const cost = hintCost(view);

  const take = async () => {
    const refusal = await onTake();
    setProblem(refusal);
    if (refusal === null) setConfirming(false);
  };

  return (
    <Stack gap="xs" component="section" aria-label={text.hintCTA}>
      {view.hintText !== null ? (
        <Alert variant="light" color="yellow" icon={<IconBulb size={18} />} title="Hint">
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {view.hintText}
          </Text>
        </Alert>
      ) : (
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconBulb size={18} color="var(--mantine-color-yellow-7)" aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {text.hintCTA}
          </Button>
          {cost ? (
            <Text fz="sm" c="dimmed">
              Costs {cost}
            </Text>
          ) : null}
        </Group>
      )}
      <Modal
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          setProblem(null);
        }}
        title={text.hintCTA}
        size="sm"
      >
        <Stack gap="md">
          <Text>{cost ? `Taking the hint changes ${cost}.` : 'Taking the hint costs nothing.'}</Text>
          {problem ? (
            <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => void take()} data-autofocus>
              {text.hintCTA}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};
