import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiAs, cli, demoAdmin, shoot, signInAsDemoAdmin, signInAt } from './support';

/** A cohort's file as people keep them: a header, tags split by semicolons, one line that is not an email. */
const cohortCsv = ['email,tags', 'Ann@Example.test,night', 'bob@example.test,night;week1', 'not-an-email,night', 'cy@example.test,'].join(
  '\n',
);

test('a cohort: learners from a CSV with a bad line, tagged, given two scenarios, reminded; a template edited with its live preview and sent as a test', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = demoAdmin();
  const api = apiAs(page, admin.email);
  // One of the cohort already has an account, to find what is given to them in the player.
  cli('user', 'create', '--email', 'cy@example.test', '--password', 'Learner-password-2468', '--groups', '');

  // A space of its own with two scenarios, made through the API.
  const suffix = Date.now().toString(36);
  const space = await api<{ id: string }>('POST', '/admin/space', { description: `Cohort ${suffix}` });
  const scenarios: { id: string; name: string }[] = [];
  for (const name of ['Chest pain', 'Breathless at night']) {
    const created = await api<{ id: string }>('POST', '/admin/resim/new', { groupId: space.id });
    await api('PATCH', `/admin/resim/${created.id}`, { details: { resimName: name } });
    scenarios.push({ id: created.id, name });
  }

  await signInAsDemoAdmin(page);
  await page.goto(`/clients?space=${space.id}`);
  await expect(page.getByText('No learners yet')).toBeVisible();

  // The file is read and checked line by line before anything is saved.
  await page.getByRole('button', { name: 'Add learners' }).first().click();
  const adding = page.getByRole('dialog', { name: /Add learners to/ });
  await adding.locator('input[type="file"]').setInputFiles({ name: 'cohort.csv', mimeType: 'text/csv', buffer: Buffer.from(cohortCsv) });
  const bad = adding.getByRole('table', { name: 'Lines that cannot be added' });
  await expect(bad).toContainText('not-an-email');
  await expect(bad).toContainText('4');
  await expect(adding.getByRole('button', { name: 'Add 3 learners' })).toBeDisabled();
  expect((await api<unknown[]>('GET', `/admin/space/${space.id}/learner`)).length).toBe(0);
  await expectAccessible(page, 'Clients, the import report');
  await shoot(page, 'learners-import-report.png');
  await adding.getByRole('button', { name: 'Add the 3 good, skip 1 bad line' }).click();
  await expect(adding).toBeHidden();
  const table = page.getByRole('table', { name: 'Learners' });
  for (const email of ['ann@example.test', 'bob@example.test', 'cy@example.test']) await expect(table).toContainText(email);

  // Tag them all at once.
  await page.getByRole('checkbox', { name: 'Select all learners on this page' }).check();
  await page.getByRole('button', { name: 'Add tag' }).click();
  const tagging = page.getByRole('dialog');
  await tagging.getByLabel('Tags to add').fill('cohort-a');
  await tagging.getByLabel('Tags to add').press('Enter');
  await expectAccessible(page, 'Clients, the tag dialog');
  await tagging.getByRole('button', { name: 'Add tag' }).click();
  await expect(tagging).toBeHidden();
  await expect(table.getByText('cohort-a')).toHaveCount(3);
  await expectAccessible(page, 'Clients, the learners tagged');
  await shoot(page, 'learners-table.png');

  // Give both scenarios to everyone shown, from the allocation matrix.
  await page.getByRole('tab', { name: 'Allocations' }).click();
  for (const scenario of scenarios) {
    await page.getByRole('button', { name: `Allocate ${scenario.name}` }).click();
    await page.getByRole('menuitem', { name: /Give to all 3/ }).click();
    // The menu closes before the next one opens, so that only one of them is on the page.
    await expect(page.getByRole('menuitem')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: `${scenario.name} for cy@example.test` })).toBeChecked();
  }
  await expectAccessible(page, 'Clients, allocations');
  await shoot(page, 'learners-allocations.png');

  // The learner, signed in on a phone, finds both scenarios given to them.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const cy = await phone.newPage();
  await cy.goto('/play');
  await cy.getByRole('button', { name: /Sign in/ }).click();
  await signInAt(cy, 'cy@example.test', 'Learner-password-2468');
  const mine = cy.getByRole('region', { name: 'Your simulations' });
  for (const scenario of scenarios) await expect(mine.getByRole('link', { name: new RegExp(scenario.name) })).toBeVisible();
  await expect(mine.getByText('Given to you')).toHaveCount(2);
  await expectAccessible(cy, 'player, scenarios given to a learner');
  await shoot(cy, 'player-allocated-phone.png');
  await phone.close();
  const allocations = await api<{ email: string; resimId: string }[]>('GET', `/admin/space/${space.id}/allocation`);
  expect(allocations).toHaveLength(6);

  // A reminder to one of them, after a confirmation that names them.
  await page.getByRole('tab', { name: 'Learners' }).click();
  await page.getByRole('checkbox', { name: 'Select ann@example.test' }).check();
  await page.getByRole('button', { name: 'Send reminder' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send a reminder' });
  await expect(confirm).toContainText('ann@example.test');
  await expectAccessible(page, 'Clients, the reminder dialog');
  await confirm.getByRole('button', { name: 'Send reminder' }).click();
  await expect(confirm).toBeHidden();
  await expect
    .poll(
      async () =>
        (await api<{ email: string; reminded: string | null }[]>('GET', `/admin/space/${space.id}/learner`)).find(
          (learner) => learner.email === 'ann@example.test',
        )?.reminded,
    )
    .toEqual(expect.any(String));

  // The reminder template, worded anew with its preview following each key, then sent as a test.
  await page.goto('/email-templates');
  await page
    .getByRole('navigation', { name: 'Email templates' })
    .getByRole('button', { name: /learner-reminder/ })
    .click();
  await expect(page.getByRole('heading', { name: 'learner-reminder' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject' }).fill('{{spaceName}}: your simulations are waiting');
  await expect(page.getByTestId('preview-subject')).toHaveText('Cardiology 2025: your simulations are waiting');
  await page.getByRole('textbox', { name: /HTML content/ }).fill('<p id="list">Waiting: {{#each scenarios}}{{this}}; {{/each}}</p>');
  const preview = page.frameLocator('iframe[title="Preview of the HTML part"]');
  await expect(preview.locator('#list')).toHaveText('Waiting: Chest pain; Shortness of breath;');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customised', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'email template editor');
  await shoot(page, 'email-template-editor.png');
  await page.getByRole('button', { name: 'Send test' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send test' }).click();
  await page.getByRole('tab', { name: 'Outbox' }).click();
  const sent = page.getByTestId('outbox-row').filter({ hasText: 'Cardiology 2025: your simulations are waiting' });
  await expect(sent.getByTestId('outbox-status')).toHaveText('not sent (no SMTP configured)');
  // The reminder sent before the change went out in the default wording, to ann alone.
  await expect(
    page.getByTestId('outbox-row').filter({ hasText: `Reminder: simulations are waiting for you in Cohort ${suffix}` }),
  ).toHaveCount(1);
  await expectAccessible(page, 'Outbox');
  await shoot(page, 'email-outbox.png');
});
