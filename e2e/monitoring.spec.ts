import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

const phone = { width: 390, height: 844 };

/** A Realtime session with two tests and two diagnoses, scored in points. */
const scenario = (name: string) => ({
  details: { resimName: name, mode: 1, allowAnonymous: true, allowSignin: false, maxConclusions: 1 },
  stages: [{ id: 'stg1', name: 'Clinic', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [
    { id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L', impact: [{ measureId: 'points', value: 10 }] },
    { id: 'act2', name: 'Chest X-ray', stage: 'stg1', facts: 'Clear lungs', impact: [{ measureId: 'points', value: -5 }] },
  ],
  conclusions: [
    { id: 'conc1', name: 'Iron deficiency anaemia', stage: 'stg1' },
    { id: 'conc2', name: 'B12 deficiency', stage: 'stg1' },
  ],
});

/** A learner on a phone joins the running session by its code with a nickname. */
const joinAs = async (browser: Browser, code: string, nickname: string) => {
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/play/${code}`);
  await page.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Tests' })).toBeVisible();
  return page;
};

const runTest = async (page: Page, name: string) => {
  await page.getByRole('tab', { name: 'Tests' }).click();
  await page.getByRole('checkbox', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Run tests' }).click();
};

test('Monitoring follows two learners of a live session as they play and leave', async ({ browser, page }) => {
  test.setTimeout(150_000);
  const admin = demoAdmin();
  const api = apiAs(page, admin.email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Ward round ${Date.now().toString(36)}`;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, scenario(name));
  await api('POST', `/admin/control/${created.id}/1`);
  await api('POST', `/admin/control/${created.id}/2`);

  const sam = await joinAs(browser, created.code, 'Sam');
  const kit = await joinAs(browser, created.code, 'Kit');

  await signInAsDemoAdmin(page);
  await page.getByRole('link', { name: 'Monitoring' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monitoring' })).toBeVisible();
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
  await expect(page.getByText(/joined or took a step in the last 24 hours/)).toBeVisible();
  const table = page.getByRole('table', { name: `Active learners of ${name}` });
  const row = (nickname: string) =>
    table.getByRole('row').filter({ has: page.getByRole('button', { name: `Open the run of ${nickname}` }) });
  for (const nickname of ['Sam', 'Kit']) {
    await expect(row(nickname)).toContainText('Connected');
    await expect(row(nickname)).toContainText('Opening 1 · open');
    await expect(row(nickname)).toContainText('Started, no step yet');
  }

  // Narrowed to the scenario, kept in the address.
  await page.getByRole('combobox', { name: 'Scenario' }).click();
  await page.getByRole('option', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/monitoring\\?id=${created.id}$`));
  await expect(row('Sam')).toBeVisible();

  // A step by one learner shows without reloading.
  await runTest(sam, 'Full blood count');
  await expect(sam.getByText('Hb 82 g/L')).toBeVisible();
  await expect(row('Sam')).toContainText('Ran Full blood count');
  await expect(row('Sam')).toContainText('1 of 2 tests');
  await expect(row('Sam').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  await expect(row('Kit')).toContainText('Started, no step yet');
  await shoot(page, 'monitoring.png');
  await expectAccessible(page, 'Monitoring');

  // A learner closing their page shows as disconnected; the other stays connected.
  await kit.context().close();
  await expect(row('Kit')).toContainText('Disconnected');
  await expect(row('Sam')).toContainText('Connected');
  await expect(row('Sam')).not.toContainText('Disconnected');

  // The learner's run opens from their row, as on the scoreboard.
  await row('Sam').getByRole('button', { name: 'Open the run of Sam' }).click();
  const drawer = page.getByRole('dialog', { name: 'Sam' });
  await expect(drawer.getByLabel('Steps')).toContainText('ran Full blood count');
  await expectAccessible(page, "Monitoring, a learner's run");
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // On a phone the page still reads.
  await page.setViewportSize(phone);
  await expect(row('Sam')).toBeVisible();
  await shoot(page, 'monitoring-phone.png');
  await expectAccessible(page, 'Monitoring on a phone');

  await api('POST', `/admin/control/${created.id}/3`);
  await sam.context().close();
});
