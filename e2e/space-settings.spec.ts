import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, cli, demoAdmin, shoot, signInAsDemoAdmin } from './support';

/** An LRS on loopback that knows one key and secret: /about for anyone, statements for them. */
const standInLrs = async () => {
  const expected = `Basic ${Buffer.from('lrs-key:lrs-secret').toString('base64')}`;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://lrs');
    if (url.pathname === '/xapi/about') response.writeHead(200, { 'content-type': 'application/json' }).end('{"version":["1.0.3"]}');
    else if (request.headers.authorization !== expected) response.writeHead(401).end('Unauthorized');
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"statements":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/xapi/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

test('space settings: members added and removed, a security flag kept, the space handed over', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = demoAdmin();
  const api = apiAs(page, admin.email);
  const suffix = Date.now().toString(36);
  const space = await api<{ id: string; description: string }>('POST', '/admin/space', { description: `Ward ${suffix}` });
  // Someone with an account, to hand the space to; and someone a sign-in group gives it.
  const colleague = `colleague-${suffix}@example.test`;
  cli('user', 'create', '--email', colleague, '--password', 'Colleague-password-1357', '--name', `Colin ${suffix}`);
  cli('user', 'create', '--email', `rota-${suffix}@example.test`, '--password', 'Rota-password-1357', `--groups=${space.id}`);

  await signInAsDemoAdmin(page);
  await page.getByRole('button', { name: `Actions for ${space.description}` }).click();
  await page.getByRole('menuitem', { name: 'Space settings' }).click();
  await page.waitForURL(`**/space/${space.id}`);
  await expect(page.getByRole('heading', { name: space.description, level: 1 })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members).toContainText(admin.email);
  await expect(members.getByRole('row', { name: new RegExp(`rota-${suffix}`) })).toContainText('Sign-in group');
  await expect(page.getByText(/cannot be removed here/)).toBeVisible();
  await expectAccessible(page, 'space settings');
  await shoot(page, 'space-settings.png');

  // A new email and one with an account are added alike: said the same, shown by email as Invited, no name.
  const newcomer = `newcomer-${suffix}@example.test`;
  const memberField = page.getByRole('textbox', { name: 'Add a member' });
  const said: string[] = [];
  for (const [email, submit] of [
    [newcomer, () => memberField.press('Enter')],
    [colleague, () => page.getByRole('button', { name: 'Add member' }).click()],
  ] as const) {
    await memberField.fill(email);
    await submit();
    const status = page.getByRole('status').filter({ hasText: `${email} has been invited to this space by email` });
    await expect(status).toBeVisible();
    said.push((await status.innerText()).replace(email, 'ADDRESS'));
    await expect(members.getByRole('row', { name: new RegExp(email) })).toHaveText(`${email}Invited`);
  }
  expect(said[1]).toBe(said[0]);
  await expect(members).not.toContainText(`Colin ${suffix}`);
  await expect(page.getByText(/have not yet signed in and opened this space/)).toBeVisible();
  await expect(members.getByRole('button', { name: `Remove rota-${suffix}@example.test` })).toHaveCount(0);
  await expectAccessible(page, 'space settings with invited members');
  await shoot(page, 'space-settings-members.png');

  // Once the colleague has signed in and seen their spaces, everyone here sees their name.
  await apiAs(page, colleague)('GET', '/admin/space');
  await page.reload();
  await expect(members.getByRole('row', { name: new RegExp(colleague) })).toHaveText(`Colin ${suffix}${colleague}Member`);
  await expect(members.getByRole('row', { name: new RegExp(newcomer) })).toHaveText(`${newcomer}Invited`);

  // Removing asks first.
  await members.getByRole('button', { name: `Remove ${newcomer}` }).click();
  const removing = page.getByRole('dialog', { name: 'Remove member' });
  await expect(removing).toContainText(`Remove ${newcomer} from ${space.description}?`);
  await expectAccessible(page, 'remove member dialog');
  await shoot(page, 'space-settings-remove.png');
  await removing.getByRole('button', { name: 'Remove member' }).click();
  await expect(removing).toBeHidden();
  await expect(members).not.toContainText(newcomer);

  // A flag switched off is kept.
  const deleting = page.getByRole('switch', { name: /Members can delete/ });
  await expect(deleting).toBeChecked();
  await deleting.click({ force: true });
  await page.getByRole('button', { name: 'Save security' }).click();
  await expect(page.getByText('Security saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: /Members can delete/ })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /Members can edit/ })).toBeChecked();

  // The learning record store: saved, tested in plain words, the secret never shown again.
  const lrs = await standInLrs();
  try {
    const card = page.getByRole('region', { name: 'Learning record store (xAPI)' });
    await expect(card).toContainText('No statements are sent: this space has no LRS.');
    await card.getByRole('textbox', { name: /xAPI endpoint/ }).fill(lrs.endpoint);
    await card.getByRole('textbox', { name: 'Key' }).fill('lrs-key');
    await card.getByLabel('Secret').fill('not-the-secret');
    await card.getByRole('button', { name: 'Save LRS' }).click();
    await expect(page.getByText('Learning record store saved')).toBeVisible();
    await card.getByRole('button', { name: 'Test the connection' }).click();
    await expect(card.getByRole('status')).toContainText('The LRS answered 401: it refused the key and secret');
    await expectAccessible(page, 'space settings, an LRS refusing the key and secret');
    await card.getByLabel('Secret').fill('lrs-secret');
    await card.getByRole('button', { name: 'Save LRS' }).click();
    await expect(card.getByLabel('Secret')).toHaveValue('');
    await card.getByRole('button', { name: 'Test the connection' }).click();
    await expect(card.getByRole('status')).toContainText('it speaks xAPI 1.0.3');
    await expect(card.getByLabel('Statements by status')).toHaveText('0 sent');
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'space settings, an LRS that answered');
    await shoot(page, 'space-settings-lrs.png');
  } finally {
    await lrs.close();
  }

  // The handover asks first, saying what the owner gives up.
  await page.getByRole('textbox', { name: 'Hand over to' }).fill(colleague);
  await page.getByRole('button', { name: 'Hand over…' }).click();
  const handing = page.getByRole('dialog', { name: 'Hand over this space' });
  await expect(handing).toContainText("You lose the owner's rights");
  await expectAccessible(page, 'hand over dialog');
  await shoot(page, 'space-settings-hand-over.png');
  await handing.getByRole('button', { name: 'Hand over' }).click();
  await expect(handing).toBeHidden();

  // Now a member: the owner is the colleague, the flags are read-only and there is no handover.
  await expect(page.getByTestId('space-owner')).toHaveText(`${colleague} owns this space.`);
  await expect(page.getByText(`Only the owner of this space, ${colleague}, can change its security.`)).toBeVisible();
  await expect(page.getByRole('switch', { name: /Members can delete/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save security' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Hand over to' })).toHaveCount(0);
  await expect(members.getByRole('row', { name: new RegExp(colleague) })).toContainText('Owner');
  await expect(members.getByRole('row', { name: new RegExp(admin.email) })).toContainText('Member');
  await expectAccessible(page, 'space settings as a member');
  await shoot(page, 'space-settings-member.png');
  await page.reload();
  await expect(page.getByTestId('space-owner')).toHaveText(`${colleague} owns this space.`);
});
