import { IconActivityHeartbeat } from '@tabler/icons-react';
import { UnavailablePage } from '../../ui/unavailable-page';

export const MonitoringPage = () => (
  <UnavailablePage
    title="Monitoring"
    description="Follow assessments while they run: which scenarios are open, who is taking part and how far each learner has got."
    icon={<IconActivityHeartbeat size={28} />}
    emptyTitle="Monitoring is not available yet"
    emptyText="Nothing is tracked on this page in this version. Once it is, live sessions will show here as they happen."
    features={['Open and running scenarios at a glance', 'Learners taking part in each session', 'Progress and scores as they come in']}
  />
);
