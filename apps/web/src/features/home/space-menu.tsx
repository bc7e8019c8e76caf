import { Menu, Text } from '@mantine/core';
import type { Space } from '@resim/contracts';
import { IconPencil, IconSettings, IconTrash, IconTrophy, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathFor, spaceLearnersPath } from '../../app/routes';
import { useDeferredMenuState, type DeferredMenuProps } from '../../ui/deferred-menu';

/** A space's actions, loaded when its button is first reached. */
export const SpaceMenu = ({
  space,
  mayRename,
  onRename,
  onDelete,
  trigger,
  initiallyOpened,
}: { space: Space; mayRename: boolean; onRename: () => void; onDelete: () => void } & DeferredMenuProps) => {
  const menuState = useDeferredMenuState(initiallyOpened);
  return (
    <Menu position="bottom-end" width={200} shadow="md" {...menuState}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={pathFor({ name: 'SPACE_SETTINGS', spaceId: space.id })} leftSection={<IconSettings size={16} />}>
          Space settings
        </Menu.Item>
        <Menu.Item component={Link} to={spaceLearnersPath(space.id)} leftSection={<IconUsers size={16} />}>
          Learners
        </Menu.Item>
        <Menu.Item component={Link} to={pathFor({ name: 'SPACE_SCOREBOARD', spaceId: space.id })} leftSection={<IconTrophy size={16} />}>
          Scoreboard
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename} disabled={!mayRename}>
          Rename
        </Menu.Item>
        <Menu.Item leftSection={<IconTrash size={16} />} color="red.9" onClick={onDelete} disabled={!space.isOwner}>
          Delete
        </Menu.Item>
        {space.isOwner ? null : (
          <Text fz="xs" c="dimmed" px="sm" py={6}>
            Only the owner can delete this space.
          </Text>
        )}
      </Menu.Dropdown>
    </Menu>
  );
};
