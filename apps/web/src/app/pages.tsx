import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PageState } from './app-machine';
import { loadChunk } from './chunk';

// One chunk per page, named after it, so a chunk that fails to load says which page it was.
const HomePage = lazy(() => loadChunk('home', () => import('../features/home/home-page')).then((m) => ({ default: m.HomePage })));
const ProfilePage = lazy(() =>
  loadChunk('profile', () => import('../features/profile/profile-page')).then((m) => ({ default: m.ProfilePage })),
);
const ResimEditorPage = lazy(() =>
  loadChunk('resim-editor', () => import('../features/resim-editor/resim-editor-page')).then((m) => ({ default: m.ResimEditorPage })),
);
const MonitoringPage = lazy(() =>
  loadChunk('monitoring', () => import('../features/monitoring/monitoring-page')).then((m) => ({ default: m.MonitoringPage })),
);
const ClientsPage = lazy(() =>
  loadChunk('clients', () => import('../features/clients/clients-page')).then((m) => ({ default: m.ClientsPage })),
);
const IntelPage = lazy(() => loadChunk('intel', () => import('../features/intel/intel-page')).then((m) => ({ default: m.IntelPage })));
const EmailTemplatesPage = lazy(() =>
  loadChunk('email-templates', () => import('../features/email-templates/email-templates-page')).then((m) => ({
    default: m.EmailTemplatesPage,
  })),
);
const SubscriptionsPage = lazy(() =>
  loadChunk('subscriptions', () => import('../features/subscriptions/subscriptions-page')).then((m) => ({
    default: m.SubscriptionsPage,
  })),
);
const SchedulePage = lazy(() =>
  loadChunk('schedule', () => import('../features/schedule/schedule-page')).then((m) => ({ default: m.SchedulePage })),
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
  }
};

/** The page of the current state, downloaded the first time it is shown. */
export const PageContent = ({ page }: { page: PageState }) => (
  <Suspense fallback={<PageFallback />}>
    <PageSwitch page={page} />
  </Suspense>
);
