import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { AccommodationBadge } from './accommodation-badge';
import type { Accommodated, AccommodatedLearner } from './accommodations';

export const accommodatedStopTitle = 'Learners with extra time are still playing';

/**
 * Asked before a Stop that would cut extra time short: the learners still within it, and what to
 * do with their runs. "Let them finish" ends every other run and leaves theirs playing (the
 * session stays on until the next Stop); "End all runs now" ends them all.
 */
export const AccommodatedStopModal = ({
  opened,
  learners,
  message,
  onChoose,
  onClose,
}: {
  opened: boolean;
  learners: readonly AccommodatedLearner[];
  /** the server's own words, when it refused the Stop */
  message: string | null;
  onChoose: (accommodated: Accommodated) => void;
  onClose: () => void;
}) => (
  <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{accommodatedStopTitle}</Text>}>
    <Stack gap="md">
      {message ? <Text fz="sm">{message}</Text> : null}
      {learners.length > 0 ? (
        <>
          <Text fz="sm" id="accommodated-still-playing">
            Their runs have not ended:
          </Text>
          <List spacing={4} aria-labelledby="accommodated-still-playing" listStyleType="none" pl={0}>
            {learners.map((learner) => (
              <List.Item key={learner.nickname}>
                <Group gap="xs" wrap="wrap">
                  <Text fz="sm" fw={600}>
                    {learner.nickname}
                  </Text>
                  {learner.accommodation ? <AccommodationBadge label={learner.accommodation} /> : null}
                </Group>
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      <Text fz="sm">
        Let them finish: every other run ends now, theirs go on, and the session stays running until you stop it again. Or end every run
        now, theirs too.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" variant="light" onClick={() => onChoose('end')}>
          End all runs now
        </Button>
        <Button onClick={() => onChoose('spare')}>Let them finish</Button>
      </Group>
    </Stack>
  </Modal>
);
