import { Alert, Button, Center, Divider, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { JoinInfo, JoinResult } from '@resim/contracts';
import { nicknameProblem, normaliseNickname, RunStatus } from '@resim/domain';
import { IconAlertCircle, IconCalendarTime, IconDeviceMobile, IconLogin2, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLoaded } from './use-loaded';
import { Link, useParams, useSearchParams } from 'wouter';
import { useLearnerApi } from '../../api/api-context';
import { isApiError } from '../../api/api-error';
import { formatDateTime } from '../../ui/format';
import { normaliseJoinCode } from './join-code';
import type { JoinedRun } from './game-screen';
import { GameScreen, loadRunScreens } from './run-screens';
import { PlayerFrame } from './player-frame';
import { usePlayerSession } from './player-session';
import { runStorage, type StoredRun } from './run-storage';
import { ScreenHeading } from '../../ui/screen-heading';

/** How often a learner facing a locked lobby asks whether it has opened. */
const lockedRecheckMs = 5000;

/** After sign-in the learner comes back here with this, and joins at once. */
const joinAfterSignIn = 'join';

/** A refusal about the request itself (unknown run, wrong token): start again; anything else may pass. */
const isRefusal = (error: unknown): boolean => isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const Waiting = ({ label }: { label: string }) => (
  <Center py={64}>
    <Stack align="center" gap="sm" role="status">
      <Loader type="dots" />
      <Text c="dimmed" fz="sm">
        {label}
      </Text>
    </Stack>
  </Center>
);

/** An author, signed in, playing their scenario in Test Mode: they join with their account whatever its access settings. */
const isAuthorTest = (info: JoinInfo): boolean => info.resimStatus === RunStatus.TestMode && info.phase === 'open';

/** Why this scenario cannot be joined here, when it cannot; null when it can. */
const blockedNotice = (info: JoinInfo) => {
  if (info.phase === 'closed')
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="This simulation is closed">
        It cannot be joined now. Ask your presenter or trainer when it opens again.
      </Alert>
    );
  if (info.locked)
    return (
      <Alert color="orange" variant="light" icon={<IconLock size={18} />} title="The lobby is locked" role="status">
        Your presenter has closed this session to new learners. Ask them to let you in: this page lets you join as soon as they do.
      </Alert>
    );
  // Authors test at any time; the schedule holds for learners.
  if (isAuthorTest(info)) return null;
  if (info.schedule.phase === 'before' && info.schedule.opens)
    return (
      <Alert color="blue" variant="light" icon={<IconCalendarTime size={18} />} title="This simulation is not open yet">
        It opens on {formatDateTime(info.schedule.opens)}. Come back then to join.
      </Alert>
    );
  if (info.schedule.phase === 'after' && info.schedule.closes)
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="This simulation has closed">
        It closed on {formatDateTime(info.schedule.closes)}.
      </Alert>
    );
  if (!info.settings.allowBrowser)
    return (
      <Alert color="blue" variant="light" icon={<IconDeviceMobile size={18} />} title="This simulation is meant for the app">
        Its author set it to be played in the app rather than in a web browser
        {info.settings.allowApp ? ': open it in the app with the same join code.' : '.'}
      </Alert>
    );
  if (!info.allowAnonymous && !info.allowSignin)
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="This simulation cannot be joined yet">
        Its author has not allowed learners to join it. Ask your presenter or trainer.
      </Alert>
    );
  return null;
};

