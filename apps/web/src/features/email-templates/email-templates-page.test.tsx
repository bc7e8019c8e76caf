import type { EmailTemplate, OutboxMessage, TemplateMetadata } from '@resim/contracts';
import { builtInTemplates, variablesOfTemplate } from '@resim/domain/email';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { EmailTemplatesPage } from './email-templates-page';

const templateOf = (name: string, overrides: Partial<EmailTemplate> = {}): EmailTemplate => {
  const builtIn = builtInTemplates.find((template) => template.name === name);
  return {
    templateName: name,
    TemplateName: name,
    Type: 'EXISTING',
    subject: builtIn?.subject ?? 'Welcome {{recipientEmail}}',
    content: builtIn?.content ?? '<p>Hello {{spaceName}}</p>',
    text: null,
    builtIn: builtIn !== undefined,
    customised: false,
    purpose: builtIn?.purpose ?? null,
    updated: null,
    variables: [...variablesOfTemplate(name)],
    unknownPlaceholders: [],
    removed: [],
    ...overrides,
  };
};

const metadataOf = ({
  content: _c,
  text: _t,
  variables: _v,
  unknownPlaceholders: _u,
  removed: _r,
  ...metadata
}: EmailTemplate): TemplateMetadata => metadata;

const messageOf = (id: string, overrides: Partial<OutboxMessage>): OutboxMessage => ({
  id,
  to: `${id}@example.test`,
  subject: `Subject ${id}`,
  status: 'sent',
  attempts: 1,
  lastError: null,
  created: '2025-05-01T10:00:00.000Z',
  sentAt: '2025-05-01T10:00:01.000Z',
  nextAttemptAt: null,
  templateName: 'space-invitation',
  spaceId: null,
  sender: 'me@example.test',
  text: 'Plain body',
  html: '<p>Hello <b>there</b></p>',
  attachments: [],
  ...overrides,
});

const fakeApi = (templates: EmailTemplate[], messages: OutboxMessage[] = []) => {
  const byName = new Map(templates.map((template) => [template.templateName, template]));
  const api = {
    user: { auth: async () => ({ email: 'me@example.test', name: 'Me', groups: [], isDeveloper: false }) },
    emailTemplates: {
      list: vi.fn(async () => [...byName.values()].map(metadataOf)),
      get: vi.fn(async (name: string) => byName.get(name)!),
      create: vi.fn(async (body: { templateName?: string; subject: string; content: string; text?: string | null }) => {
        const created = templateOf(body.templateName!, { subject: body.subject, content: body.content, text: body.text ?? null });
        byName.set(created.templateName, created);
        return created;
      }),
      save: vi.fn(async (name: string, body: { subject: string; content: string; text?: string | null }) => {
        const saved = { ...byName.get(name)!, subject: body.subject, content: body.content, customised: byName.get(name)!.builtIn };
        byName.set(name, saved);
        return saved;
      }),
      remove: vi.fn(async (name: string) => {
        const template = byName.get(name)!;
        if (template.builtIn) byName.set(name, templateOf(name));
        else byName.delete(name);
        return { ok: true as const };
      }),
      sendTest: vi.fn(async () => ({ id: 'e1', status: 'queued' as const })),
    },
    outbox: {
      list: vi.fn(async () => ({ messages, nextCursor: null })),
      retry: vi.fn(async (id: string) => ({ ...messages.find((m) => m.id === id)!, status: 'queued' as const })),
    },
  };
  return { api, client: api as unknown as ApiClient };
};

const builtIns = () => builtInTemplates.map((template) => templateOf(template.name));

