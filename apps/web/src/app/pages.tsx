import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import type { PageState } from './app-machine';
import { loadChunk } from './chunk';
import { lazyPage, type LazyPage } from './lazy-page';

// One chunk per page, named after it, so a chunk that fails to load says which page it was.
const pages = {
  HOME: lazyPage(() => loadChunk('home', () => import('../features/home/home-page')).then((m) => m.HomePage)),
  PROFILE: lazyPage(() => loadChunk('profile', () => import('../features/profile/profile-page')).then((m) => m.ProfilePage)),
  ASSESSMENT: lazyPage(() => loadChunk('assessment', () => import('../features/assessment/assessment-page')).then((m) => m.AssessmentPage)),
  EDIT_RESIM: lazyPage(() =>
    loadChunk('resim-editor', () => import('../features/resim-editor/resim-editor-page')).then((m) => m.ResimEditorPage),
  ),
  MONITORING: lazyPage(() => loadChunk('monitoring', () => import('../features/monitoring/monitoring-page')).then((m) => m.MonitoringPage)),
  CLIENTS: lazyPage(() => loadChunk('clients', () => import('../features/clients/clients-page')).then((m) => m.ClientsPage)),
  INTEL: lazyPage(() => loadChunk('intel', () => import('../features/intel/intel-page')).then((m) => m.IntelPage)),
  TEMPLATES: lazyPage(() =>
    loadChunk('email-templates', () => import('../features/email-templates/email-templates-page')).then((m) => m.EmailTemplatesPage),
  ),
  SUBSCRIPTIONS: lazyPage(() =>
    loadChunk('subscriptions', () => import('../features/subscriptions/subscriptions-page')).then((m) => m.SubscriptionsPage),
  ),
  SCHEDULE: lazyPage(() => loadChunk('schedule', () => import('../features/schedule/schedule-page')).then((m) => m.SchedulePage)),
  SPACE_SETTINGS: lazyPage(() =>
    loadChunk('space-settings', () => import('../features/space-settings/space-settings-page')).then((m) => m.SpaceSettingsPage),
  ),
  SPACE_SCOREBOARD: lazyPage(() =>
    loadChunk('space-scoreboard', () => import('../features/space-scoreboard/space-scoreboard-page')).then((m) => m.SpaceScoreboardPage),
  ),
} satisfies Record<PageState['name'], Pick<LazyPage<never>, 'preload'>>;

const HomePage = pages.HOME.Page;
const ProfilePage = pages.PROFILE.Page;
const AssessmentPage = pages.ASSESSMENT.Page;
const ResimEditorPage = pages.EDIT_RESIM.Page;
const MonitoringPage = pages.MONITORING.Page;
const ClientsPage = pages.CLIENTS.Page;
const IntelPage = pages.INTEL.Page;
const EmailTemplatesPage = pages.TEMPLATES.Page;
const SubscriptionsPage = pages.SUBSCRIPTIONS.Page;
const SchedulePage = pages.SCHEDULE.Page;
const SpaceSettingsPage = pages.SPACE_SETTINGS.Page;
const SpaceScoreboardPage = pages.SPACE_SCOREBOARD.Page;

/**
 * Starts downloading the chunk of a page before it is shown, e.g. of the page in the address while
 * the session is restored; settles when it is in (a failure shows when the page is).
 */
export const preloadPage = (page: PageState): Promise<void> =>
  pages[page.name].preload().then(
    () => undefined,
    () => undefined,
  );

const PageFallback = () => (
  <Center py={96} role="status" aria-label="Loading page">
    <Loader type="dots" />
  </Center>
);

const PageSwitch = ({ page }: { page: PageState }) => {
  switch (page.name) {
    case 'HOME':
      return <HomePage />;
    case 'PROFILE':
      return <ProfilePage />;
    case 'ASSESSMENT':
      return <AssessmentPage />;
    case 'EDIT_RESIM':
      return <ResimEditorPage resimId={page.resimId} />;
    case 'MONITORING':
      return <MonitoringPage />;
    case 'CLIENTS':
      return <ClientsPage />;
    case 'INTEL':
      return <IntelPage />;
    case 'TEMPLATES':
      return <EmailTemplatesPage />;
    case 'SUBSCRIPTIONS':
      return <SubscriptionsPage />;
    case 'SCHEDULE':
      return <SchedulePage />;
    case 'SPACE_SETTINGS':
      return <SpaceSettingsPage spaceId={page.spaceId} />;
    case 'SPACE_SCOREBOARD':
      return <SpaceScoreboardPage spaceId={page.spaceId} />;
  }
};

/** The page of the current state, downloaded the first time it is shown. */
export const PageContent = ({ page }: { page: PageState }) => (
  <Suspense fallback={<PageFallback />}>
    <PageSwitch page={page} />
  </Suspense>
);
