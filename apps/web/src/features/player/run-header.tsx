import { ActionIcon, Box, Button, Collapse, Container, Group, Indicator, Stack, Text } from '@mantine/core';
import type { GameSnapshot } from '@resim/contracts';
import type { MeasureView, RunView } from '@resim/domain';
import { IconMessage } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { AllowanceNotice } from './allowance-notice';
import { ConnectionBadge } from './connection-badge';
import { MeasuresBar } from './measures-bar';
import { MediaList } from './media-list';
import type { ConnectionStatus } from './run-connection';
import { ScreenHeading } from '../../ui/screen-heading';

/**
 * The top of a run, always in view: the scenario, the stage, the case (the scenario's description,
 * the stage's and their media behind a toggle, open until the learner's first step), the measures,
 * the learner's own time allowance, the presenter's messages and the way to end.
 */
export const RunHeader = ({
  snapshot,
  view,
  measures,
  elapsedMs,
  status,
  compact,
  onOpenMessages,
  onEnd,
}: {
  snapshot: GameSnapshot;
  view: RunView;
  measures: readonly MeasureView[];
  elapsedMs: number | null;
  status: ConnectionStatus;
  compact: boolean;
  onOpenMessages: () => void;
  onEnd: () => void;
}) => {
  const { text, stage, media } = view;
  const hasMedia = media.images.length + media.videos.length + media.files.length > 0;
  const describable = Boolean(snapshot.description) || Boolean(stage?.description) || hasMedia;
  const fresh = snapshot.eventCount === 0;
  const [describing, setDescribing] = useState(fresh && describable);
  // The case stays open until the first step, unless the learner opened or closed it themselves.
  const toggled = useRef(false);
  useEffect(() => {
    if (!fresh && !toggled.current) setDescribing(false);
  }, [fresh]);
  const toggle = () => {
    toggled.current = true;
    setDescribing((open) => !open);
  };
  const messageCount = snapshot.messages.length;

  return (
    <Box
      component="header"
      bg="white"
      py={compact ? 'xs' : 'sm'}
      style={{ position: 'sticky', top: 0, zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="xl" px={compact ? 'sm' : 'md'}>
        <Stack gap={compact ? 6 : 'xs'}>
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Stack gap={2} miw={0}>
              <ScreenHeading fz={compact ? 'md' : 'xl'} lh={1.25} lineClamp={compact ? 1 : 2}>
                {snapshot.resimName}
              </ScreenHeading>
              {stage || describable ? (
                <Group gap="xs" wrap="wrap">
                  {stage ? (
                    <Text fz="sm" c="dimmed">
                      {text.stage}:{' '}
                      <Text span fw={600} c="dark" inherit>
                        {stage.name}
                      </Text>
                    </Text>
                  ) : null}
                  {describable ? (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      onClick={toggle}
                      aria-expanded={describing}
                      aria-controls="stage-description"
                    >
                      {describing ? text.descriptionClose : text.descriptionOpen}
                    </Button>
                  ) : null}
                </Group>
              ) : null}
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <ConnectionBadge status={status} />
              {messageCount > 0 ? (
                <Indicator label={messageCount} size={16} offset={4}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    onClick={onOpenMessages}
                    aria-label={`Messages from the presenter (${messageCount})`}
                  >
                    <IconMessage size={18} />
                  </ActionIcon>
                </Indicator>
              ) : null}
              <Button variant="light" color="red" size={compact ? 'xs' : 'sm'} onClick={onEnd}>
                {text.simulationEndCTA}
              </Button>
            </Group>
          </Group>
          <MeasuresBar measures={measures} currency={view.currency} elapsedMs={elapsedMs} hideTime={snapshot.settings.hideTime} />
          <AllowanceNotice allowance={snapshot.allowance} />
          <Collapse expanded={describing}>
            {/* A long description must not push the run off a phone's screen: it scrolls on its own. */}
            <Box id="stage-description" py="xs" mah="40dvh" style={{ overflowY: 'auto' }}>
              <Stack gap="sm">
                {snapshot.description ? <Text style={{ whiteSpace: 'pre-wrap' }}>{snapshot.description}</Text> : null}
                {stage?.description ? (
                  <Stack gap={2}>
                    <Text fz="sm" fw={600}>
                      {stage.name}
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{stage.description}</Text>
                  </Stack>
                ) : null}
                <MediaList media={media} />
              </Stack>
            </Box>
          </Collapse>
        </Stack>
      </Container>
    </Box>
  );
};
