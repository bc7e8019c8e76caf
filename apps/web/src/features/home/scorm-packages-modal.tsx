import { Alert, Badge, Button, Group, Loader, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { scormFileName, type ResimSummary, type ScormPackage, type ScormVersion } from '@resim/contracts';
import { RunStatus } from '@resim/domain';
import { IconAlertCircle, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { scormCalls } from '../../api/scorm-calls';
import { formatDateTime } from '../../ui/format';
import { saveFile } from '../../ui/save-file';

const versions: { value: ScormVersion; label: string; description: string }[] = [
  {
    value: '2004',
    label: 'SCORM 2004 (4th edition)',
    description: 'Reports completion, pass or fail and the scaled score apart. Choose it when your LMS offers it.',
  },
  { value: '1.2', label: 'SCORM 1.2', description: 'For older LMSs: one status (passed, failed or completed) and a score out of 100.' },
];

const versionLabel = (version: ScormVersion) => (version === '1.2' ? 'SCORM 1.2' : 'SCORM 2004');

/** One exported package: when, by whom, how many learners it launched, and whether it still launches them. */
const PackageRow = ({ item, withdrawing, onWithdraw }: { item: ScormPackage; withdrawing: boolean; onWithdraw: (() => void) | null }) => {
  const [confirming, setConfirming] = useState(false);
  return (
    <Table.Tr>
      <Table.Td>{versionLabel(item.version)}</Table.Td>
      <Table.Td>
        <Text fz="sm">{formatDateTime(item.createdAt)}</Text>
        <Text fz="xs" c="dimmed">
          by {item.createdBy}
        </Text>
      </Table.Td>
      <Table.Td>{item.launches === 1 ? '1 learner' : `${item.launches} learners`}</Table.Td>
      <Table.Td>
        {item.revokedAt ? (
          <Badge color="gray" variant="light">
            Withdrawn
          </Badge>
        ) : confirming ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              color="red"
              loading={withdrawing}
              onClick={onWithdraw ?? undefined}
              aria-label={`Withdraw the ${versionLabel(item.version)} package of ${formatDateTime(item.createdAt)}`}
            >
              Withdraw
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Badge color="teal" variant="light">
              Active
            </Badge>
            {onWithdraw ? (
              <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
                Withdraw…
              </Button>
            ) : null}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
};

/**
 * A scenario as SCORM packages, for LMSs that take neither LTI nor xAPI: choose a version and
 * download the zip to upload there; see the packages made so far and withdraw one, after which
 * its learners can no longer open it.
 */
export const ScormPackagesModal = ({
  scenario,
  mayEdit,
  onClose,
}: {
  scenario: ResimSummary | null;
  mayEdit: boolean;
  onClose: () => void;
}) => {
  const { request } = useApi();
  const calls = useMemo(() => scormCalls(request), [request]);
  const queryClient = useQueryClient();
  const [version, setVersion] = useState<ScormVersion>('2004');
  const [confirmingWithdraw, setConfirmingWithdraw] = useState<string | null>(null);
  const shown = useRef<ResimSummary | null>(null);
  if (scenario) shown.current = scenario;
  const current = shown.current;
  const resimId = current?.id ?? '';

  const packages = useQuery({
    queryKey: queryKeys.scormPackages(resimId),
    queryFn: ({ signal }) => calls.list(resimId, signal),
    enabled: scenario !== null,
  });
  const download = useMutation({
    mutationFn: async () => saveFile(await calls.make(resimId, version), scormFileName(current?.resimName ?? '', version)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.scormPackages(resimId) }),
  });
  const withdraw = useMutation({
    mutationFn: (packageId: string) => calls.withdraw(resimId, packageId),
    onSuccess: () => {
      setConfirmingWithdraw(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.scormPackages(resimId) });
    },
  });
  const open = current?.resimStatus === RunStatus.Running || current?.resimStatus === RunStatus.Waiting;

  return (
    <Modal opened={scenario !== null} onClose={onClose} title={<Text fw={600}>SCORM packages of “{current?.resimName}”</Text>} size="xl">
      <Stack gap="md">
        <Text fz="sm">
          For a learning platform that takes neither LTI nor xAPI: upload the package there as a SCORM activity. Each learner who opens it
          plays this scenario under the name the platform knows them by, and the platform receives their completion, whether they passed
          (the answer key&apos;s diagnosis) and their score (points out of the most a run can reach).
        </Text>
        {open ? null : (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} title="Not open to learners yet">
            Learners can play the package once the scenario is open. Until then they are told it is not open yet.
          </Alert>
        )}
        {mayEdit ? (
          <>
            <Radio.Group value={version} onChange={(value) => setVersion(value)} label="Version">
              <Stack gap="xs" mt="xs">
                {versions.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} description={option.description} />
                ))}
              </Stack>
            </Radio.Group>
            {download.error ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title="The package could not be made">
                {download.error.message}
              </Alert>
            ) : null}
            <Group>
              <Button leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
                Download package
              </Button>
              <Text fz="xs" c="dimmed">
                Each download carries a key of its own, which you can withdraw below.
              </Text>
            </Group>
          </>
        ) : (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
            This space does not allow editing, so only its owner can make packages.
          </Alert>
        )}
        {withdraw.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title="The package could not be withdrawn">
            {withdraw.error.message}
          </Alert>
        ) : null}
        {packages.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" type="dots" />
            <Text fz="sm" c="dimmed">
              Loading the packages…
            </Text>
          </Group>
        ) : packages.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The packages could not be loaded">
            {packages.error.message}
          </Alert>
        ) : packages.data.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No package has been made of this scenario yet.
          </Text>
        ) : (
          <Table aria-label="Packages" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Made</Table.Th>
                <Table.Th>Launched</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {packages.data.map((item) => (
                <PackageRow
                  key={item.id}
                  item={item}
                  withdrawing={withdraw.isPending && confirmingWithdraw === item.id}
                  onWithdraw={
                    mayEdit
                      ? () => {
                          setConfirmingWithdraw(item.id);
                          withdraw.mutate(item.id);
                        }
                      : null
                  }
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
};
