import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { TextInput } from './form-fields';
import { newStageGroup, type ScenarioContent } from '@resim/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { updateItem } from './draft-updates';
import type { ChangeContent } from './editor-types';
import { removeStageGroup } from './item-removal';

/** Stage groups (SPEC 3, prefix group): named sets of stages, such as the phases of a case. */
export const StageGroupsModal = (props: { opened: boolean; onClose: () => void; content: ScenarioContent; onChange: ChangeContent }) => {
  const { content, onChange } = props;
  const members = (groupId: string) => content.stages.filter((stage) => stage.stageGroup === groupId).length;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={<Text fw={600}>Stage groups</Text>}>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Group stages into phases, such as “Assessment” and “Treatment”. Removing a group keeps its stages, in no group.
        </Text>
        {content.stageGroups.length === 0 ? (
          <Text fz="sm" c="dimmed" ta="center" py="sm">
            No stage groups yet.
          </Text>
        ) : null}
        {content.stageGroups.map((group, index) => (
          <Group key={group.id} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={index === 0 ? 'Name' : undefined}
              aria-label={`Name of group ${index + 1}`}
              value={group.name}
              onChange={(event) => {
                const name = event.currentTarget.value;
                onChange((draft) => updateItem(draft, 'stageGroups', group.id, { name }), `stageGroups/${group.id}/name`);
              }}
              maxLength={200}
              style={{ flex: 1 }}
              rightSection={
                <Text fz="xs" c="dimmed" pr={6}>
                  {members(group.id)}
                </Text>
              }
            />
            <Tooltip label="Remove this group">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mb={2}
                aria-label={`Remove group ${group.name || group.id}`}
                onClick={() => onChange((draft) => removeStageGroup(draft, group.id))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        <Group justify="space-between" mt="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              const group = newStageGroup(content);
              onChange((draft) => ({ ...draft, stageGroups: [...draft.stageGroups, group] }));
            }}
          >
            Add group
          </Button>
          <Button size="xs" onClick={props.onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
