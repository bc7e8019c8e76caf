import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReportsEmailed } from '@resim/contracts';
import { byCount } from '@resim/domain';
import { IconAlertCircle, IconFileDownload, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { reportCalls } from '../../../api/report-calls';
import { saveFile } from '../../../ui/save-file';
import { fileNamePart as namePart } from '@resim/contracts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A download the server makes: a button, busy while it is made, and what went wrong if it failed. */
export const FileButton = ({ label, make, size = 'xs' }: { label: string; make: () => Promise<void>; size?: 'xs' | 'sm' }) => {
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

/** Emails one ended run's report to its learner; the server's refusal (no address, say) shows beside the button. */
export const EmailRunReportButton = ({ resimId, gameId, nickname }: { resimId: string; gameId: string; nickname: string }) => {
  const { request } = useApi();
  const calls = useMemo(() => reportCalls(request), [request]);
  const email = useMutation({ mutationFn: () => calls.emailRun(resimId, gameId) });
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconMail size={14} />}
        loading={email.isPending}
        disabled={email.isSuccess}
        onClick={() => email.mutate()}
      >
        Email report
      </Button>
      {email.isSuccess ? (
        <Text fz="xs" c="dimmed" role="status">
          {nickname}’s report is queued in the outbox
        </Text>
      ) : null}
      {email.isError ? (
        <Text fz="xs" c="red" role="alert">
          {messageOf(email.error)}
        </Text>
      ) : null}
    </Stack>
  );
};

const emailedWords = ({ queued, skipped, alreadyEmailed }: ReportsEmailed): string => {
  if (queued === 0 && skipped === 0 && alreadyEmailed === 0) return 'No run of this opening has ended yet';
  // With none queued, the title says so and the words say why.
  const parts = queued === 0 ? [] : [`${queued} ${byCount(queued, 'report', 'reports')} queued`];
  if (alreadyEmailed > 0)
    parts.push(
      `${alreadyEmailed} ${byCount(alreadyEmailed, 'learner had been emailed their report before and was', 'learners had been emailed their reports before and were')} not sent it again`,
    );
  if (skipped > 0)
    parts.push(`${skipped} ${byCount(skipped, 'learner without an email address was', 'learners without an email address were')} skipped`);
  return parts.join('; ');
};

/**
 * Emails every ended run's report of an opening to its learner, after asking: how many go is the
 * server's to say, as only it knows which learners have an address, so the answer is shown after.
 */
export const EmailOpeningReportsButton = ({
  resimId,
  instanceId,
  size = 'xs',
}: {
  resimId: string;
  instanceId: string;
  size?: 'xs' | 'sm';
}) => {
  const { request } = useApi();
  const calls = useMemo(() => reportCalls(request), [request]);
  const [asking, setAsking] = useState(false);
  const email = useMutation({ mutationFn: () => calls.emailOpening(resimId, instanceId) });
  const open = () => {
    email.reset();
    setAsking(true);
  };
  return (
    <>
      <Button variant="default" size={size} leftSection={<IconMail size={size === 'xs' ? 14 : 16} />} onClick={open}>
        Email reports to learners…
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Email the reports to the learners?">
        <Stack gap="md">
          {email.isSuccess ? (
            <Alert color="teal" variant="light" role="status" title={email.data.queued > 0 ? 'Reports queued' : 'No report queued'}>
              {emailedWords(email.data)}
            </Alert>
          ) : (
            <Text fz="sm">
              Each learner whose run of this opening has ended is sent their own report as a PDF, attached to your run-report email
              template. Learners who joined without an email address are skipped, and those emailed their report before are not sent it
              again (email one learner’s report again from their run).
            </Text>
          )}
          {email.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Emailing the reports stopped">
              <Text fz="sm">{messageOf(email.error)}</Text>
              <Text fz="sm">Reports queued before it stay queued: emailing the reports again sends only the rest.</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            {email.isSuccess ? (
              <Button onClick={() => setAsking(false)}>Done</Button>
            ) : (
              <>
                <Button variant="default" onClick={() => setAsking(false)}>
                  Cancel
                </Button>
                <Button leftSection={<IconMail size={16} />} loading={email.isPending} onClick={() => email.mutate()}>
                  Email reports
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
};

/**
 * A passed run's certificate for its host, and its revocation (the space's owner only, after a
 * confirmation): a revoked certificate's verification page says it is no longer valid.
 */
export const RunCertificate = ({ resimId, gameId, nickname }: { resimId: string; gameId: string; nickname: string }) => {
  const { request } = useApi();
  const calls = useMemo(() => reportCalls(request), [request]);
  const [asking, setAsking] = useState(false);
  const revoke = useMutation({ mutationFn: () => calls.revokeCertificate(resimId, gameId), onSuccess: () => setAsking(false) });
  return (
    <>
      <Group gap="xs" align="flex-start">
        <FileButton
          label="Certificate (PDF)"
          make={async () =>
            saveFile(await calls.certificate(resimId, gameId), `${namePart(nickname, 'learner')}-${gameId}-certificate.pdf`)
          }
        />
        {revoke.isSuccess ? (
          <Text fz="xs" c="dimmed" role="status">
            Certificate {revoke.data.code} revoked
          </Text>
        ) : (
          <Button variant="subtle" color="red" size="xs" onClick={() => setAsking(true)}>
            Revoke certificate…
          </Button>
        )}
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title={`Revoke ${nickname}’s certificate?`}>
        <Stack gap="md">
          <Text fz="sm">Whoever checks its code will be told it was revoked and is no longer valid. This cannot be undone.</Text>
          {revoke.isError ? (
            <Text fz="sm" c="red" role="alert">
              {messageOf(revoke.error)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
