import { Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { pendingStatus, RunStatus, runReadingOf, runStatusName, schedulePhase, statusCommands, type StatusCommand } from '@resim/domain';
import { formatDateTime } from '../../ui/format';
import { IconCalendarEvent, IconPlayerPlay, IconPlayerStop, IconRefresh, IconTestPipe, IconDoorEnter, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { showSuccess } from '../../app/notify';
import { AccommodatedStopModal } from './accommodated-stop-modal';
import { accommodationRefusal, type Accommodated, type AccommodatedLearner } from './accommodations';
import { checkerRefusal } from './control-request';

export const statusColors: Record<number, string> = { 0: 'gray', 1: 'yellow', 2: 'green', 3: 'blue', 4: 'violet', 6: 'orange' };

const icons: Record<string, ReactNode> = {
  'Open Lobby': <IconDoorEnter size={14} />,
  'Start Simulation': <IconPlayerPlay size={14} />,
  'Activate Scenario': <IconPlayerPlay size={14} />,
  'Stop Simulation': <IconPlayerStop size={14} />,
  'Close Scenario': <IconPlayerStop size={14} />,
  'Test Mode': <IconTestPipe size={14} />,
  'End Test Mode': <IconX size={14} />,
  'Close Lobby': <IconX size={14} />,
  'Reset to Initialized': <IconRefresh size={14} />,
};

// Ending a session ends every learner's run, closing a lobby sends its learners away: asked first.
const ending = new Set(['Stop Simulation', 'Close Scenario', 'Close Lobby']);
// Opening lets learners in: asked first when the scenario would turn some of them away.
const opening = new Set(['Open Lobby', 'Activate Scenario']);

export type JoinAccess = {
  readonly allowAnonymous: boolean;
  readonly allowSignin: boolean;
  /** SPEC 3 scheduleStart and scheduleEnd: outside them learners are told the scenario is not open */
  readonly scheduleStart?: string | null;
  readonly scheduleEnd?: string | null;
};

/** Whether the scenario's schedule turns every learner away now: it opens later, or it has closed. */
export const outsideSchedule = (access: JoinAccess, now = new Date()): boolean => {
  const phase = schedulePhase({ scheduleStart: access.scheduleStart ?? null, scheduleEnd: access.scheduleEnd ?? null }, now);
  return (phase === 'before' && Boolean(access.scheduleStart)) || (phase === 'after' && Boolean(access.scheduleEnd));
};

/** The editor's tab that holds the schedule (Overview & schedule), as its address names it. */
const scheduleTab = '?tab=overview';

/** Who an opening of the scenario turns away, in the host's words; null when anyone with the code may join. */
export const turnedAway = (access: JoinAccess, now = new Date()): string | null => {
  const problems: string[] = [];
  if (!access.allowAnonymous && !access.allowSignin)
    problems.push('Every learner will be turned away: this scenario allows neither anonymous learners nor signed-in ones.');
  else if (!access.allowAnonymous)
    problems.push(
      'Learners without an account will be turned away: this scenario lets in only signed-in learners, not anonymous ones with a nickname.',
    );
  const window = { scheduleStart: access.scheduleStart ?? null, scheduleEnd: access.scheduleEnd ?? null };
  const phase = schedulePhase(window, now);
  if (phase === 'before' && window.scheduleStart)
    problems.push(
      `Its schedule opens on ${formatDateTime(window.scheduleStart)}: until then every learner who joins is told it is not open yet.`,
    );
  if (phase === 'after' && window.scheduleEnd)
    problems.push(`Its schedule closed on ${formatDateTime(window.scheduleEnd)}: every learner who joins is told it has closed.`);
  return problems.length === 0 ? null : problems.join(' ');
};

const endingWarning = 'Every learner’s run of this session ends now, and no one can join until the scenario is opened again.';

/** What each command asked first does, in the host's words. */
const warnings: Readonly<Record<string, string>> = {
  'Stop Simulation': endingWarning,
  'Close Scenario': endingWarning,
  'Close Lobby': 'Everyone waiting in the lobby is sent away. Opening the lobby again starts a new session, which they have to join again.',
  'Reset to Initialized':
    'The finished session’s results are kept. The scenario can be edited again, and opening it starts a new session that learners join afresh.',
};

const sparedMessage =
  'Every other run has ended. The learners with extra time play on, and the session stays running until you stop it again.';

/** A Stop asked about because learners with extra time are still playing: who, and the server's words if it refused. */
type AccommodatedAsk = {
  readonly command: StatusCommand;
  readonly learners: readonly AccommodatedLearner[];
  readonly message: string | null;
};

/**
 * SPEC 4 run status of the scenario, in the reading of its mode, with the commands it allows.
 * While a change is applied the scenario shows status 6 (Updating). Ending a running session while
 * learners with extra time are still within it asks first what to do with their runs, whether the
 * scoreboard showed them or the server refused the Stop for them.
 */
export const RunStatusControl = (props: {
  status: number;
  mode: number;
  /** why the commands are unavailable now, if they are */
  blocked: string | null;
  /** who may join, so that opening a lobby that turns learners away is asked first */
  access: JoinAccess;
  /** `accommodated`: what a Stop does with the runs still within their extra time */
  onChange: (status: number, accommodated?: Accommodated) => Promise<void>;
  /** the learners with extra time whose runs have not ended, read when the host ends the session */
  accommodatedStillPlaying?: () => Promise<readonly AccommodatedLearner[]>;
  /** where an opening refused for the scenario checker's errors leads: the editor's Checker */
  onCheckerRefusal?: () => void;
}) => {
  const [pending, setPending] = useState(false);
  // `schedule`: the warning is about the schedule, so the dialog offers the way to change it.
  const [confirming, setConfirmingState] = useState<{ command: StatusCommand; warning: string; schedule: boolean } | null>(null);
  // Closing keeps what the dialog asked while it fades out, so that it never shows an empty button.
  const [asking, setAsking] = useState(false);
  const setConfirming = (asked: typeof confirming) => {
    if (asked) setConfirmingState(asked);
    setAsking(asked !== null);
  };
  // As the dialog above: what it asked is kept while it fades out.
  const [accommodatedAsk, setAccommodatedAskState] = useState<AccommodatedAsk | null>(null);
  const [askingAccommodated, setAskingAccommodated] = useState(false);
  const setAccommodatedAsk = (asked: AccommodatedAsk | null) => {
    if (asked) setAccommodatedAskState(asked);
    setAskingAccommodated(asked !== null);
  };
  const [checking, setChecking] = useState(false);
  const reading = runReadingOf(props.mode);
  const status = pending ? pendingStatus : props.status;
  const run = (command: StatusCommand, accommodated?: Accommodated) => {
    setConfirming(null);
    setAccommodatedAsk(null);
    setPending(true);
    // A refused change is reported by the API client; the status shown stays the saved one. A Stop
    // refused for the learners with extra time asks what to do with their runs.
    (accommodated ? props.onChange(command.next, accommodated) : props.onChange(command.next))
      .then(() => {
        if (accommodated === 'spare') showSuccess(sparedMessage);
      })
      .catch((error: unknown) => {
        // Refused for the checker's errors: the checker lists them with links to each item.
        if (checkerRefusal(error)) return props.onCheckerRefusal?.();
        const refusal = accommodated ? null : accommodationRefusal(error);
        if (refusal) setAccommodatedAsk({ command, learners: refusal.learners, message: refusal.message });
      })
      .finally(() => setPending(false));
  };
  const askOrRun = (command: StatusCommand) => {
    const opens = opening.has(command.label);
    const warning = warnings[command.label] ?? (opens ? turnedAway(props.access) : null);
    if (warning) setConfirming({ command, warning, schedule: opens && outsideSchedule(props.access) });
    else run(command);
  };
  const stillPlaying = props.accommodatedStillPlaying;
  const choose = (command: StatusCommand) => {
    if (!stillPlaying || reading !== 'live' || command.next !== RunStatus.Finished || props.status !== RunStatus.Running)
      return askOrRun(command);
    setChecking(true);
    void stillPlaying()
      .catch(() => [])
      .then((learners) => (learners.length > 0 ? setAccommodatedAsk({ command, learners, message: null }) : askOrRun(command)))
      .finally(() => setChecking(false));
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="light" color={statusColors[status] ?? 'gray'} radius="sm" size="sm" aria-label="Run status" style={{ flex: 'none' }}>
        {runStatusName(status, reading)}
      </Badge>
      {statusCommands(status, reading).map((command) => (
        <Tooltip key={command.label} label={props.blocked} disabled={props.blocked === null}>
          <Button
            size="compact-xs"
            variant={command.next === 0 || command.label === 'Test Mode' ? 'subtle' : 'light'}
            color={ending.has(command.label) ? 'red' : undefined}
            leftSection={icons[command.label]}
            disabled={props.blocked !== null}
            loading={checking && command.next === RunStatus.Finished}
            onClick={() => choose(command)}
          >
            {command.label}
          </Button>
        </Tooltip>
      ))}
      <Modal opened={asking} onClose={() => setConfirming(null)} title={<Text fw={600}>{confirming?.command.label}?</Text>}>
        <Stack gap="lg">
          <Text fz="sm">{confirming?.warning}</Text>
          {confirming && opening.has(confirming.command.label) ? (
            <Text fz="sm" c="dimmed">
              Change who may join under Access and when under Overview &amp; schedule, or open it as it is.
            </Text>
          ) : null}
          {confirming?.schedule ? (
            // A link to the tab, closing the dialog on the way: the lobby stays as it was.
            <Button
              component={Link}
              to={scheduleTab}
              replace
              variant="light"
              size="xs"
              leftSection={<IconCalendarEvent size={14} />}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => setConfirming(null)}
            >
              Change the schedule
            </Button>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
              Cancel
            </Button>
            <Button
              // Yellow takes dark text (the theme's auto contrast); white on orange read at 3.6:1.
              color={
                confirming && opening.has(confirming.command.label)
                  ? 'yellow'
                  : confirming && ending.has(confirming.command.label)
                    ? 'red'
                    : 'blue'
              }
              onClick={() => confirming && run(confirming.command)}
            >
              {confirming && opening.has(confirming.command.label) ? `${confirming.command.label} anyway` : confirming?.command.label}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <AccommodatedStopModal
        opened={askingAccommodated}
        learners={accommodatedAsk?.learners ?? []}
        message={accommodatedAsk?.message ?? null}
        onChoose={(accommodated) => accommodatedAsk && run(accommodatedAsk.command, accommodated)}
        onClose={() => setAccommodatedAsk(null)}
      />
    </Group>
  );
};
