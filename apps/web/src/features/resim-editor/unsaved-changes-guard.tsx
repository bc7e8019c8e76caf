import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { memo, useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLeaveGuard, type LeaveCheck } from '../../app/navigation-guard';

/**
 * Asks before unsaved changes are lost: the browser's own prompt when the page is closed or
 * reloaded, and a dialog when the author moves to another page of the console. `isDirty` is asked
 * at the moment of leaving, so keystrokes the editor has not rendered yet count too; the guard
 * itself renders again only when a move is held back.
 */
export const UnsavedChangesGuard = memo(({ isDirty }: { isDirty: () => boolean }) => {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  // Only leaving the scenario counts; switching its tabs changes the query, not the page.
  const { pathname } = useLocation();
  const shouldHold = useCallback<LeaveCheck>((next) => next.pathname !== pathname && isDirty(), [pathname, isDirty]);
  const held = useLeaveGuard(shouldHold);

  return (
    <Modal opened={held !== null} onClose={() => held?.reset()} title={<Text fw={600}>Leave without saving?</Text>} size="md">
      <Stack gap="lg">
        <Text fz="sm">Your changes to this scenario are not saved. If you leave now, they are lost.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => held?.reset()} data-autofocus>
            Stay and keep editing
          </Button>
          <Button color="red" onClick={() => held?.proceed()}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
});
UnsavedChangesGuard.displayName = 'UnsavedChangesGuard';
