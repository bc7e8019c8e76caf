import { Button, Tooltip } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { showDanger } from '../../app/notify';

/**
 * Opens the player on a fresh preview run of the saved scenario, whatever its status: the author
 * sees what learners see, and the run stays out of the real results.
 */
export const PreviewButton = ({ resimId }: { resimId: string }) => {
  const api = useApi();
  const preview = useMutation({
    mutationFn: () => api.resims.preview(resimId),
  });
  const open = () => {
    // The tab opens on the click itself, so that no popup blocker stops it; the run's address follows.
    const tab = window.open('', '_blank');
    preview.mutate(undefined, {
      onSuccess: (run) => {
        if (tab) tab.location.href = run.path;
        else window.location.assign(run.path);
      },
      onError: (error) => {
        tab?.close();
        showDanger(`The preview could not be started: ${error.message}`);
      },
    });
  };
  return (
    <Tooltip label="Play the saved scenario as a learner, in a new tab; the run is kept apart from the results">
      <Button size="xs" variant="default" leftSection={<IconPlayerPlay size={14} />} loading={preview.isPending} onClick={open}>
        Preview as learner
      </Button>
    </Tooltip>
  );
};
