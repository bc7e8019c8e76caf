import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { MessageModal } from './message-modal';

const sentIds = (message: ReturnType<typeof vi.fn>) => message.mock.calls.map(([, body]) => (body as { id: string }).id);

describe('MessageModal', () => {
  it('sends the same words again with the same id after a failure, and the next message with a new id', async () => {
    const message = vi
      .fn()
      .mockRejectedValueOnce(new Error('The database is unavailable; try again in a few seconds'))
      .mockResolvedValue({ id: 'x', title: 'Break', message: 'Back soon', sent: '2026-11-28T10:00:00.000Z' });
    const api = { resims: { message } } as unknown as ApiClient;
    renderWithProviders(<MessageModal resimId="r1" opened onClose={() => {}} />, { api });

    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Break' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Back soon' } });
    const sendButton = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(sendButton);
    await waitFor(() => expect(message).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(sendButton.getAttribute('data-loading')).toBeNull());
    fireEvent.click(sendButton);
    await waitFor(() => expect(message).toHaveBeenCalledTimes(2));
    const [first, retry] = sentIds(message);
    expect(retry).toBe(first);

    // Sent, the form is cleared for the next message.
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Break' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Back soon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(message).toHaveBeenCalledTimes(3));
    expect(sentIds(message)[2]).not.toBe(first);
  });
});
