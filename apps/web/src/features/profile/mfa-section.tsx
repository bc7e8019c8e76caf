import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Modal,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { mfaCodeBody, type MfaEnrolment } from '@resim/contracts';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailed } from '../../ui/load-failed';
import { SingleFieldForm } from '../../ui/single-field-form';
import { useConfirmMfa, useDisableMfa, useMfaStatus, useStartMfa } from './mfa-queries';
import { saveFile } from '../../ui/save-file';

/** The key in groups of four, as authenticator apps show it, so it is easier to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const ScanStep = (props: {
  enrolment: MfaEnrolment;
  pending: boolean;
  onConfirm: (code: string) => Promise<unknown>;
  onCancel: () => void;
}) => (
  <Stack gap="md">
    <Text fz="sm">
      1. Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
    </Text>
    <Group justify="center">
      <Image src={props.enrolment.qrCode} alt="QR code of your new sign-in key, for your authenticator app" w={184} h={184} fit="contain" />
    </Group>
    <Text fz="sm" c="dimmed">
      Cannot scan? Enter this key in the app instead, or{' '}
      <Anchor href={props.enrolment.otpauthUri} fz="sm" data-testid="mfa-otpauth-link">
        open it in an authenticator app on this device
      </Anchor>
      .
    </Text>
    <Code block fz="md" ta="center" data-testid="mfa-secret">
      {grouped(props.enrolment.secret)}
    </Code>
    <Text fz="sm">2. Enter the 6-digit code the app shows, to check it is set up.</Text>
    <SingleFieldForm
      schema={mfaCodeBody}
      field="code"
      label="Code from the app"
      description="The code changes every 30 seconds; enter the one shown now."
      placeholder="123456"
      maxLength={10}
      submitLabel="Turn on"
      pending={props.pending}
      onSubmit={props.onConfirm}
      onCancel={props.onCancel}
    />
  </Stack>
);

const downloadCodes = (codes: readonly string[]) => {
  const text = `Recovery codes for multi-factor sign-in. Each works once.\n\n${codes.join('\n')}\n`;
  saveFile(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt');
};

const RecoveryCodes = ({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) => (
  <Stack gap="md">
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Save your recovery codes now">
      If you lose your phone, sign in with one of these codes instead of a code from the app. Each works once. They are shown only this
      time.
    </Alert>
    <Code block data-testid="mfa-recovery-codes">
      <List listStyleType="none" spacing={2} fz="md" ff="monospace">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
    </Code>
    <Group gap="sm">
      <CopyButton value={codes.join('\n')} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            color={copied ? 'teal' : 'blue'}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={copy}
          >
            {copied ? 'Copied' : 'Copy codes'}
          </Button>
        )}
      </CopyButton>
      <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => downloadCodes(codes)}>
        Download
      </Button>
    </Group>
    <Group justify="flex-end">
      <Button onClick={onDone}>I have saved them</Button>
    </Group>
  </Stack>
);

/** Profile: multi-factor sign-in of the embedded issuer, turned on with an authenticator app and off with a code. */
export const MfaSection = () => {
  const status = useMfaStatus();
  const start = useStartMfa();
  const confirm = useConfirmMfa();
  const disable = useDisableMfa();
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);

  const closeSetup = () => {
    setEnrolment(null);
    setRecoveryCodes(null);
  };
  const mfa = status.data;

  let body;
  if (status.isPending) body = <Skeleton height={36} width={220} />;
  else if (!mfa) body = <LoadFailed what="Multi-factor sign-in" onRetry={() => void status.refetch()} />;
  else if (!mfa.available) {
    body = (
      <Text fz="sm" c="dimmed">
        Your organisation&apos;s identity provider signs you in and asks for any second factor itself.
      </Text>
    );
  } else if (mfa.enabled) {
    body = (
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fz="sm" c={mfa.recoveryCodesLeft <= 3 ? 'orange.9' : undefined}>
          {mfa.recoveryCodesLeft === 1 ? '1 recovery code left.' : `${mfa.recoveryCodesLeft} recovery codes left.`}
          {mfa.recoveryCodesLeft <= 3 ? ' Turn multi-factor sign-in off and on again for new codes.' : ''}
        </Text>
        <Button variant="light" color="red" leftSection={<IconShieldOff size={16} />} onClick={() => setDisabling(true)}>
          Turn off
        </Button>
      </Group>
    );
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        {start.error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} w="100%">
            {start.error.message}
          </Alert>
        ) : null}
        <Button
          leftSection={<IconShieldCheck size={16} />}
          variant="light"
          loading={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}
        >
          Set up authenticator app
        </Button>
      </Stack>
    );
  }

  return (
    <Card padding="lg" radius="md" component="section" aria-labelledby="mfa-title">
      <Stack gap="md">
        <Stack gap={4} maw={620}>
          <Group gap="sm">
            <Title order={2} fz="lg" id="mfa-title">
              Multi-factor sign-in
            </Title>
            {mfa?.available ? (
              <Badge color={mfa.enabled ? 'teal' : 'gray'} variant="light">
                {mfa.enabled ? 'On' : 'Off'}
              </Badge>
            ) : null}
          </Group>
          <Text fz="sm" c="dimmed">
            After your password, sign-in asks for a code from an authenticator app on your phone, so a stolen password alone cannot open
            your account.
          </Text>
        </Stack>
        {body}
      </Stack>
      <Modal
        opened={enrolment !== null}
        onClose={closeSetup}
        title={<Text fw={600}>{recoveryCodes ? 'Multi-factor sign-in is on' : 'Set up your authenticator app'}</Text>}
        size="lg"
        // The recovery codes are shown once: a stray click outside must not lose them.
        closeOnClickOutside={false}
      >
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={closeSetup} />
        ) : enrolment ? (
          <ScanStep
            enrolment={enrolment}
            pending={confirm.isPending}
            onConfirm={(code) => confirm.mutateAsync(code).then((result) => setRecoveryCodes(result.recoveryCodes))}
            onCancel={closeSetup}
          />
        ) : null}
      </Modal>
      <Modal opened={disabling} onClose={() => setDisabling(false)} title={<Text fw={600}>Turn off multi-factor sign-in</Text>}>
        <Stack gap="md">
          <Text fz="sm">Sign-in will ask only for your password. Your recovery codes stop working.</Text>
          <SingleFieldForm
            schema={mfaCodeBody}
            field="code"
            label="Code"
            description="A current code from your authenticator app, or one of your recovery codes."
            placeholder="123456"
            maxLength={40}
            submitLabel="Turn off"
            pending={disable.isPending}
            onSubmit={(code) => disable.mutateAsync(code).then(() => setDisabling(false))}
            onCancel={() => setDisabling(false)}
          />
        </Stack>
      </Modal>
    </Card>
  );
};
