import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { BoardLearner, PresenterPanel, PresenterTheme, PresenterView } from '@resim/contracts';
import { byCount, formatMeasureFigure, RunStatus, runReadingOf, runStatusName } from '@resim/domain';
import { useHotkeys, useLocalStorage } from '@mantine/hooks';
import { IconAdjustments, IconAlertTriangle, IconDoorEnter, IconEyeOff, IconLock, IconMaximize, IconMessage } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { ManageLobbyModal } from '../resim-editor/manage-lobby';
import { MessageModal } from '../resim-editor/message-modal';
import { RunStatusControl } from '../resim-editor/run-status-control';
import { accommodatedStillPlaying, controlScenario } from '../resim-editor/control-request';
import { JoinQrCode } from './join-qr-code';
import { contentId, SkipLink } from '../../ui/skip-link';

/** The room wants to see a newcomer's name within a breath, not on the 5 s of the console's scoreboard. */
const pollMs = 3000;
const chipsShown = 80;
const rowsShown = 10;

const phaseBadge: Record<PresenterView['phase'], { label: string; color: string }> = {
  lobby: { label: 'Waiting to start', color: 'yellow' },
  // Mantine's filled green is too light under white text (3.4:1); teal's darkest shade reads at 5:1.
  open: { label: 'Running', color: 'teal.9' },
  closed: { label: 'Finished', color: 'gray' },
};

/** The colours of the display in each theme, each pair of text and ground readable from the back of a room. */
const palettes = {
  dark: {
    page: 'dark.8',
    card: 'dark.6',
    text: 'white',
    dimmed: 'gray.4',
    track: 'var(--mantine-color-dark-5)',
    // Gold under dark text: white on a dark yellow read at 2.5:1.
    leader: 'yellow.5',
    leaderText: 'dark.9',
    /** the host's controls are light: on a light page they need an edge */
    framed: false,
  },
  light: {
    page: 'gray.0',
    card: 'white',
    text: 'dark.9',
    dimmed: 'gray.7',
    track: 'var(--mantine-color-gray-3)',
    leader: 'yellow.3',
    leaderText: 'dark.9',
    framed: true,
  },
} as const satisfies Record<PresenterTheme, Record<string, string | boolean>>;
type Palette = (typeof palettes)[PresenterTheme];

const PaletteContext = createContext<Palette>(palettes.dark);
const usePalette = () => useContext(PaletteContext);

const points = (value: number | null) => (value === null ? '–' : Number.isInteger(value) ? String(value) : value.toFixed(1));

/** Before its first opening the scenario has nothing finished to show: the host opens it from the display. */
const neverOpened = (view: PresenterView) => view.resimStatus === RunStatus.Initialized && view.instanceId === '';

