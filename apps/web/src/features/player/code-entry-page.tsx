import './later-styles';
import { Alert, Badge, Box, Button, Card, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconChevronRight, IconLogin2, IconLogout } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useLearnerApi } from '../../api/api-context';
import type { LearnerScenario } from '@resim/contracts';
import { scheduleNote, standingOf } from './learner-scenario-status';
import { PlayerFrame } from './player-frame';
import { ScenarioTags } from './scenario-tags';
import { usePlayerSession } from './player-session';
import { ScreenHeading } from '../../ui/screen-heading';
import { joinCodeProblem, normaliseJoinCode } from './join-code';
import { useLoaded } from './use-loaded';
import { Keepsakes } from './keepsakes';

/**
 * One of the learner's scenarios, leading to its join page; an ended run whose session shows how
 * it went offers its report (and certificate) beside it, so a run of an earlier opening stays theirs.
 */
const rowLink = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 'var(--mantine-spacing-sm)',
  color: 'inherit',
  textDecoration: 'none',
} as const;

const ScenarioRow = ({ scenario }: { scenario: LearnerScenario }) => {
  const note = scheduleNote(scenario);
  const phase = standingOf(scenario);
  return (
    <Card padding="md" radius="md" shadow="none">
      <Box component={Link} to={`/play/${encodeURIComponent(scenario.code)}`} style={rowLink}>
        <Stack gap={4} miw={0}>
          <Text fw={600} truncate>
            {scenario.resimName}
          </Text>
          <Group gap="xs">
            <Badge variant="light" color={phase.color} size="sm">
              {phase.label}
            </Badge>
            <ScenarioTags given={scenario.allocated && !scenario.gameId} code={scenario.code} />
            {note ? (
              <Text fz="xs" c="dimmed">
                {note}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <IconChevronRight size={18} aria-hidden />
      </Box>
      {scenario.reportReady && scenario.gameId ? (
        <Card.Section inheritPadding py="sm" withBorder mt="sm">
          <Keepsakes gameId={scenario.gameId} resimName={scenario.resimName} runToken={null} passed={scenario.certificateReady} among />
        </Card.Section>
      ) : null}
    </Card>
  );
};

/** A signed-in learner's scenarios (played or allocated), each leading to its join page. */
const MyScenarios = () => {
  const api = useLearnerApi();
  const mine = useLoaded((signal) => api.learn.mine(signal), []);
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-scenarios">
      <Title order={2} fz="lg" id="my-scenarios">
        Your simulations
      </Title>
      {mine.state === 'pending' ? (
        <Group gap="xs" role="status">
          <Loader size="xs" type="dots" />
          <Text fz="sm" c="dimmed">
            Loading your simulations...
          </Text>
        </Group>
      ) : mine.state === 'failed' ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Your simulations could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{mine.error.message}</Text>
            <Button size="xs" variant="light" onClick={mine.retry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : mine.data.length === 0 ? (
        <Text fz="sm" c="dimmed">
          None yet. The simulations you join, or are given, are listed here.
        </Text>
      ) : (
        mine.data.map((scenario) => <ScenarioRow key={`${scenario.resimId}-${scenario.code}`} scenario={scenario} />)
      )}
    </Stack>
  );
};

/** /play: a join code, typed like a game PIN, leads to its scenario. */
export const CodeEntryPage = () => {
  const session = usePlayerSession();
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [signInProblem, setSignInProblem] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = joinCodeProblem(code);
    setProblem(found);
    if (!found) navigate(`/play/${encodeURIComponent(normaliseJoinCode(code))}`);
  };

  const signIn = () => {
    setSigningIn(true);
    session.signIn('/play').catch((error: unknown) => {
      setSigningIn(false);
      setSignInProblem(error instanceof Error ? error.message : String(error));
    });
  };

  const signOut = () => {
    setSigningOut(true);
    session.signOut().catch((error: unknown) => {
      setSigningOut(false);
      setSignInProblem(error instanceof Error ? error.message : String(error));
    });
  };

  return (
    <PlayerFrame
      productName={session.productName}
      action={
        session.signedIn ? (
          <Button variant="subtle" size="xs" color="gray" leftSection={<IconLogout size={16} />} loading={signingOut} onClick={signOut}>
            Sign out
          </Button>
        ) : null
      }
    >
      <Stack gap="xl">
        <Paper p={{ base: 'lg', sm: 'xl' }} radius="md" shadow="xs">
          <form onSubmit={submit} noValidate>
            <Stack gap="lg">
              <Stack gap={4}>
                <ScreenHeading fz={26}>Join a simulation</ScreenHeading>
                <Text c="dimmed" fz="sm">
                  Enter the code your presenter or trainer gave you.
                </Text>
              </Stack>
              <TextInput
                label="Join code"
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setProblem(null);
                }}
                error={problem}
                size="xl"
                maxLength={16}
                autoComplete="off"
                autoCorrect="off"
                autoCapitalize="characters"
                spellCheck={false}
                enterKeyHint="go"
                styles={{
                  input: { textAlign: 'center', letterSpacing: '0.2em', fontWeight: 700, fontSize: 28, textTransform: 'uppercase' },
                }}
              />
              <Button type="submit" size="lg" fullWidth>
                Continue
              </Button>
            </Stack>
          </form>
        </Paper>
        {session.signedIn ? (
          <>
            <MyScenarios />
            {signInProblem ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {signInProblem}
              </Alert>
            ) : null}
          </>
        ) : (
          <Stack gap="xs" align="center">
            <Text fz="sm" c="dimmed" ta="center">
              Have an account? Sign in to see the simulations you were given.
            </Text>
            <Button variant="subtle" leftSection={<IconLogin2 size={16} />} loading={signingIn} onClick={signIn}>
              Sign in
            </Button>
            {signInProblem ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {signInProblem}
              </Alert>
            ) : null}
          </Stack>
        )}
      </Stack>
    </PlayerFrame>
  );
};
