import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, cli, deliveredText, demoAdmin, shoot, signInAt } from './support';

const password = 'Confirm-password-2468';

test('an invited account whose password came from a printed link confirms its address with the emailed code', async ({ page }) => {
  const email = `unproved-${Date.now().toString(36)}@example.test`;
  const api = apiAs(page, demoAdmin().email);
  const space = await api<{ id: string }>('POST', '/admin/space', { description: `Confirm ${email}` });
  await api('POST', `/admin/space/${space.id}/user`, { email });

  // The administrator hands over a link printed by the command line: it never went through the mailbox.
  // (The command line does not know the test server's address: its path is enough.)
  await page.goto(new URL(cli('user', 'link', '--email', email).trim()).pathname);
  await page.locator('#password').fill(password);
  await page.locator('#confirm').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set.')).toBeVisible();

  await page.getByRole('link', { name: /^Open / }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(page, email, password);
  await page.waitForURL((url) => /^\/interaction\/[^/]+\/confirm$/.test(url.pathname));
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expect(page.getByText(`We sent a 6-digit confirmation code to ${email}.`)).toBeVisible();
  await expectAccessible(page, 'email confirmation page');
  await shoot(page, 'email-confirmation.png');

  // The outbox shows the email without its code; the recipient's inbox has it.
  const outbox = await api<{ messages: { to: string; subject: string; text: string }[] }>('GET', '/admin/outbox');
  const shown = outbox.messages.find((message) => message.to === email && message.subject.startsWith('Confirm your email'));
  expect(shown?.text).toContain('Your confirmation code is [hidden]');
  const code = /confirmation code is (\d{6})/.exec(deliveredText(email))?.[1];
  expect(code).toMatch(/^\d{6}$/);

  const field = page.getByRole('textbox', { name: 'Confirmation code' });
  await field.fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Enter the 6-digit code from the newest email.');
  await expectAccessible(page, 'email confirmation page with a wrong code');
  await shoot(page, 'email-confirmation-wrong-code.png');

  await field.fill(code!);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
});
