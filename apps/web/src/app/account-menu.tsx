import { Menu, Text } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDeferredMenuState, type DeferredMenuProps } from '../ui/deferred-menu';
import { useAppSession } from './app-session';
import { pathFor } from './routes';

/** The signed-in user's menu, loaded when its button is first reached. */
export const AccountMenu = ({ email, trigger, initiallyOpened }: { email: string | null } & DeferredMenuProps) => {
  const { signOut } = useAppSession();
  const menuState = useDeferredMenuState(initiallyOpened);
  return (
    <Menu position="bottom-end" width={260} shadow="md" {...menuState}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        {email ? (
          <Menu.Label>
            <Text fz="xs" c="dimmed" truncate="end">
              Signed in as {email}
            </Text>
          </Menu.Label>
        ) : null}
        <Menu.Item component={Link} to={pathFor({ name: 'PROFILE' })} leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
