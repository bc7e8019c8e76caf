import { useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../ui/lazy-named';

const NotificationsHost = lazyNamed(() => import('./notifications-host').then((m) => m.NotificationsHost));

/**
 * The messages' container downloads with the first message: the store that queues messages is
 * small, the container and its transitions are not, and most pages show none at start.
 */
export const DeferredNotifications = () => {
  const { notifications, queue } = useNotifications();
  const [shown, setShown] = useState(false);
  if (!shown && notifications.length + queue.length > 0) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
};