describe('Email templates', () => {
  it('lists the templates, marking built-in and customised ones, and opens the first', async () => {
    const { client } = fakeApi([
      templateOf('learner-invitation', { customised: true }),
      templateOf('space-owner'),
      templateOf('course-welcome'),
    ]);
    renderWithProviders(<EmailTemplatesPage />, { api: client });
    const list = await screen.findByRole('navigation', { name: 'Email templates' });
    const items = within(list).getAllByRole('button').slice(1);
    expect(items.map((item) => item.textContent)).toEqual([
      'learner-invitationBuilt-inCustomised',
      'space-ownerBuilt-in',
      'course-welcomeCustom',
    ]);
    expect(await screen.findByRole('heading', { name: 'learner-invitation' })).toBeTruthy();
  });

  it('previews as the user types, in a sandboxed frame, warning of unknown placeholders and refusing what does not compile', async () => {
    const { client } = fakeApi(builtIns());
    renderWithProviders(<EmailTemplatesPage />, { api: client });
    const subject = await screen.findByLabelText(/^Subject/);
    fireEvent.change(subject, { target: { value: 'Join {{spaceName}} {{nickname}}' } });
    await waitFor(() => expect(screen.getByTestId('preview-subject').textContent).toBe('Join Cardiology 2025'));
    expect(screen.getByTestId('unknown-placeholders').textContent).toContain('{{nickname}}');

    const frame = screen.getByTitle('Preview of the HTML part');
    expect(frame.getAttribute('sandbox')).toBe('');
    fireEvent.change(screen.getByLabelText(/^HTML content/), { target: { value: '<p>{{spaceName}}</p><script>alert(1)</script>' } });
    fireEvent.change(screen.getByLabelText(/^Sample data/), { target: { value: '{"spaceName": "R&D <lab>"}' } });
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toBe('<p>R&amp;D &lt;lab&gt;</p><script>alert(1)</script>'));
    expect(screen.getByTestId('preview-text').textContent).toBe('R&D <lab>');

    fireEvent.change(screen.getByLabelText(/^HTML content/), { target: { value: '<p>{{#if spaceName}}</p>' } });
    expect(await screen.findByText(/^content does not compile at line 1: /)).toBeTruthy();
    expect(screen.getByText('The preview shows once the template compiles.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('saves the user’s version of a built-in template, and resets it to the default after asking', async () => {
    const { api, client } = fakeApi(builtIns());
    renderWithProviders(<EmailTemplatesPage />, { api: client });
    fireEvent.change(await screen.findByLabelText(/^Subject/), { target: { value: 'Come to {{spaceName}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.emailTemplates.save).toHaveBeenCalledWith('learner-invitation', {
        subject: 'Come to {{spaceName}}',
        content: builtInTemplates[0]!.content,
        text: null,
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reset to default' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(api.emailTemplates.remove).toHaveBeenCalledWith('learner-invitation'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^Subject/).value).toBe(builtInTemplates[0]!.subject));
  });

  it('says what saving took out of the HTML as unsafe in an email, and shows the HTML as saved', async () => {
    const { api, client } = fakeApi(builtIns());
    api.emailTemplates.save.mockImplementationOnce(async (name: string, body: { subject: string; content: string }) => ({
      ...templateOf(name, { subject: body.subject, customised: true }),
      content: '<p>Hello</p>',
      removed: ['<script>', 'onclick on <p>'],
    }));
    renderWithProviders(<EmailTemplatesPage />, { api: client });
    fireEvent.change(await screen.findByLabelText(/^HTML content/), {
      target: { value: '<p onclick="steal()">Hello<script>alert(1)</script></p>' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Taken out when saved')).toBeTruthy();
    expect(screen.getByText(/saving removed them: <script>, onclick on <p>/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^HTML content/).value).toBe('<p>Hello</p>');
  });

  it('creates a template of the user’s own, and deletes it after asking', async () => {
    const { api, client } = fakeApi(builtIns());
    renderWithProviders(<EmailTemplatesPage />, { api: client });
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'course-welcome' } });
    fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'Welcome' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() =>
      expect(api.emailTemplates.create).toHaveBeenCalledWith({
        templateName: 'course-welcome',
        subject: 'Welcome',
        content: '<p>Hello,</p>\n<p></p>',
        text: null,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'course-welcome' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    await waitFor(() => expect(api.emailTemplates.remove).toHaveBeenCalledWith('course-welcome'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'course-welcome' })).toBeNull());
  });

  it('sends a test to the signed-in user by default, with the sample data', async () => {
    const { api, client } = fakeApi(builtIns());
    renderWithProviders(<EmailTemplatesPage />, { api: client });
    await screen.findByRole('heading', { name: 'learner-invitation' });
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>(/^To/).value).toBe('me@example.test'));
    fireEvent.change(within(dialog).getByLabelText(/^Data/), { target: { value: '{"spaceName": "Lab"}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await waitFor(() =>
      expect(api.emailTemplates.sendTest).toHaveBeenCalledWith('learner-invitation', { to: 'me@example.test', data: { spaceName: 'Lab' } }),
    );
  });

  it('shows the outbox with each message’s status and error, retries a failed one and reads one in a sandboxed frame', async () => {
    const { api, client } = fakeApi(builtIns(), [
      messageOf('failed', { status: 'failed', attempts: 8, lastError: 'connect ECONNREFUSED 127.0.0.1:25', sentAt: null }),
      messageOf('queued', { status: 'queued', attempts: 0, sentAt: null }),
      messageOf('sent', {
        templateName: 'run-report',
        attachments: [{ filename: 'Chest-pain-Sam-g1.pdf', contentType: 'application/pdf', size: 48_300 }],
      }),
      messageOf('kept', { status: 'kept' }),
    ]);
    renderWithProviders(<EmailTemplatesPage />, { api: client, path: '/email-templates?tab=outbox' });
    const rows = await screen.findAllByTestId('outbox-row');
    // Without SMTP a message is kept, and said to be not sent, never "sent".
    expect(rows.map((row) => within(row).getByTestId('outbox-status').textContent)).toEqual([
      'failed',
      'queued',
      'sent',
      'not sent (no SMTP configured)',
    ]);
    expect(rows[0]!.textContent).toContain('connect ECONNREFUSED 127.0.0.1:25');
    expect(within(rows[2]!).getByLabelText('Attached to the email to sent@example.test').textContent).toBe('Chest-pain-Sam-g1.pdf (47 KB)');
    expect(within(rows[1]!).queryByLabelText(/^Attached to/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retry the email to failed@example.test' }));
    await waitFor(() => expect(api.outbox.retry).toHaveBeenCalledWith('failed'));
    expect(screen.queryByRole('button', { name: 'Retry the email to sent@example.test' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Read the email to sent@example.test' }));
    const frame = await screen.findByTitle('Email to sent@example.test');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hello <b>there</b></p>');
  });

  it('says so when the outbox is empty', async () => {
    const { client } = fakeApi(builtIns());
    renderWithProviders(<EmailTemplatesPage />, { api: client, path: '/email-templates?tab=outbox' });
    expect(await screen.findByText('No email yet')).toBeTruthy();
  });
});
