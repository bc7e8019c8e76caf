import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, cli, demoAdmin, shoot, signInAsDemoAdmin } from './support';

const cardNames = (section: Locator) => section.getByRole('link').allTextContents();

const openCardMenu = async (page: Page, section: Locator, name: string) => {
  await section.getByRole('button', { name: `Actions for ${name}` }).click();
  return page.getByRole('menu');
};

test('a scenario moved to another space from Home, a space whose canMove is off, and a High priority scenario first on Home', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const admin = demoAdmin();
  const api = apiAs(page, admin.email);
  const suffix = Date.now().toString(36);

  // A space of the administrator's with three scenarios, made through the API.
  const wards = await api<{ id: string }>('POST', '/admin/space', { description: `Wards ${suffix}` });
  const ids = new Map<string, string>();
  for (const name of ['Anaemia', 'Bleeding', 'Zoster']) {
    const created = await api<{ id: string }>('POST', '/admin/resim/new', { groupId: wards.id });
    await api('PATCH', `/admin/resim/${created.id}`, { details: { resimName: name } });
    ids.set(name, created.id);
  }

  // A space owned by a colleague, with the administrator as a member: canMove binds members, not owners.
  const colleague = `colleague-${suffix}@example.test`;
  cli('user', 'create', '--email', colleague, '--password', 'Colleague-password-2468', '--groups', '');
  const colleagueApi = apiAs(page, colleague);
  const fixed = await colleagueApi<{ id: string }>('POST', '/admin/space', { description: `Fixed ${suffix}` });
  await colleagueApi('POST', `/admin/space/${fixed.id}/user`, { email: admin.email });
  const pinned = await colleagueApi<{ id: string }>('POST', '/admin/resim/new', { groupId: fixed.id });
  await colleagueApi('PATCH', `/admin/resim/${pinned.id}`, { details: { resimName: 'Pinned case' } });

  await signInAsDemoAdmin(page);
  const wardsSection = page.getByRole('region', { name: `Wards ${suffix}` });
  await expect.poll(() => cardNames(wardsSection)).toEqual(['Anaemia', 'Bleeding', 'Zoster']);

  // A second space, made on Home.
  const clinicName = `Clinic ${suffix}`;
  await page.getByRole('button', { name: 'New space' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(clinicName);
  await page.getByRole('textbox', { name: 'Name' }).press('Enter');
  const clinicSection = page.getByRole('region', { name: clinicName });
  await expect(clinicSection.getByText('No scenarios in this space yet.')).toBeVisible();

  // Anaemia moves there from its card's menu; the dialog offers only spaces the administrator may edit.
  await (await openCardMenu(page, wardsSection, 'Anaemia')).getByRole('menuitem', { name: 'Move to space...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move “Anaemia” to another space' });
  await expect(dialog.getByRole('radio', { name: new RegExp(clinicName) })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: new RegExp(`Wards ${suffix}`) })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Move scenario' })).toBeDisabled();
  await dialog.getByRole('radio', { name: new RegExp(clinicName) }).click();
  await expectAccessible(page, 'move dialog');
  await shoot(page, 'move-dialog.png');
  const moving = page.waitForResponse((r) => r.url().endsWith(`/admin/resim/${ids.get('Anaemia')}/space`));
  await dialog.getByRole('button', { name: 'Move scenario' }).click();
  expect((await moving).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect.poll(() => cardNames(clinicSection)).toEqual(['Anaemia']);
  await expect.poll(() => cardNames(wardsSection)).toEqual(['Bleeding', 'Zoster']);
  await page.reload();
  await expect.poll(() => cardNames(page.getByRole('region', { name: clinicName }))).toEqual(['Anaemia']);

  // The colleague turns canMove off in their space: the move is disabled, with the reason, on Home and in the editor.
  await colleagueApi('PUT', `/admin/space/${fixed.id}/security`, { canMove: false });
  await page.reload();
  const fixedSection = page.getByRole('region', { name: `Fixed ${suffix}` });
  const fixedMenu = await openCardMenu(page, fixedSection, 'Pinned case');
  const blockedItem = fixedMenu.getByRole('menuitem', { name: /Move to space/ });
  await expect(blockedItem).toBeDisabled();
  await expect(blockedItem).toContainText('canMove is off in this space');
  await expectAccessible(page, 'card menu with the move disabled');
  await shoot(page, 'move-disabled-menu.png');
  await page.keyboard.press('Escape');
  await page.goto(`/resim/${pinned.id}`);
  await expect(page.getByRole('button', { name: 'Move to space...' })).toBeDisabled();
  await expect(page.getByText('This space does not allow moving its scenarios out (canMove is off); ask its owner')).toBeVisible();
  await expectAccessible(page, 'editor details with the move disabled');
  await shoot(page, 'move-disabled-editor.png');
  // The server refuses it too, naming the flag.
  const adminToken = cli('token', 'create', '--email', admin.email).trim().split('\n').at(-1)!;
  const refused = await page.request.fetch(`/admin/resim/${pinned.id}/space`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}` },
    data: { spaceId: wards.id },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toContain('canMove is off');

  // Zoster marked High priority in the editor's details, and saved.
  await page.goto(`/resim/${ids.get('Zoster')}`);
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  const saving = page.waitForResponse((r) => r.url().endsWith(`/admin/resim/${ids.get('Zoster')}`) && r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect(((await (await saving).json()) as { priority: number | null }).priority).toBe(1);
  await expectAccessible(page, 'editor, High priority');
  await shoot(page, 'priority-editor.png');

  // On Home it carries a High badge, and comes first with "High priority first", which survives a reload.
  await page.goto('/');
  const wardsAgain = page.getByRole('region', { name: `Wards ${suffix}` });
  await expect.poll(() => cardNames(wardsAgain)).toEqual(['Bleeding', 'Zoster']);
  await expect(wardsAgain.getByText('High', { exact: true })).toBeVisible();
  const priorityFirst = page.getByRole('checkbox', { name: 'High priority first' });
  // The box follows the saved preference a moment after the click, so check() would see no change.
  await priorityFirst.click();
  await expect(priorityFirst).toBeChecked();
  await expect.poll(() => cardNames(wardsAgain)).toEqual(['Zoster', 'Bleeding']);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'High priority first' })).toBeChecked();
  await expect.poll(() => cardNames(page.getByRole('region', { name: `Wards ${suffix}` }))).toEqual(['Zoster', 'Bleeding']);
  await expectAccessible(page, 'Home with High priority first');
  await shoot(page, 'priority-home.png');

  // Left as other tests expect Home.
  await priorityFirst.click();
  await expect(priorityFirst).not.toBeChecked();
  await expect.poll(() => cardNames(page.getByRole('region', { name: `Wards ${suffix}` }))).toEqual(['Bleeding', 'Zoster']);
});
