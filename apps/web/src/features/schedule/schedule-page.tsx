import { IconCalendarEvent } from '@tabler/icons-react';
import { UnavailablePage } from '../../ui/unavailable-page';

export const SchedulePage = () => (
  <UnavailablePage
    title="Schedule"
    description="When each scenario opens and closes, so learners find it available at the right time."
    icon={<IconCalendarEvent size={28} />}
    emptyTitle="The schedule is not available yet"
    emptyText="Scenarios cannot be scheduled in this version; nothing is planned on this page."
    features={['Opening and closing dates of scenarios', 'A calendar of upcoming sessions', 'Reminders before a scenario opens']}
  />
);
