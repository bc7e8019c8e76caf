import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { Space } from '@resim/contracts';
import { mayEditInSpace, mayMoveOutOf, moveOutRefused } from '@resim/domain';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useRef, useState } from 'react';

/** The scenario to move: its name for the title, its space for where it leaves from. */
export type MovingScenario = { readonly id: string; readonly resimName: string; readonly group: string };

/**
 * Moves a scenario to another of the user's spaces: only spaces they may edit are offered, as the
 * server allows no others, and a space whose canMove is off says so instead of offering any.
 */
export const MoveScenarioModal = (props: {
  scenario: MovingScenario | null;
  spaces: readonly Space[];
  pending: boolean;
  error: string | null;
  onMove: (spaceId: string) => void;
  onClose: () => void;
}) => {
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = useRef<MovingScenario | null>(null);
  if (props.scenario) shown.current = props.scenario;
  // Closed: the next opening starts with nothing chosen.
  if (props.scenario === null && chosen !== null) setChosen(null);
  const scenario = shown.current;
  const from = props.spaces.find((space) => space.id === scenario?.group);
  const others = props.spaces.filter((space) => space.id !== scenario?.group);
  const targets = others
    .filter((space) => mayEditInSpace(space.security, space.isOwner))
    .sort((a, b) => a.description.localeCompare(b.description, undefined, { sensitivity: 'base' }));
  const hidden = others.length - targets.length;
  const blocked = from && !mayMoveOutOf(from) ? moveOutRefused : null;

  return (
    <Modal
      opened={props.scenario !== null}
      onClose={props.onClose}
      title={<Text fw={600}>Move “{scenario?.resimName}” to another space</Text>}
      size="lg"
    >
      <Stack gap="md">
        <Text fz="sm">
          It is now in <strong>{from?.description ?? 'its space'}</strong>. Its content, results and join code go with it; learners of{' '}
          {from?.description ?? 'that space'} it was allocated to lose that allocation.
        </Text>
        {blocked ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="Moving is off in this space">
            {blocked}
          </Alert>
        ) : targets.length === 0 ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="No space to move it to">
            {others.length === 0
              ? 'You have no other space. Create one on Home, then move the scenario there.'
              : 'None of your other spaces allows editing, so nothing can be moved into them.'}
          </Alert>
        ) : (
          <Radio.Group
            value={chosen}
            onChange={setChosen}
            label="Move to"
            description={
              hidden > 0
                ? `Spaces you may edit. ${hidden === 1 ? 'One other space does' : `${hidden} other spaces do`} not allow editing and ${hidden === 1 ? 'is' : 'are'} not listed.`
                : 'Spaces you may edit.'
            }
          >
            <Stack gap="xs" mt="xs">
              {targets.map((space) => (
                <Radio.Card key={space.id} value={space.id} radius="md" p="sm">
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator />
                    <Stack gap={0}>
                      <Text fw={600} fz="sm">
                        {space.description}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {space.isOwner ? 'Yours' : `Owned by ${space.owner}`}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {props.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The scenario was not moved">
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => chosen && props.onMove(chosen)} loading={props.pending} disabled={chosen === null || blocked !== null}>
            Move scenario
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
