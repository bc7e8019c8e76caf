import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import type { ApiClient } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import { EmailOpeningReportsButton, EmailRunReportButton } from './report-downloads';

const refusal = (path: string, message: string) =>
  new ApiError(message, { method: 'POST', path, status: 409, code: 'conflict', body: { code: 'conflict', message } });

/** A fake API answering the report emails' routes with `answer`, or refusing them with it. */
const apiAnswering = (answer: object | Error) => {
  const request = vi.fn(async ({ path }: { path: string }) => {
    if (!path.endsWith('/email')) throw new Error(`unexpected ${path}`);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { request, api: { request } as unknown as ApiClient };
};

describe('emailing a run’s report', () => {
  it('queues it for the learner and says so', async () => {
    const { request, api } = apiAnswering({ queued: 1 });
    renderWithProviders(<EmailRunReportButton resimId="r1" gameId="g-Ann" nickname="Ann" />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Email report' }));
    expect((await screen.findByRole('status')).textContent).toBe('Ann’s report is queued in the outbox');
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/admin/resim/r1/games/g-Ann/report/email' }));
    expect(screen.getByRole('button', { name: 'Email report' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal in its words', async () => {
    const message = 'Ann has no email address: learners who join with a nickname, without signing in, have none';
    const { api } = apiAnswering(refusal('/admin/resim/r1/games/g-Ann/report/email', message));
    renderWithProviders(<EmailRunReportButton resimId="r1" gameId="g-Ann" nickname="Ann" />, { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Email report' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});

describe('emailing an opening’s reports', () => {
  const ask = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Email reports to learners…' }));
    return screen.findByRole('dialog', { name: 'Email the reports to the learners?' });
  };

  it('asks first, leaving the count to the server, then shows how many were queued and skipped', async () => {
    const { request, api } = apiAnswering({ queued: 12, skipped: 3, alreadyEmailed: 0 });
    renderWithProviders(<EmailOpeningReportsButton resimId="r1" instanceId="i2" />, { api });
    const dialog = await ask();
    expect(dialog.textContent).toContain('Learners who joined without an email address are skipped, and those emailed their report before');
    expect(request).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Email reports' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toContain(
        '12 reports queued; 3 learners without an email address were skipped',
      ),
    );
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/admin/resim/r1/instance/i2/reports/email' }));
    expect(within(dialog).queryByRole('button', { name: 'Email reports' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('counts the learners emailed before apart, as sending again leaves them out', async () => {
    const { api } = apiAnswering({ queued: 0, skipped: 0, alreadyEmailed: 40 });
    renderWithProviders(<EmailOpeningReportsButton resimId="r1" instanceId="i2" />, { api });
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Email reports' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      '40 learners had been emailed their reports before and were not sent it again',
    );
  });

  it('words one of each, and an opening where no run has ended', async () => {
    const one = apiAnswering({ queued: 1, skipped: 1, alreadyEmailed: 1 });
    const { unmount } = renderWithProviders(<EmailOpeningReportsButton resimId="r1" instanceId="i2" />, { api: one.api });
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Email reports' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      '1 report queued; 1 learner had been emailed their report before and was not sent it again; 1 learner without an email address was skipped',
    );
    unmount();

    const none = apiAnswering({ queued: 0, skipped: 0, alreadyEmailed: 0 });
    renderWithProviders(<EmailOpeningReportsButton resimId="r1" instanceId="i2" />, { api: none.api });
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Email reports' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('No report queued');
    expect(status.textContent).toContain('No run of this opening has ended yet');
  });

  it('shows the server’s refusal in the dialog, and cancelling sends nothing', async () => {
    const { request, api } = apiAnswering(refusal('/admin/resim/r1/instance/i2/reports/email', 'The scenario has no such opening'));
    renderWithProviders(<EmailOpeningReportsButton resimId="r1" instanceId="i2" />, { api });
    let dialog = await ask();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(request).not.toHaveBeenCalled();

    dialog = await ask();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Email reports' }));
    expect((await within(dialog).findByText('The scenario has no such opening')).closest('[role="alert"]')).not.toBeNull();
    expect(within(dialog).getByText('Emailing the reports stopped')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('emailing the reports again sends only the rest');
  });
});
