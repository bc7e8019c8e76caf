import type { NotificationData } from '@mantine/notifications';

// The messages' store, their container and their icons download with the first message (most
// pages show none at start); until then the page only knows that one is wanted.
const messages = () => import('./notifications-host');

let wanted = false;
const listeners = new Set<() => void>();

/** Whether a message has been asked for, for the container to mount (useSyncExternalStore). */
export const messagesWanted = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => wanted,
};

const want = () => {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return messages();
};

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
  want().then(
    (loaded) => loaded.showKind('danger', message),
    () => undefined,
  );
};

export const showSuccess = (message: string): void => {
  want().then(
    (loaded) => loaded.showKind('success', message),
    () => undefined,
  );
};

/** A message of the page's own making (one with an Undo button); `id` names it for hideMessage. */
export const showMessage = (data: NotificationData & { id: string }): void => {
  want().then(
    (loaded) => loaded.notifications.show(data),
    () => undefined,
  );
};

export const hideMessage = (id: string): void => {
  messages().then(
    (loaded) => loaded.notifications.hide(id),
    () => undefined,
  );
};
