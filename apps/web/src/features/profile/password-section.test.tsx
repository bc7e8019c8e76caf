import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { PasswordSection } from './password-section';

const fakeApi = (embeddedIssuer: boolean) => {
  const changePassword = vi.fn(async () => ({ ok: true as const }));
  const api = {
    config: async () => ({
      productName: 'Resim',
      authority: 'http://issuer',
      clientId: 'c',
      scope: 'openid',
      embeddedIssuer,
      signOutUrl: null,
      identityProvider: null,
      session: { storage: 'local' as const },
    }),
    user: { changePassword },
  };
  return { api: api as unknown as ApiClient, changePassword };
};

describe('the password section', () => {
  it('checks the new password and its confirmation before asking the server, then says it is changed', async () => {
    const { api, changePassword } = fakeApi(true);
    renderWithProviders(<PasswordSection />, { api });
    const current = await screen.findByLabelText(/^Current password/);
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 10 characters long')).toBeTruthy();
    expect(screen.getByText('Enter your current password')).toBeTruthy();

    fireEvent.change(current, { target: { value: 'Old-password-1' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'New-password-22' } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'New-password-23' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords are not the same')).toBeTruthy();
    expect(changePassword).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'New-password-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Use your new password the next time you sign in.')).toBeTruthy();
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'Old-password-1', newPassword: 'New-password-22' });
    await waitFor(() => expect((current as HTMLInputElement).value).toBe(''));
  });

  it('says where to change it when another identity provider keeps the password', async () => {
    renderWithProviders(<PasswordSection />, { api: fakeApi(false).api });
    expect(await screen.findByText(/kept by the identity provider you sign in with; change it there/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });
});
