import { Alert, Box, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLogin2, IconPlayerPlay } from '@tabler/icons-react';
import { playerPath } from '../../app/routes';
import { Brand } from '../../ui/brand';

/** NOT_AUTHENTICATED: who the console is for, why the user is signed out if we know, and the way in. */
export const WelcomePage = (props: { productName: string; reason: string | null; signingIn: boolean; onSignIn: () => void }) => (
  <Center component="main" mih="100vh" bg="gray.0" px="md">
    <Box w="100%" maw={420}>
      <Paper p={32} radius="md" shadow="xs">
        <Stack gap="lg">
          <Brand productName={props.productName} size="lg" />
          <Stack gap={6}>
            <Title order={1} fz={22}>
              Welcome
            </Title>
            <Text c="dimmed" fz="sm">
              Create training simulations, organise them into spaces, run sessions with your learners and review their scores.
            </Text>
          </Stack>
          {props.reason ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="You are not signed in">
              {props.reason}
            </Alert>
          ) : null}
          <Stack gap="sm">
            <Button size="md" fullWidth leftSection={<IconLogin2 size={18} />} loading={props.signingIn} onClick={props.onSignIn}>
              Sign in
            </Button>
            {/* A learner with a code from their presenter needs no account: the player is a page of its own. */}
            <Button component="a" href={playerPath} size="md" fullWidth variant="default" leftSection={<IconPlayerPlay size={18} />}>
              Join a session
            </Button>
            <Text c="dimmed" fz="xs" ta="center">
              Learners with a join code from their presenter join without signing in.
            </Text>
          </Stack>
        </Stack>
      </Paper>
      <Text ta="center" c="dimmed" fz="xs" mt="md">
        Simulation training console
      </Text>
    </Box>
  </Center>
);
