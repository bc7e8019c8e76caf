import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';

const recent = new Map<string, number>();
const repeatWindowMs = 4000;

/**
 * A red (danger) message. When several calls fail for one cause (the network is down), the same
 * text is shown once rather than stacked.
 */
export const showDanger = (message: string): void => {
  const now = Date.now();
  const last = recent.get(message);
  if (last !== undefined && now - last < repeatWindowMs) return;
  recent.set(message, now);
  notifications.show({ color: 'red', message, icon: <IconX size={18} />, autoClose: 8000, withBorder: true });
};

export const showSuccess = (message: string): void => {
  notifications.show({ color: 'teal', message, icon: <IconCheck size={18} />, autoClose: 4000, withBorder: true });
};
