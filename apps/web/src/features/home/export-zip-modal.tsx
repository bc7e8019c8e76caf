import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { scenarioZipFileName, type ResimSummary } from '@resim/contracts';
import { IconAlertCircle, IconFileZip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { scenarioZipCalls } from '../../api/scenario-zip-calls';
import { showSuccess } from '../../app/notify';
import { saveFile } from '../../ui/save-file';

/**
 * A scenario as one zip with every file uploaded here that it shows, to import on another server:
 * its version history too when asked for. The server packs the files as it sends them, which may
 * take a while for videos, so the dialog says it is working until the download starts.
 */
export const ExportZipModal = ({ scenario, onClose }: { scenario: ResimSummary; onClose: () => void }) => {
  const { request } = useApi();
  const calls = useMemo(() => scenarioZipCalls(request), [request]);
  const [history, setHistory] = useState(false);
  const download = useMutation({
    mutationFn: async () => saveFile(await calls.exportZip([scenario.id], history), scenarioZipFileName([scenario.resimName])),
    onSuccess: () => {
      onClose();
      showSuccess(`“${scenario.resimName}” was exported with its media`);
    },
  });

  return (
    <Modal opened onClose={onClose} title={<Text fw={600}>Export “{scenario.resimName}” with media</Text>} size="lg">
      <Stack gap="md">
        <Text fz="sm">
          One .zip file holding the scenario and every image, video and file uploaded for it. Import it into a space on another server: its
          media are stored there and the scenario shows them from there. Addresses of media elsewhere on the web are kept as they are.
        </Text>
        <Checkbox
          label="Include the version history"
          description="Every saved version, so that the other server can show and restore them"
          checked={history}
          onChange={(event) => setHistory(event.currentTarget.checked)}
          disabled={download.isPending}
        />
        {download.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" type="dots" />
            <Text fz="sm" c="dimmed">
              Packing the scenario and its media…
            </Text>
          </Group>
        ) : null}
        {download.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The zip was not made">
            {download.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button leftSection={<IconFileZip size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
            Download .zip
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