const JoinPanel = ({ view }: { view: PresenterView }) => {
  const colors = usePalette();
  const joinAt = view.joinUrl ? new URL(view.joinUrl) : null;
  return (
    <Paper bg={colors.card} p="xl" radius="lg" h="100%" withBorder={false}>
      <Stack gap="lg" justify="center" h="100%">
        {view.locked && view.phase !== 'closed' ? (
          // A locked opening takes nobody new: the room is not shown a way in that would refuse them.
          <Group gap="md" wrap="nowrap" align="flex-start">
            <IconLock size={48} color={`var(--mantine-color-${colors.dimmed.replace('.', '-')})`} aria-hidden />
            <Stack gap={4}>
              <Text c={colors.text} fz={34} fw={700}>
                The lobby is locked
              </Text>
              <Text c={colors.dimmed} fz="xl">
                Nobody new may join this session.
              </Text>
            </Stack>
          </Group>
        ) : joinAt && view.phase !== 'closed' ? (
          <>
            <Group gap="xl" align="center" wrap="wrap">
              {/* A third of the screen's height at least, so that the back rows of a hall can scan it. */}
              <JoinQrCode url={joinAt.href} size="max(34vh, 220px)" />
              <Stack gap={4} miw={0}>
                <Text c={colors.dimmed} fz="lg">
                  Scan to join, or open
                </Text>
                <Text c={colors.text} fz="lg" fw={600} style={{ wordBreak: 'break-all' }} aria-label="Join address">
                  {joinAt.href}
                </Text>
              </Stack>
            </Group>
            <Stack gap={4}>
              <Text c={colors.dimmed} fz="xl">
                Join at
              </Text>
              <Text c={colors.text} fz={34} fw={700} style={{ wordBreak: 'break-all' }}>
                {joinAt.host}/play
              </Text>
            </Stack>
            <Stack gap={4}>
              <Text c={colors.dimmed} fz="xl">
                with the code
              </Text>
              <Text c={colors.text} fz={88} fw={800} ff="monospace" lh={1} style={{ letterSpacing: '0.12em' }} aria-label="Join code">
                {view.code}
              </Text>
            </Stack>
          </>
        ) : (
          <Text c={colors.dimmed} fz={28}>
            {neverOpened(view) ? 'The session is not open yet.' : 'The session is closed.'}
          </Text>
        )}
        <Group gap="xs" align="baseline">
          <Text c={colors.text} fz={56} fw={800} lh={1} aria-label="Learners joined">
            {view.players}
          </Text>
          <Text c={colors.dimmed} fz="xl">
            {view.players === 1 ? 'learner joined' : 'learners joined'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
};

const Lobby = ({ learners: all }: { learners: readonly BoardLearner[] }) => {
  const colors = usePalette();
  // A learner the host removed leaves the room's screen.
  const learners = all.filter((learner) => learner.endReason !== 'removed');
  const newestFirst = [...learners].sort((a, b) => b.joined.localeCompare(a.joined));
  return (
    <Stack gap="md">
      <Title order={2} c={colors.text} fz={28}>
        Waiting for everyone to join…
      </Title>
      {learners.length === 0 ? (
        <Text c={colors.dimmed} fz="lg">
          Names appear here as learners join.
        </Text>
      ) : (
        <Group gap="sm" aria-label="Learners in the lobby">
          {newestFirst.slice(0, chipsShown).map((learner) => (
            <Badge key={learner.gameId} size="xl" radius="sm" variant="light" color="indigo" tt="none">
              {learner.nickname}
            </Badge>
          ))}
          {learners.length > chipsShown ? (
            <Text c={colors.dimmed} fz="lg">
              and {learners.length - chipsShown} more
            </Text>
          ) : null}
        </Group>
      )}
    </Stack>
  );
};

const Ranking = ({ view, title }: { view: PresenterView; title: string }) => {
  const colors = usePalette();
  const ranked = view.learners.filter((learner) => learner.rank !== null).slice(0, rowsShown);
  return (
    <Stack gap="sm">
      <Title order={2} c={colors.text} fz={28}>
        {title}
      </Title>
      {ranked.length === 0 ? (
        <Text c={colors.dimmed} fz="lg">
          Scores appear here as learners take their steps.
        </Text>
      ) : (
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Ranking">
          {ranked.map((learner) => {
            const text = learner.rank === 1 ? colors.leaderText : colors.text;
            return (
              <Paper
                key={learner.gameId}
                component="li"
                bg={learner.rank === 1 ? colors.leader : colors.card}
                px="lg"
                py="sm"
                radius="md"
                withBorder={false}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="lg" wrap="nowrap" miw={0}>
                    <Text c={text} fz={26} fw={800} w={48} ta="right">
                      {learner.rank}
                    </Text>
                    <Text c={text} fz={26} fw={600} truncate>
                      {learner.nickname}
                    </Text>
                  </Group>
                  <Text c={text} fz={26} fw={700}>
                    {points(learner.points)}
                  </Text>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
};

const Progressing = ({ view }: { view: PresenterView }) => {
  const colors = usePalette();
  const share = view.players === 0 ? 0 : (100 * view.finished) / view.players;
  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text c={colors.dimmed} fz="xl">
            Finished
          </Text>
          <Text c={colors.text} fz="xl" fw={700}>
            {view.finished} of {view.players}
          </Text>
        </Group>
        <Progress
          value={share}
          size="xl"
          radius="xl"
          color="green"
          aria-label="Learners finished"
          styles={{ root: { background: colors.track } }}
        />
      </Stack>
      {view.hideRank ? (
        <Text c={colors.dimmed} fz="lg">
          The ranking is hidden for this scenario.
        </Text>
      ) : (
        <Ranking view={view} title="Leading now" />
      )}
    </Stack>
  );
};

/** Heights of the podium's steps, second, first and third from the left, as on a real one. */
const podiumSteps = [
  { place: 1, height: 150 },
  { place: 0, height: 220 },
  { place: 2, height: 110 },
] as const;

/** The finished session's top three on a podium, where the join panel stood while learners could join. */
const Podium = ({ view }: { view: PresenterView }) => {
  const colors = usePalette();
  const top = view.learners.filter((learner) => learner.rank !== null).slice(0, 3);
  return (
    <Paper bg={colors.card} p="xl" radius="lg" h="100%" withBorder={false}>
      <Stack gap="lg" h="100%" justify="flex-end">
        <Title order={2} c={colors.text} fz={28}>
          Podium
        </Title>
        <Group gap="md" align="flex-end" justify="center" wrap="nowrap" role="list" aria-label="Podium">
          {podiumSteps.map(({ place, height }) => {
            const learner = top[place];
            if (!learner) return <Box key={place} style={{ flex: 1 }} />;
            const first = place === 0;
            return (
              <Stack key={learner.gameId} gap={6} align="center" style={{ flex: 1, minWidth: 0 }} role="listitem">
                <Text c={colors.text} fz={first ? 32 : 26} fw={700} ta="center" truncate maw="100%">
                  {learner.nickname}
                </Text>
                <Text c={colors.dimmed} fz="lg">
                  {points(learner.points)} {byCount(learner.points ?? 0, 'point', 'points')}
                </Text>
                <Box
                  w="100%"
                  h={height}
                  bg={first ? colors.leader : colors.track}
                  style={{ borderRadius: '8px 8px 0 0', display: 'flex', alignItems: 'flex-start', justifyContent: 'center' }}
                >
                  <Text c={first ? colors.leaderText : colors.text} fz={48} fw={800} mt="sm" aria-label={`Place ${learner.rank}`}>
                    {learner.rank}
                  </Text>
                </Box>
              </Stack>
            );
          })}
        </Group>
      </Stack>
    </Paper>
  );
};

const Finished = ({ view }: { view: PresenterView }) => {
  const colors = usePalette();
  return (
    <Stack gap="xl">
      <Group gap="xl">
        <Stack gap={0}>
          <Text c={colors.dimmed}>Learners</Text>
          <Text c={colors.text} fz={40} fw={800}>
            {view.players}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text c={colors.dimmed}>Average points</Text>
          <Text c={colors.text} fz={40} fw={800}>
            {points(view.averagePoints)}
          </Text>
        </Stack>
      </Group>
      {view.hideRank ? null : <Ranking view={view} title="Final ranking" />}
    </Stack>
  );
};

/** Each measure's average over the learners, as a bar against the largest of them. */
const MeasureCharts = ({ view }: { view: PresenterView }) => {
  const colors = usePalette();
  const largest = Math.max(0, ...view.measures.map((measure) => Math.abs(measure.average)));
  return (
    <Stack gap="sm" role="group" aria-label="Measures">
      <Title order={2} c={colors.text} fz={28}>
        Measures on average
      </Title>
      {view.measures.length === 0 ? (
        <Text c={colors.dimmed} fz="lg">
          Averages appear here as learners take their steps.
        </Text>
      ) : (
        view.measures.map((measure) => (
          <Stack key={measure.id} gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text c={colors.dimmed} fz="lg" truncate>
                {measure.name}
              </Text>
              <Text c={colors.text} fz="lg" fw={700}>
                {formatMeasureFigure(measure.type, measure.average, { currency: view.currency, timeUnit: measure.timeUnit })}
              </Text>
            </Group>
            <Progress
              value={largest === 0 ? 0 : (100 * Math.abs(measure.average)) / largest}
              size="lg"
              radius="xl"
              color="indigo"
              aria-label={`${measure.name} on average`}
              styles={{ root: { background: colors.track } }}
            />
          </Stack>
        ))
      )}
    </Stack>
  );
};

const LatestMessage = ({ view }: { view: PresenterView }) => {
  const latest = view.messages.at(-1);
  // Once the session is over, what was said during it is no longer news.
  if (!latest || view.phase === 'closed') return null;
  return (
    <Paper bg="indigo.9" px="lg" py="md" radius="md" role="status" withBorder={false}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <IconMessage size={28} color="white" aria-hidden />
        <Stack gap={2}>
          <Text c="white" fw={700} fz="xl">
            {latest.title}
          </Text>
          <Text c="indigo.1" fz="lg">
            {latest.message}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
};

/** What the session's phase shows of the panels the view chose: the lobby's names before the start, the ranking after. */
const PhasePanels = ({ view, shows }: { view: PresenterView; shows: (panel: PresenterPanel) => boolean }) => {
  if (view.phase === 'lobby') {
    if (shows('lobby')) return <Lobby learners={view.learners} />;
    return shows('leaderboard') && !view.hideRank ? <Ranking view={view} title="Leading now" /> : null;
  }
  if (!shows('leaderboard')) return null;
  if (view.phase === 'open') return <Progressing view={view} />;
  return neverOpened(view) ? null : <Finished view={view} />;
};

const controlledStatuses: readonly number[] = [RunStatus.Waiting, RunStatus.Running];

/** The host's controls, on the display itself: open the lobby, start, stop, manage the lobby, message the room. */
const SessionControls = ({ resimId, view, onHide }: { resimId: string; view: PresenterView; onHide: () => void }) => {
  const api = useApi();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'message' | 'lobby' | null>(null);
  const live = controlledStatuses.includes(view.resimStatus);
  // Light, as in the console: the controls keep their contrast on the dark display.
  return (
    <Paper bg="gray.0" px="md" py="xs" radius="md" withBorder={usePalette().framed} role="toolbar" aria-label="Session controls">
      <Group gap="sm" wrap="wrap">
        <RunStatusControl
          status={view.resimStatus}
          mode={view.mode}
          blocked={null}
          access={{
            allowAnonymous: view.allowAnonymous,
            allowSignin: view.allowSignin,
            scheduleStart: view.scheduleStart,
            scheduleEnd: view.scheduleEnd,
          }}
          onChange={async (status, accommodated) => {
            await controlScenario(api, resimId, status, accommodated);
            await client.invalidateQueries({ queryKey: ['resim', resimId] });
          }}
          accommodatedStillPlaying={() => accommodatedStillPlaying(api, resimId)}
        />
        {live ? (
          <>
            <Button size="compact-xs" variant="light" leftSection={<IconDoorEnter size={14} />} onClick={() => setDialog('lobby')}>
              Manage lobby
            </Button>
            <Button size="compact-xs" variant="light" leftSection={<IconMessage size={14} />} onClick={() => setDialog('message')}>
              Message learners
            </Button>
          </>
        ) : null}
        <Button size="compact-xs" variant="subtle" color="gray" ml="auto" leftSection={<IconEyeOff size={14} />} onClick={onHide}>
          Hide from the room (H)
        </Button>
      </Group>
      <MessageModal resimId={resimId} opened={dialog === 'message'} onClose={() => setDialog(null)} />
      {dialog === 'lobby' ? <ManageLobbyModal resimId={resimId} onClose={() => setDialog(null)} /> : null}
    </Paper>
  );
};

/** Whether the host's controls show on the display: hidden, the room sees only the session; kept in this browser. */
const useControlsShown = () => {
  const [shown, setShown] = useLocalStorage({ key: 'resim.presenter.controls', defaultValue: true, getInitialValueInEffect: false });
  useHotkeys([['h', () => setShown((current) => !current)]]);
  return [shown, setShown] as const;
};

/** What the room sees of the scenario's current opening, refreshed every few seconds, through the view chosen. */
export const PresenterDisplay = ({
  resimId,
  productName,
  viewId = null,
}: {
  resimId: string;
  productName: string;
  viewId?: string | null;
}) => {
  const api = useApi();
  const [controlsShown, setControlsShown] = useControlsShown();
  const view = useQuery({
    queryKey: queryKeys.presenter(resimId, 'current', viewId),
    queryFn: ({ signal }) => api.resims.presenter(resimId, 'current', viewId, signal),
    refetchInterval: pollMs,
    refetchIntervalInBackground: true,
  });

  if (view.isPending)
    return (
      <Box component="main" mih="100dvh" bg="dark.8" p="xl" role="status" aria-label="Loading the session">
        <Loader color="gray" type="dots" />
      </Box>
    );
  if (view.isError && !view.data)
    return (
      <Box component="main" mih="100dvh" bg="dark.8" p="xl">
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This session cannot be shown" maw={560}>
          {view.error.message}
        </Alert>
      </Box>
    );
  const data = view.data;
  const colors = palettes[data.layout.theme];
  const shows = (panel: PresenterPanel) => data.layout.panels.includes(panel);
  const notOpened = neverOpened(data);
  const phase = phaseBadge[data.phase];
  // SPEC 4 reading B: a self-paced scenario at status 2 is Open, not Running.
  const reading =
    runReadingOf(data.mode) === 'self-paced' && data.phase === 'open' ? { ...phase, label: runStatusName(2, 'self-paced') } : phase;
  const badge = notOpened ? { label: 'Not open yet', color: 'gray' } : reading;
  // Once the session is over, nobody joins: the join panel's half shows who won.
  const podium =
    data.phase === 'closed' &&
    !notOpened &&
    !data.hideRank &&
    shows('leaderboard') &&
    data.learners.some((learner) => learner.rank !== null);
  const side = (
    <Stack gap="xl">
      <PhasePanels view={data} shows={shows} />
      {shows('measures') ? <MeasureCharts view={data} /> : null}
    </Stack>
  );
  return (
    <PaletteContext.Provider value={colors}>
      <Box
        component="main"
        id={contentId}
        tabIndex={-1}
        mih="100dvh"
        bg={colors.page}
        p={{ base: 'md', md: 40 }}
        data-theme={data.layout.theme}
      >
        <SkipLink />
        <Stack gap="xl">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Text c={colors.dimmed} fz="sm" tt="uppercase" fw={600} style={{ letterSpacing: '0.08em' }}>
                {productName}
              </Text>
              <Title order={1} c={colors.text} fz={40} lineClamp={1}>
                {data.resimName}
              </Title>
            </Stack>
            <Group gap="md" wrap="nowrap">
              {view.isError ? (
                <Badge color="red" size="lg" variant="filled">
                  Reconnecting…
                </Badge>
              ) : null}
              {data.locked && data.phase === 'lobby' ? (
                <Badge color="gray" size="xl" variant="light" leftSection={<IconLock size={16} />}>
                  Lobby locked
                </Badge>
              ) : null}
              <Badge color={badge.color} size="xl" variant="filled" aria-label="Session status">
                {badge.label}
              </Badge>
              <Tooltip label="Full screen">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="xl"
                  aria-label="Full screen"
                  onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
                >
                  <IconMaximize size={24} color={`var(--mantine-color-${colors.dimmed.replace('.', '-')})`} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          {data.canControl ? (
            controlsShown ? (
              <SessionControls resimId={resimId} view={data} onHide={() => setControlsShown(false)} />
            ) : (
              // Hidden from the room; brought back by the button or the H key.
              <Group justify="flex-end" mt={-16}>
                <Tooltip label="Show the session controls (H)">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label="Show the session controls"
                    onClick={() => setControlsShown(true)}
                  >
                    <IconAdjustments size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )
          ) : null}
          {shows('messages') ? <LatestMessage view={data} /> : null}
          {shows('join') ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              {podium ? <Podium view={data} /> : <JoinPanel view={data} />}
              <Box>{side}</Box>
            </SimpleGrid>
          ) : (
            side
          )}
        </Stack>
      </Box>
    </PaletteContext.Provider>
  );
};
