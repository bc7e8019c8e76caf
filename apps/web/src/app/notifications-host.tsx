import { Notifications, notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';

export { notifications };

/** Where messages show: top right, over dialogs. */
export const NotificationsHost = () => <Notifications position="top-right" zIndex={1000} />;

/**
 * A danger message stays longer than a success, and is shown once while it stays: the same text
 * again (a second failure for one cause) is not stacked beside it.
 */
export const showKind = (kind: 'danger' | 'success', message: string): void => {
  if (kind === 'danger')
    notifications.show({ id: `danger:${message}`, color: 'red', message, icon: <IconX size={18} />, autoClose: 8000, withBorder: true });
  else notifications.show({ color: 'teal', message, icon: <IconCheck size={18} />, autoClose: 4000, withBorder: true });
};
