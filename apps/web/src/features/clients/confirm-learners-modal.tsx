import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { learnersCount, nameLearners } from './learner-names';
import { RefusalAlert } from './refusal-alert';

export type LearnersAction = 'remove' | 'remind';

const wording = {
  remove: {
    title: 'Remove learners',
    question: (who: string) => `Remove ${who} from this space?`,
    detail: 'Their allocations go too. This cannot be undone.',
    confirm: 'Remove',
    color: 'red',
  },
  remind: {
    title: 'Send a reminder',
    question: (who: string) => `Send a reminder email to ${who}?`,
    detail: 'Each is sent an email pointing to the scenarios given to them.',
    confirm: 'Send reminder',
    color: 'blue',
  },
} as const;

/**
 * Asks before removing or emailing learners, saying how many and who; the server's refusal shows
 * inside. Open while `action` is set; the wording stays while the modal fades out.
 */
export const ConfirmLearnersModal = (props: {
  action: LearnersAction | null;
  emails: readonly string[];
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const shown = useRef<{ action: LearnersAction; emails: readonly string[] }>({ action: 'remove', emails: [] });
  if (props.action !== null) shown.current = { action: props.action, emails: props.emails };
  const { action, emails } = shown.current;
  const words = wording[action];
  return (
    <Modal opened={props.action !== null} onClose={props.onClose} title={<Text fw={600}>{words.title}</Text>} size="md">
      <Stack gap="md">
        <Text fz="sm">{words.question(learnersCount(emails.length))}</Text>
        <Text fz="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {nameLearners(emails)}
        </Text>
        <Text fz="sm">{words.detail}</Text>
        <RefusalAlert error={props.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={words.color} onClick={props.onConfirm} loading={props.pending}>
            {words.confirm} {learnersCount(emails.length)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
