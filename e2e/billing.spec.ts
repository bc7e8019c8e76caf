import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, cli, demoAdmin, shoot, signInAsDemoAdmin, signInAt } from './support';

test('billing: an owner buys Assess × 30, needs no card, allocates slots and reads a refusal as the server wrote it', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = demoAdmin();
  const api = apiAs(page, admin.email);
  const suffix = Date.now().toString(36);
  const member = `member-${suffix}@example.test`;
  const space = await api<{ id: string; description: string }>('POST', '/admin/space', { description: `Billing ward ${suffix}` });
  const learners = ['ana', 'ben', 'cy'].map((name) => `${name}-${suffix}@example.test`);
  await api('POST', `/admin/space/${space.id}/learner`, { learners: learners.map((email) => ({ email })) });
  await api('POST', `/admin/space/${space.id}/user`, { email: member });

  await signInAsDemoAdmin(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
  await expect(page.getByText('No subscription yet')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Engage, $1.80 per slot a month' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Embed, $8.20 per slot a month' })).toBeVisible();

  // By keyboard: from Engage to Assess with an arrow, then the quantity and its price.
  await page.getByRole('radio', { name: 'Engage, $1.80 per slot a month' }).focus();
  await page.keyboard.press('ArrowRight');
  const assess = page.getByRole('radio', { name: 'Assess, $4.50 per slot a month' });
  await expect(assess).toHaveAttribute('aria-checked', 'true');
  await expect(assess).toBeFocused();
  const slots = page.getByRole('textbox', { name: 'Assess slots' });
  await slots.fill('1000');
  await expect(page.getByText('The number of slots must be a whole number from 0 to 999')).toBeVisible();
  await slots.fill('30');
  await expect(page.getByTestId('billing-price')).toHaveText('$135.00 a month');
  await expect(page.getByText('30 slots × $4.50')).toBeVisible();
  await slots.press('Enter');
  const current = page.getByRole('table', { name: 'Current subscription' });
  await expect(current.getByRole('row', { name: /Assess 30 \$135\.00 a month active/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Assess, $4.50 per slot a month' })).toContainText('Subscribed: 30 slots');

  // The embedded billing takes no card.
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText('No card is needed');
  await expect(payment.getByRole('button', { name: /card/ })).toHaveCount(0);

  // Two learners get Assess slots in one request.
  await page.getByRole('combobox', { name: 'Space' }).click();
  await page.getByRole('option', { name: space.description }).click();
  const grid = page.getByRole('table', { name: `Slots in ${space.description}` });
  await expect(grid.getByRole('row', { name: new RegExp(admin.email) })).toContainText('Owner');
  await expect(grid.getByRole('row', { name: new RegExp(member) })).toContainText('Member');
  await grid.getByRole('combobox', { name: `Licence of ${learners[0]}` }).selectOption('Assess');
  await grid.getByRole('combobox', { name: `Licence of ${learners[1]}` }).selectOption('Assess');
  await page.getByRole('button', { name: 'Allocate 2 changes' }).click();
  await expect(page.getByText('2 allocations saved')).toBeVisible();
  // The button just used keeps the keyboard's place, though there is nothing left to allocate.
  await expect(page.getByRole('button', { name: 'Allocate', exact: true })).toBeFocused();
  await expect(page.locator('[data-slots="assess"]')).toHaveText('2 of 30 slots allocated, 28 free');
  await expectAccessible(page, 'subscriptions');
  await shoot(page, 'billing.png');

  // No Embed slot was bought: the server refuses, and its message is shown as it wrote it.
  await grid.getByRole('combobox', { name: `Licence of ${learners[2]}` }).selectOption('Embed');
  await page.getByRole('button', { name: 'Allocate', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'The slots were not allocated' });
  await expect(refusal).toContainText(
    'Only 0 Embed slots are bought and this would allocate 1; raise the Embed quantity or free 1 (nothing was changed)',
  );
  await expect(page.locator('[data-slots="embed"]')).toHaveText('0 of 0 slots allocated, 0 free');
  await expectAccessible(page, 'subscriptions with a refused allocation');
  await shoot(page, 'billing-refused.png');

  // Lowering Assess below the two slots allocated asks first, and the server's answer shows there.
  await slots.fill('1');
  await page.getByRole('button', { name: 'Change Assess' }).click();
  const lowering = page.getByRole('dialog', { name: 'Fewer slots than are allocated' });
  await expect(lowering).toContainText('2 slots of Assess are allocated in your spaces, more than 1.');
  await expectAccessible(page, 'lowering dialog');
  await lowering.getByRole('button', { name: 'Lower to 1 slot' }).click();
  await expect(lowering).toContainText('2 Assess slots are allocated; free 1 before lowering the quantity to 1');
  await lowering.getByRole('button', { name: 'Cancel' }).click();
  await expect(lowering).toBeHidden();
  await expect(current.getByRole('row', { name: /Assess 30 \$135\.00 a month active/ })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(grid).toBeVisible();
  await expectAccessible(page, 'subscriptions, narrow');
  await shoot(page, 'billing-narrow.png');
});

test('billing: a member who owns no space sees no billing', async ({ page }) => {
  const api = apiAs(page, demoAdmin().email);
  const suffix = Date.now().toString(36);
  const member = { email: `member-${suffix}@example.test`, password: 'Member-password-1357' };
  cli('user', 'create', '--email', member.email, '--password', member.password, '--groups', '');
  const space = await api<{ id: string }>('POST', '/admin/space', { description: `Members' ward ${suffix}` });
  await api('POST', `/admin/space/${space.id}/user`, { email: member.email });

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(page, member.email, member.password);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Intel' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Subscriptions' })).toHaveCount(0);
  await expectAccessible(page, 'Home of a member who owns no space');

  // The address typed in: the server finds no billing for them, and the page says whose it is.
  await page.goto('/subscriptions');
  await expect(page.getByText('Only billing owners see billing')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page, 'subscriptions as a member');
  await shoot(page, 'billing-member.png');
});
