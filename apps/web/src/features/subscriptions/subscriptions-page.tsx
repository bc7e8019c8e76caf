import { IconCreditCard } from '@tabler/icons-react';
import { UnavailablePage } from '../../ui/unavailable-page';

export const SubscriptionsPage = () => (
  <UnavailablePage
    title="Subscriptions"
    description="Paid plans (Engage, Assess, Embed) and how their learner slots are allocated across your spaces."
    icon={<IconCreditCard size={28} />}
    emptyTitle="Subscriptions are not available yet"
    emptyText="Plans cannot be bought or managed from the console in this version."
    features={['Your plans and their slot usage', 'Allocating slots to learners', 'Billing details and invoices']}
  />
);
