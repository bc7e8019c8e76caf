import { IconMail } from '@tabler/icons-react';
import { UnavailablePage } from '../../ui/unavailable-page';

export const EmailTemplatesPage = () => (
  <UnavailablePage
    title="Email templates"
    description="The emails sent to learners: invitations, reminders and results, worded your way."
    icon={<IconMail size={28} />}
    emptyTitle="Email templates are not available yet"
    emptyText="Templates cannot be managed from the console in this version."
    features={['List, create, edit and delete templates', 'Send a test email to yourself', 'Use a template for invitations and reminders']}
  />
);
