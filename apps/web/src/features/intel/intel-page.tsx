import { IconChartBar } from '@tabler/icons-react';
import { UnavailablePage } from '../../ui/unavailable-page';

export const IntelPage = () => (
  <UnavailablePage
    title="Intel"
    description="Insight across your scenarios: how learners score, which tests they run and where they go wrong."
    icon={<IconChartBar size={28} />}
    emptyTitle="Intel is not available yet"
    emptyText="No results are analysed in this version. Once sessions are run and scored, their figures will be gathered here."
    features={['Scores across scenarios and spaces', 'Tests and diagnoses learners choose most', 'Trends over time']}
  />
);
