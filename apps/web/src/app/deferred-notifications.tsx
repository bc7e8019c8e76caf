import { Suspense, useSyncExternalStore } from 'react';
import { lazyNamed } from '../ui/lazy-named';
import { messagesWanted } from './notify';

const NotificationsHost = lazyNamed(() => import('./notifications-host').then((m) => m.NotificationsHost));

/**
 * The messages' container mounts, and downloads, with the first message asked for: its store,
 * container and transitions are not small, and most pages show none at start.
 */
export const DeferredNotifications = () => {
  const shown = useSyncExternalStore(messagesWanted.subscribe, messagesWanted.get);
  return shown ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
};
