import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

// The invitation is worded anew here; other tests read the built-in wording from the same server.
test.afterEach(async ({ page }) => {
  await apiAs(page, demoAdmin().email)('DELETE', '/templates/learner-invitation');
});

// What only a browser shows: the preview renders under the console's Content Security Policy, in
// a frame that runs no script, and a test send reaches the outbox.
test('preview an email template as it is typed, send a test and find it in the outbox', async ({ page }) => {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  await signInAsDemoAdmin(page);
  await page.goto('/email-templates');
  await expect(page.getByRole('heading', { name: 'learner-invitation' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Subject' }).fill('Join {{spaceName}} now');
  await expect(page.getByTestId('preview-subject')).toHaveText('Join Cardiology 2025 now');
  const html = page.getByRole('textbox', { name: /HTML content/ });
  await html.fill('<p id="shown">Hello {{spaceName}}</p><script>document.title = "ran"</script>');
  const frame = page.frameLocator('iframe[title="Preview of the HTML part"]');
  await expect(frame.locator('#shown')).toHaveText('Hello Cardiology 2025');
  expect(await frame.locator('html').evaluate((node) => node.ownerDocument.title)).toBe('');
  await expectAccessible(page, 'email template with its preview');
  await shoot(page, 'email-template-preview.png');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customised', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'email template, the send-test dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Send test' }).click();
  await page.getByRole('tab', { name: 'Outbox' }).click();
  const row = page.getByTestId('outbox-row').filter({ hasText: 'Join Cardiology 2025 now' });
  await expect(row.getByTestId('outbox-status')).toHaveText('not sent (no SMTP configured)');
  await expectAccessible(page, 'Outbox');
  // the author's script was stopped by the sandbox, and nothing else went wrong
  const blocked = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;
  expect(failures.some((failure) => blocked.test(failure))).toBe(true);
  expect(failures.filter((failure) => !blocked.test(failure))).toEqual([]);
});
