import { IconUsers } from '@tabler/icons-react';
import { UnavailablePage } from '../../ui/unavailable-page';

export const ClientsPage = () => (
  <UnavailablePage
    title="Clients"
    description="The learners connected to your scenarios: who they are, which sessions they joined and when they were last seen."
    icon={<IconUsers size={28} />}
    emptyTitle="Clients are not available yet"
    emptyText="No learner connections are listed in this version. This page will list them once learners can join sessions."
    features={['Every learner connected to a scenario', 'The sessions each learner joined', 'Filtering by scenario']}
  />
);
