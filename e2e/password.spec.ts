import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { cli, shoot, signInAt } from './support';

// A user changes their password on the Profile page, then signs in with the new one.
test('change the password on the Profile page, then sign in with the new one', async ({ page }) => {
  const email = `password-${Date.now().toString(36)}@example.test`;
  const first = 'First-password-1';
  const second = 'Second-password-2';
  cli('user', 'create', '--email', email, '--password', first, '--groups', '');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(page, email, first);
  await page.waitForURL((url) => url.pathname === '/profile' && url.search === '');
  const form = page.getByRole('form', { name: 'Change password' });
  await expect(form).toBeVisible();

  const current = form.getByRole('textbox', { name: 'Current password' });
  const next = form.getByRole('textbox', { name: 'New password', exact: true });
  const confirm = form.getByRole('textbox', { name: 'Confirm new password' });
  const submit = form.getByRole('button', { name: 'Change password' });

  // Problems the form names itself, then the server's answer to a wrong current password.
  await next.fill('short');
  await submit.click();
  await expect(form.getByText('Enter your current password')).toBeVisible();
  await expect(form.getByText('Password must be at least 10 characters long')).toBeVisible();
  await current.fill('Not-my-password-1');
  await next.fill(second);
  await confirm.fill('Something-else-3');
  await submit.click();
  await expect(form.getByText('The two new passwords are not the same')).toBeVisible();
  await confirm.fill(second);
  await submit.click();
  await expect(form.getByText('The current password is not right')).toBeVisible();
  await expectAccessible(page, 'profile, password refused');
  await shoot(page, 'profile-password-refused.png');

  await current.fill(first);
  await submit.click();
  await expect(form.getByRole('status')).toContainText('Use your new password the next time you sign in.');
  await expect(current).toHaveValue('');
  await expectAccessible(page, 'profile, password changed');
  await shoot(page, 'profile-password.png');

  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/session/end'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('state'));

  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(page, email, first);
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await signInAt(page, email, second);
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
});
