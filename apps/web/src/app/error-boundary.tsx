import { Alert, Button, Center, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { ClientLogger } from '../api/client-log';
import { isChunkLoadError, type ChunkLoadError } from './chunk';

const reload = (): void => window.location.reload();

const report = (log: ClientLogger, error: unknown, info: ErrorInfo): void => {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = [error instanceof Error ? error.stack : undefined, info.componentStack].filter(Boolean).join('\n--\n');
  log({ level: 'error', message, page: window.location.pathname, ...(stack ? { stack } : {}) });
};

/** SPEC 8: a chunk that did not load names itself, how it failed and its address. */
export const ChunkFailure = ({ error }: { error: ChunkLoadError }) => (
  <Center py={64} px="md">
    <Paper p="xl" radius="md" maw={560} w="100%">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconAlertTriangle size={28} color="var(--mantine-color-orange-6)" aria-hidden />
          <Title order={2} fz="xl">
            {error.message}
          </Title>
        </Group>
        <Text c="dimmed" fz="sm">
          Part of the console could not be downloaded. This happens when the network drops or when a new version was published while the
          page was open. Reloading usually fixes it.
        </Text>
        <Stack gap={6}>
          <Text fz="sm">
            <Text span fw={600} inherit>
              Failure type:
            </Text>{' '}
            {error.type === 'timeout' ? 'timeout (no answer within the time limit)' : 'error'}
          </Text>
          <Text fz="sm">
            <Text span fw={600} inherit>
              Chunk address:
            </Text>{' '}
            {error.address ? <Code style={{ wordBreak: 'break-all' }}>{error.address}</Code> : 'not known: the browser did not say'}
          </Text>
        </Stack>
        <Group>
          <Button leftSection={<IconRefresh size={16} />} onClick={reload}>
            Reload
          </Button>
        </Group>
      </Stack>
    </Paper>
  </Center>
);

const CrashPanel = ({ fullPage }: { fullPage: boolean }) => (
  <Center mih={fullPage ? '100vh' : undefined} py={fullPage ? 0 : 64} px="md" bg={fullPage ? 'gray.0' : undefined}>
    <Paper p="xl" radius="md" maw={520} w="100%">
      <Stack gap="md">
        <Title order={2} fz="xl">
          Something went wrong
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          This page stopped working because of an unexpected error. It has been reported; reloading usually gets you going again.
        </Alert>
        <Group>
          <Button leftSection={<IconRefresh size={16} />} onClick={reload}>
            Reload
          </Button>
        </Group>
      </Stack>
    </Paper>
  </Center>
);

type BoundaryProps = { log: ClientLogger; fullPage?: boolean; children: ReactNode };
type BoundaryState = { error: unknown };

/**
 * SPEC 2 and 8: the error-reporting boundary. Any error a component throws is reported to the
 * server's log and replaced by a calm panel with a way out.
 */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    report(this.props.log, error, info);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkFailure error={error} />;
    return <CrashPanel fullPage={this.props.fullPage ?? false} />;
  }
}
