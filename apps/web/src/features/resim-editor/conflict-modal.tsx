import { Alert, Button, Divider, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { Scenario, ScenarioContent } from '@resim/domain';
import { IconGitMerge } from '@tabler/icons-react';
import { useState } from 'react';
import { conflictingKeys, type MergeChoices, type Side } from './conflict-merge';
import type { ConflictResolution } from './editor-machine';
import { contentLabel } from './content-labels';
import { changedKeys } from './scenario-changes';

/**
 * A save refused because someone else saved first: keep mine (on top of their revision), take
 * theirs, or choose part by part where both changed the same part.
 */
export const ConflictModal = (props: {
  opened: boolean;
  base: ScenarioContent;
  mine: ScenarioContent;
  theirs: Scenario;
  pending: boolean;
  onResolve: (resolution: ConflictResolution) => void;
  onClose: () => void;
}) => {
  const sides = { base: props.base, mine: props.mine, theirs: props.theirs };
  const both = conflictingKeys(sides);
  const mineOnly = changedKeys(props.base, props.mine).filter((key) => !both.includes(key));
  const theirsOnly = changedKeys(props.base, props.theirs).filter((key) => !both.includes(key));
  const [choices, setChoices] = useState<MergeChoices>({});
  const choiceOf = (key: (typeof both)[number]): Side => choices[key] ?? 'mine';
  const names = (keys: readonly string[]) => keys.map((key) => contentLabel(key)).join(', ');

  return (
    <Modal opened={props.opened} onClose={props.onClose} size="lg" title={<Text fw={600}>Someone else saved this scenario</Text>}>
      <Stack gap="md">
        <Text fz="sm">
          While you were editing, revision {props.theirs.revision} was saved. Your save was not applied. Choose what to keep.
        </Text>
        {mineOnly.length > 0 ? (
          <Text fz="sm">
            <strong>Only you changed:</strong> {names(mineOnly)}. These keep your version.
          </Text>
        ) : null}
        {theirsOnly.length > 0 ? (
          <Text fz="sm">
            <strong>Only they changed:</strong> {names(theirsOnly)}. These keep their version.
          </Text>
        ) : null}
        {both.length > 0 ? (
          <>
            <Alert color="orange" variant="light" icon={<IconGitMerge size={18} />} title="Changed on both sides">
              For each part below, choose whose version to keep.
            </Alert>
            <Table verticalSpacing="xs" aria-label="Parts changed on both sides">
              <Table.Tbody>
                {both.map((key) => (
                  <Table.Tr key={key}>
                    <Table.Td>
                      <Text fz="sm" fw={500}>
                        {contentLabel(key)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <SegmentedControl
                        size="xs"
                        aria-label={`Version of ${contentLabel(key)}`}
                        data={[
                          { value: 'mine', label: 'Mine' },
                          { value: 'theirs', label: 'Theirs' },
                        ]}
                        value={choiceOf(key)}
                        onChange={(value) => setChoices({ ...choices, [key]: value === 'theirs' ? 'theirs' : 'mine' })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : null}
        <Divider />
        <Group justify="space-between" gap="sm">
          <Button variant="default" color="red" onClick={() => props.onResolve({ kind: 'theirs' })} disabled={props.pending}>
            Take theirs
          </Button>
          <Group gap="sm">
            {both.length > 0 ? (
              <Button variant="light" onClick={() => props.onResolve({ kind: 'merge', choices })} loading={props.pending}>
                Save merged
              </Button>
            ) : null}
            <Button onClick={() => props.onResolve({ kind: 'mine' })} loading={props.pending}>
              Keep mine
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
};
