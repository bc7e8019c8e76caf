import { Button, Stack, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../../api/api-context';
import { reportCalls } from '../../../api/report-calls';
import { saveFile } from '../../../ui/save-file';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const namePart = (text: string, otherwise: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || otherwise;

/** A download the server makes: a button, busy while it is made, and what went wrong if it failed. */
const FileButton = ({ label, make, size = 'xs' }: { label: string; make: () => Promise<void>; size?: 'xs' | 'sm' }) => {
  const save = useMutation({ mutationFn: make });
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        size={size}
        leftSection={<IconFileDownload size={size === 'xs' ? 14 : 16} />}
        loading={save.isPending}
        onClick={() => save.mutate()}
      >
        {label}
      </Button>
      {save.isError ? (
        <Text fz="xs" c="red" role="alert">
          The file could not be made: {messageOf(save.error)}
        </Text>
      ) : null}
    </Stack>
  );
};

/** One learner's report of their run, as they would download it themselves. */
export const RunReportButton = ({ resimId, gameId, nickname }: { resimId: string; gameId: string; nickname: string }) => {
  const { request } = useApi();
  const calls = useMemo(() => reportCalls(request), [request]);
  return (
    <FileButton
      label="Report (PDF)"
      make={async () => saveFile(await calls.ofRun(resimId, gameId), `${namePart(nickname, 'learner')}-${gameId}-report.pdf`)}
    />
  );
};

/** The reports of every ended run of an opening, one PDF each in a zip. */
export const OpeningReportsButton = ({
  resimId,
  instanceId,
  resimName,
  size,
}: {
  resimId: string;
  instanceId: string;
  resimName: string;
  size?: 'xs' | 'sm';
}) => {
  const { request } = useApi();
  const calls = useMemo(() => reportCalls(request), [request]);
  return (
    <FileButton
      label="All reports (zip)"
      {...(size ? { size } : {})}
      make={async () => saveFile(await calls.ofOpening(resimId, instanceId), `${namePart(resimName, 'scenario')}-reports.zip`)}
    />
  );
};
