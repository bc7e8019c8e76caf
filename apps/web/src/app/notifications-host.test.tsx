import { notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { notifications, showKind } from './notifications-host';

const shown = () => notificationsStore.getState().notifications.map((notification) => notification.message);

afterEach(() => notifications.clean());

describe('messages', () => {
  it('shows a danger message once while it stays, however often it is asked for, and others beside it', () => {
    showKind('danger', 'Request failed: The store is unreachable');
    showKind('danger', 'Request failed: The store is unreachable');
    showKind('danger', 'Request failed: Space not found');

    expect(shown()).toEqual(['Request failed: The store is unreachable', 'Request failed: Space not found']);
  });

  it('shows the same danger message again once the first has gone', () => {
    showKind('danger', 'Request failed: The store is unreachable');
    notifications.hide('danger:Request failed: The store is unreachable');
    showKind('danger', 'Request failed: The store is unreachable');

    expect(shown()).toEqual(['Request failed: The store is unreachable']);
  });
});
