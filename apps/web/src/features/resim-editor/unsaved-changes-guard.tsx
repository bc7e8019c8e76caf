import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { memo, useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * Asks before unsaved changes are lost: the browser's own prompt when the page is closed or
 * reloaded, and a dialog when the author moves to another page of the console. Renders again only
 * when `dirty` changes (or the router blocks), not on every change to the draft.
 */
export const UnsavedChangesGuard = memo(({ dirty }: { dirty: boolean }) => {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Only leaving the scenario counts; switching its tabs changes the query, not the page.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={<Text fw={600}>Leave without saving?</Text>}
      size="md"
    >
      <Stack gap="lg">
        <Text fz="sm">Your changes to this scenario are not saved. If you leave now, they are lost.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay and keep editing
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
});
UnsavedChangesGuard.displayName = 'UnsavedChangesGuard';
