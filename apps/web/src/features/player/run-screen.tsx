import {
  Alert,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Indicator,
  Modal,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { inSentence, type LearnerEvent, type RunView } from '@resim/domain';
import { IconAlertCircle, IconClipboardList, IconFlask, IconStethoscope } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { capitalise } from '../../ui/format';
import { ActionsPanel, actionsSearchId } from './actions-panel';
import { allowanceText } from './announcements';
import { ConclusionsPanel } from './conclusions-panel';
import { FactsPanel } from './facts-panel';
import { HintPanel } from './hint-panel';
import { isTicking, reachedTermination, runElapsedMs, secondsSinceSnapshot, tickMeasure } from './live-measures';
import { MediaList } from './media-list';
import { MessagesDrawer } from './messages';
import { RunHeader } from './run-header';
import { TimeAnnouncer } from './time-announcer';
import type { LiveRun } from './use-run-connection';
import { useNow } from './use-now';
import { contentId, SkipLink } from '../../ui/skip-link';

/** Below this width the panels are tabs with a bar at the bottom, as on a phone. */
const compactQuery = '(max-width: 61.99em)';
const tabBarHeight = 64;

type Tab = 'facts' | 'actions' | 'conclusion';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const InfosPanel = ({ infos }: { infos: RunView['infos'] }) =>
  infos.length === 0 ? null : (
    <Stack gap="sm" component="section" aria-labelledby="infos-title">
      <Title order={2} fz="lg" id="infos-title">
        Information
      </Title>
      {infos.map((info) => (
        <Paper key={info.id} p="md" radius="md">
          <Text fw={600} mb={4}>
            {info.name}
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {info.text}
          </Text>
          <Box mt={info.images.length + info.videos.length + info.files.length > 0 ? 'sm' : 0}>
            <MediaList media={info} />
          </Box>
        </Paper>
      ))}
    </Stack>
  );

/** Results that arrived since the screen opened, for the highlight and the screen reader. */
const useNewFacts = (view: RunView) => {
  const known = useRef<ReadonlySet<string> | null>(null);
  const [fresh, setFresh] = useState<{ ids: ReadonlySet<string>; announcement: string }>({ ids: new Set(), announcement: '' });
  useEffect(() => {
    const results = view.facts.filter((fact) => fact.source === 'action');
    if (known.current === null) {
      known.current = new Set(results.map((fact) => fact.id));
      return;
    }
    const seen = known.current;
    const added = results.filter((fact) => !seen.has(fact.id));
    if (added.length === 0) return;
    known.current = new Set([...seen, ...added.map((fact) => fact.id)]);
    setFresh({
      ids: new Set(added.map((fact) => fact.id)),
      announcement: `${view.text.facts}: ${added.map((fact) => fact.name).join(', ')}`,
    });
  }, [view.facts, view.text.facts]);
  return fresh;
};

const TabLabel = ({ icon, label, marked }: { icon: ReactNode; label: string; marked?: boolean }) => (
  <Stack gap={2} align="center">
    <Indicator disabled={!marked} size={8} offset={-2} processing>
      {icon}
    </Indicator>
    <Text fz={12} fw={600} lh={1.1} ta="center" lineClamp={1}>
      {label}
    </Text>
  </Stack>
);

/**
 * A run being played (SPEC 2: the learner sees facts, runs actions, picks conclusions), every
 * word from the run's text set. Side by side on a wide screen; tabs with a bottom bar on a phone.
 */
export const RunScreen = ({ live, view }: { live: LiveRun; view: RunView }) => {
  const { snapshot, receivedAt, status, send, refresh } = live;
  const { text } = view;
  const compact = useMediaQuery(compactQuery, false, { getInitialValueInEffect: false });
  const ticking = isTicking(snapshot);
  const now = useNow(ticking);
  const seconds = secondsSinceSnapshot(snapshot, receivedAt, now);
  const measures = view.measures.map((measure) => tickMeasure(measure, seconds));
  const elapsedMs = runElapsedMs(snapshot, receivedAt, now);
  const startedAt = snapshot.startedAt === null || snapshot.settings.hideTime ? null : Date.parse(snapshot.startedAt);
  const fresh = useNewFacts(view);
  const [busy, setBusy] = useState(false);
  // A phone opens on the results when there are some (the baseline), else on the tests to run: never on an empty tab.
  const [tab, setTab] = useState<Tab>(() => (view.facts.length > 0 ? 'facts' : 'actions'));
  const tabNow = useRef(tab);
  tabNow.current = tab;
  const [messagesOpen, setMessagesOpen] = useState(false);
  const [ending, setEnding] = useState(false);
  const [endProblem, setEndProblem] = useState<string | null>(null);

  // A Terminate limit reached on the local clock: the server ends the run, so ask for it once.
  const terminated = ticking && reachedTermination(measures);
  const askedAt = useRef<number | null>(null);
  useEffect(() => {
    if (!terminated || askedAt.current === receivedAt) return;
    askedAt.current = receivedAt;
    refresh();
  }, [receivedAt, refresh, terminated]);

  /** Sends the events in order, stopping at a refusal; answers its message, or null when all went through. */
  const perform = useCallback(
    async (events: readonly LearnerEvent[]): Promise<string | null> => {
      setBusy(true);
      try {
        for (const event of events) await send(event);
        return null;
      } catch (error) {
        return errorText(error);
      } finally {
        setBusy(false);
      }
    },
    [send],
  );

  const runActions = async (actionIds: readonly string[]) => {
    const from = tabNow.current;
    const refusal = await perform(actionIds.map((actionId) => ({ type: 'runAction', actionId })));
    // On a phone the results are on another tab: go and show them, unless the learner went elsewhere meanwhile.
    if (compact && refusal === null && tabNow.current === from) {
      setTab('facts');
      window.scrollTo({ top: 0 });
    }
    return refusal;
  };
  const confirmConclusions = (conclusionIds: readonly string[]) =>
    perform([{ type: 'confirmConclusions', conclusionIds: [...conclusionIds] }]);
  const takeHint = () => perform([{ type: 'takeHint' }]);
  const end = async () => {
    const refusal = await perform([{ type: 'end' }]);
    setEndProblem(refusal);
    if (refusal === null) setEnding(false);
  };

  // "Add tests" leads to them: their tab on a phone, their search beside the results on a wide screen.
  const addActions = () => {
    if (compact) {
      setTab('actions');
      window.scrollTo({ top: 0 });
      return;
    }
    const search = document.getElementById(actionsSearchId);
    search?.scrollIntoView({ block: 'center' });
    search?.focus();
  };

  const facts = (
    <Stack gap="lg">
      <InfosPanel infos={view.infos} />
      <FactsPanel view={view} startedAt={startedAt} newIds={fresh.ids} onAddActions={addActions} />
    </Stack>
  );
  const actions = <ActionsPanel view={view} busy={busy} onRun={runActions} {...(compact ? { stickyBottom: tabBarHeight } : {})} />;
  const conclusions = (
    <Stack gap="lg">
      <ConclusionsPanel view={view} busy={busy} compact={compact} onConfirm={confirmConclusions} onEnd={() => setEnding(true)} />
      <HintPanel view={view} busy={busy} onTake={takeHint} />
    </Stack>
  );

  return (
    <Box bg="gray.0" mih="100dvh" pb={compact ? tabBarHeight + 16 : 'xl'}>
      <SkipLink />
      <RunHeader
        snapshot={snapshot}
        view={view}
        measures={measures}
        elapsedMs={elapsedMs}
        status={status}
        compact={compact}
        onOpenMessages={() => setMessagesOpen(true)}
        onEnd={() => setEnding(true)}
      />
      <VisuallyHidden aria-live="polite">{fresh.announcement}</VisuallyHidden>
      <TimeAnnouncer
        measures={snapshot.settings.hideTime ? [] : measures}
        elapsedMs={elapsedMs}
        allowance={allowanceText(snapshot.allowance)}
      />
      {compact ? (
        <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'facts')} variant="default">
          <Container component="main" id={contentId} tabIndex={-1} px="sm" py="md">
            <Tabs.Panel value="facts">{facts}</Tabs.Panel>
            <Tabs.Panel value="actions">{actions}</Tabs.Panel>
            <Tabs.Panel value="conclusion">{conclusions}</Tabs.Panel>
          </Container>
          <Tabs.List
            grow
            bg="white"
            h={tabBarHeight}
            style={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: 100, borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Tabs.Tab value="facts">
              <TabLabel
                icon={<IconClipboardList size={22} aria-hidden />}
                label={text.facts}
                marked={tab !== 'facts' && fresh.ids.size > 0}
              />
            </Tabs.Tab>
            <Tabs.Tab value="actions">
              <TabLabel icon={<IconFlask size={22} aria-hidden />} label={capitalise(text.actions)} />
            </Tabs.Tab>
            <Tabs.Tab value="conclusion">
              <TabLabel icon={<IconStethoscope size={22} aria-hidden />} label={text.conclusion} />
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
      ) : (
        <Container component="main" id={contentId} tabIndex={-1} size="xl" py="lg">
          <Grid gap="lg">
            <Grid.Col span={7}>{facts}</Grid.Col>
            <Grid.Col span={5}>
              <Stack gap="lg">
                <Paper p="md" radius="md">
                  {actions}
                </Paper>
                <Paper p="md" radius="md">
                  {conclusions}
                </Paper>
              </Stack>
            </Grid.Col>
          </Grid>
        </Container>
      )}
      <MessagesDrawer opened={messagesOpen} onClose={() => setMessagesOpen(false)} messages={snapshot.messages} />
      <Modal
        opened={ending}
        onClose={() => {
          setEnding(false);
          setEndProblem(null);
        }}
        title={text.simulationEndCTA}
        size="sm"
      >
        <Stack gap="md">
          <Text>
            You will not be able to {inSentence(text.actionChoiceCTA)} or change your {inSentence(text.conclusion)} after this.
          </Text>
          {endProblem ? (
            <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {endProblem}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setEnding(false)} disabled={busy} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => void end()}>
              {text.simulationEndCTA}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
};
