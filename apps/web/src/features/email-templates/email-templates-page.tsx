import { Tabs } from '@mantine/core';
import { IconInbox, IconTemplate } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { OutboxPanel } from './outbox-panel';
import { TemplatesPanel } from './templates-panel';

/** SPEC 2: email template management (list, get, create, update, delete, send test), and the outbox the email waits in. */
export const EmailTemplatesPage = () => {
  // The tab is in the address, so the outbox can be linked to and survives a reload.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'outbox' ? 'outbox' : 'templates';
  return (
    <>
      <PageHeader
        title="Email templates"
        description="The emails sent to learners and colleagues: invitations, reminders and space hand-overs, worded your way. Every email waits in the outbox until it is sent."
      />
      <Tabs value={tab} onChange={(value) => setParams(value === 'outbox' ? { tab: 'outbox' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="templates" leftSection={<IconTemplate size={16} />}>
            Templates
          </Tabs.Tab>
          <Tabs.Tab value="outbox" leftSection={<IconInbox size={16} />}>
            Outbox
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="templates">
          <TemplatesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="outbox">
          <OutboxPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
};
