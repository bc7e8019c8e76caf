import type { WebConfig } from '@resim/contracts';
import { loadingMessage } from '@resim/domain';
import { Button, Paper, Stack, Text, Title, Box } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Route, Routes, useParams, useSearchParams } from 'react-router';
import { useFaceBoot } from '../../app/face-boot';
import { LoadingScreen } from '../../app/loading-screen';
import type { AuthSession } from '../../auth/auth-session';
import { PageProblem } from '../../ui/page-problem';
import { PresenterDisplay } from './presenter-display';

const SignInFirst = ({ productName, onSignIn }: { productName: string; onSignIn: () => void }) => {
  const [signingIn, setSigningIn] = useState(false);
  return (
    <Box component="main" mih="100dvh" bg="dark.8" px="md" py={96}>
      <Paper p="xl" radius="md" maw={460} mx="auto">
        <Stack gap="md" align="flex-start">
          <Title order={1} fz="xl">
            Presenter display
          </Title>
          <Text c="dimmed" fz="sm">
            Sign in to {productName} as an author of this scenario to show its session here.
          </Text>
          <Button
            leftSection={<IconLogin2 size={16} />}
            loading={signingIn}
            onClick={() => {
              setSigningIn(true);
              onSignIn();
            }}
          >
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
};

const DisplayRoute = ({ productName }: { productName: string }) => {
  const { resimId = '' } = useParams();
  // ?view= names a saved presenter view; without it the scenario's default view is shown.
  const [search] = useSearchParams();
  return <PresenterDisplay resimId={resimId} productName={productName} viewId={search.get('view') || null} />;
};

/**
 * The presenter display (/presenter/{resimId}?view={presenterViewId}): a screen projected in the room during a live
 * session, a chunk of its own. It needs the console's sign-in, restored here as the player does.
 */
export const PresenterFace = ({ auth, config }: { auth: AuthSession; config: Promise<WebConfig> }) => {
  const { productName, boot } = useFaceBoot(auth, config);

  if (boot.state === 'loading') return <LoadingScreen message={loadingMessage(productName)} />;
  if (boot.state === 'failed') return <PageProblem title={`${productName} could not start`} message={boot.message} />;
  if (!boot.signedIn) return <SignInFirst productName={productName} onSignIn={() => void auth.beginSignIn(window.location.pathname)} />;
  return (
    <Routes>
      <Route path=":resimId" element={<DisplayRoute productName={productName} />} />
      <Route
        path="*"
        element={<PageProblem title="Nothing to show here" message="Open the presenter display from a scenario's session bar." />}
      />
    </Routes>
  );
};