const JoinCard = ({
  info,
  busy,
  problem,
  onJoin,
}: {
  info: JoinInfo;
  busy: boolean;
  problem: string | null;
  onJoin: (nickname: string | null) => void;
}) => {
  const session = usePlayerSession();
  const [nickname, setNickname] = useState('');
  const [nicknameError, setNicknameError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [signInProblem, setSignInProblem] = useState<string | null>(null);
  const blocked = blockedNotice(info);
  const asAccount = (info.allowSignin || isAuthorTest(info)) && session.signedIn;
  const asGuest = info.allowAnonymous && !asAccount;

  // Whoever starts to join is about to play: the run's screens download while they type.
  const prefetch = () => void loadRunScreens().catch(() => undefined);

  const submitNickname = (event: FormEvent) => {
    event.preventDefault();
    const written = normaliseNickname(nickname);
    const found = nicknameProblem(written);
    setNicknameError(found);
    if (!found) onJoin(written);
  };

  const signIn = () => {
    setSigningIn(true);
    setSignInProblem(null);
    session.signIn(`/play/${encodeURIComponent(info.code)}?${joinAfterSignIn}=1`).catch((error: unknown) => {
      setSigningIn(false);
      setSignInProblem(errorText(error));
    });
  };

  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} radius="md" shadow="xs">
      <Stack gap="lg">
        <Stack gap={6}>
          <ScreenHeading fz={26}>{info.resimName}</ScreenHeading>
          {info.description ? (
            <Text c="dimmed" fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {info.description}
            </Text>
          ) : null}
        </Stack>
        {blocked ?? (
          <>
            {info.phase === 'lobby' ? (
              <Text fz="sm">The session has not started yet: join now, and it starts for everyone at once.</Text>
            ) : null}
            {info.schedule.closes ? (
              <Text fz="sm" c="dimmed">
                Open until {formatDateTime(info.schedule.closes)}.
              </Text>
            ) : null}
            {problem ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="You could not join" role="alert">
                {problem}
              </Alert>
            ) : null}
            {asAccount ? (
              <Stack gap="xs">
                <Button size="lg" fullWidth loading={busy} onPointerDown={prefetch} onFocus={prefetch} onClick={() => onJoin(null)}>
                  Join
                </Button>
                <Text fz="xs" c="dimmed" ta="center">
                  You are signed in: your run is kept with your account.
                </Text>
              </Stack>
            ) : null}
            {asGuest ? (
              <form onSubmit={submitNickname} noValidate>
                <Stack gap="md">
                  <TextInput
                    label="Nickname"
                    description="How the presenter and the scoreboard will know you"
                    value={nickname}
                    onFocus={prefetch}
                    onChange={(event) => {
                      prefetch();
                      setNickname(event.currentTarget.value);
                      setNicknameError(null);
                    }}
                    error={nicknameError}
                    size="md"
                    maxLength={40}
                    autoComplete="nickname"
                    enterKeyHint="go"
                  />
                  <Button type="submit" size="lg" fullWidth loading={busy} onPointerDown={prefetch}>
                    Join
                  </Button>
                </Stack>
              </form>
            ) : null}
            {info.allowSignin && !session.signedIn ? (
              <>
                {asGuest ? <Divider label="or" labelPosition="center" /> : null}
                <Button
                  size={asGuest ? 'md' : 'lg'}
                  variant={asGuest ? 'default' : 'filled'}
                  fullWidth
                  leftSection={<IconLogin2 size={18} />}
                  loading={signingIn}
                  onClick={signIn}
                >
                  Sign in to join
                </Button>
                {signInProblem ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                    {signInProblem}
                  </Alert>
                ) : null}
              </>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
};

/** What a join code leads to: its scenario and the way in, or the problem with the code. */
const JoinInfoView = ({
  code,
  joining,
  problem,
  onJoin,
}: {
  code: string;
  joining: boolean;
  problem: string | null;
  onJoin: (nickname: string | null) => void;
}) => {
  const api = useLearnerApi();
  const session = usePlayerSession();
  // A locked lobby may open again at any moment: asked again until it does.
  const info = useLoaded((signal) => api.learn.joinInfo(code, session.signedIn, signal), [code, session.signedIn], {
    refreshMs: (found) => (found.locked ? lockedRecheckMs : null),
  });
  if (info.state === 'pending') return <Waiting label="Looking up the join code..." />;
  if (info.state === 'failed') {
    const unknown = isApiError(info.error) && info.error.status === 404;
    return (
      <Paper p="xl" radius="md" shadow="xs">
        <Stack gap="md" align="flex-start">
          <ScreenHeading fz="xl">{unknown ? `No simulation has the code ${code}` : 'The simulation could not be loaded'}</ScreenHeading>
          <Alert color={unknown ? 'yellow' : 'red'} variant="light" icon={<IconAlertCircle size={18} />} w="100%" role="alert">
            {info.error.message}
          </Alert>
          <Group gap="sm">
            {unknown ? null : <Button onClick={info.retry}>Try again</Button>}
            <Button component={Link} to="/play" variant={unknown ? 'filled' : 'default'}>
              Enter another code
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  return <JoinCard info={info.data} busy={joining} problem={problem} onJoin={onJoin} />;
};

type Resume = { readonly state: 'checking' } | { readonly state: 'none' } | { readonly state: 'failed'; readonly message: string };

/**
 * /play/{code}: rejoins as the learner this browser joined as (kept in localStorage, so a reload
 * or a dropped network resumes the run), or joins: anonymously under a nickname, or signed in.
 * Once in, the run itself takes the page.
 */
const JoinRun = ({ code }: { code: string }) => {
  const [search, setSearch] = useSearchParams();
  const api = useLearnerApi();
  const session = usePlayerSession();
  const [run, setRun] = useState<JoinedRun | null>(null);
  const [resume, setResume] = useState<Resume>(() => (runStorage.load(code) ? { state: 'checking' } : { state: 'none' }));
  const autoJoined = useRef(false);

  const keep = (result: JoinResult, nickname: string) => {
    const joined = { gameId: result.gameId, runToken: result.runToken, nickname };
    runStorage.save(code, joined);
    setRun({ ...joined, snapshot: result.snapshot });
  };

  const forget = () => {
    runStorage.forget(code);
    setResume({ state: 'none' });
  };

  /**
   * Joins again as the learner this browser joined as: the server resumes the run when it is in
   * the scenario's current opening, or starts one in a new opening (yesterday's session reopened).
   * A scenario that cannot be joined now (closed) still shows the run as it ended.
   */
  const resumeRun = async (stored: StoredRun) => {
    setResume({ state: 'checking' });
    void loadRunScreens().catch(() => undefined);
    try {
      if (stored.runToken !== null)
        keep(await api.learn.join(code, { nickname: stored.nickname }, false, stored.runToken), stored.nickname);
      else if (session.signedIn) keep(await api.learn.join(code, {}, true), stored.nickname);
      else forget();
    } catch (error) {
      if (!isRefusal(error)) setResume({ state: 'failed', message: errorText(error) });
      else if (isApiError(error) && error.status === 409) {
        const snapshot = await api.learn.game(stored.gameId, stored.runToken).catch(() => null);
        if (snapshot) setRun({ ...stored, snapshot });
        else forget();
      } else forget();
    }
  };

  const retry = () => {
    const stored = runStorage.load(code);
    if (stored) void resumeRun(stored);
    else setResume({ state: 'none' });
  };

  // The stored run is looked up once, when the page opens (a new code opens a new page).
  const looked = useRef(false);
  useEffect(() => {
    if (looked.current) return;
    looked.current = true;
    retry();
  }, []);

  const [joining, setJoining] = useState(false);
  const [joinProblem, setJoinProblem] = useState<string | null>(null);
  const join = (nickname: string | null) => {
    void loadRunScreens().catch(() => undefined);
    setJoining(true);
    setJoinProblem(null);
    api.learn
      .join(code, nickname === null ? {} : { nickname }, nickname === null)
      .then(
        (result) => keep(result, result.snapshot.nickname),
        (error: unknown) => setJoinProblem(errorText(error)),
      )
      .finally(() => setJoining(false));
  };

  // Back from signing in to join: join straight away, once, and tidy the address.
  useEffect(() => {
    if (autoJoined.current || search.get(joinAfterSignIn) === null || resume.state !== 'none' || run) return;
    autoJoined.current = true;
    setSearch({}, { replace: true });
    if (session.signedIn) join(null);
  }, [join, resume.state, run, search, session.signedIn, setSearch]);

  if (run) return <GameScreen run={run} />;

  return (
    <PlayerFrame productName={session.productName}>
      {resume.state === 'checking' ? (
        <Waiting label="Rejoining your simulation..." />
      ) : resume.state === 'failed' ? (
        <Paper p="xl" radius="md" shadow="xs">
          <Stack gap="md" align="flex-start">
            <ScreenHeading fz="xl">Your simulation could not be reached</ScreenHeading>
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} w="100%" role="alert">
              {resume.message}
            </Alert>
            <Button onClick={retry}>Try again</Button>
          </Stack>
        </Paper>
      ) : (
        <JoinInfoView code={code} joining={joining} problem={joinProblem} onJoin={join} />
      )}
    </PlayerFrame>
  );
};

export const JoinPage = () => {
  const code = normaliseJoinCode(useParams().code ?? '');
  return <JoinRun key={code} code={code} />;
};
