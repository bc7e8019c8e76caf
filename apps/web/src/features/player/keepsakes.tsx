import { Button, Group, Stack, Text } from '@mantine/core';
import { fileNamePart } from '@resim/contracts';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useLearnerApi } from '../../api/api-context';
import type { RunToken } from '../../api/client';
import { saveFile } from '../../ui/save-file';

/** A PDF the learner keeps, made by the server when asked: a button, busy meanwhile, and why it failed. */
const PdfButton = ({ label, name, what, make }: { label: string; name?: string; what: string; make: () => Promise<void> }) => {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await make();
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        leftSection={<IconFileDownload size={16} />}
        loading={state.busy}
        onClick={() => void download()}
        aria-label={name}
      >
        {label}
      </Button>
      {state.error ? (
        <Text fz="sm" c="red" role="alert">
          The {what} could not be made: {state.error}
        </Text>
      ) : null}
    </Stack>
  );
};

/**
 * The learner's report of their run, and the certificate of a run that passed: PDFs they keep,
 * offered once the run's feedback may be shown (a live session's learners get them when the host
 * stops the session). Among several runs (the learner's home) each button names its scenario.
 */
export const Keepsakes = ({
  gameId,
  resimName,
  runToken,
  passed,
  among = false,
}: {
  gameId: string;
  resimName: string;
  runToken: RunToken;
  passed: boolean;
  among?: boolean;
}) => {
  const api = useLearnerApi();
  const save = async (kind: 'report' | 'certificate') =>
    saveFile(await api.learn.pdf(gameId, kind, runToken), `${fileNamePart(resimName, 'simulation')}-${kind}.pdf`);
  const named = (kind: string) => (among ? `Download my ${kind} of ${resimName} (PDF)` : undefined);
  return (
    <Group gap="sm" align="flex-start">
      <PdfButton label="Download my report (PDF)" name={named('report')} what="report" make={() => save('report')} />
      {passed ? (
        <PdfButton label="Download my certificate (PDF)" name={named('certificate')} what="certificate" make={() => save('certificate')} />
      ) : null}
    </Group>
  );
};
