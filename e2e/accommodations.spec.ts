import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiAs, cli, demoAdmin, shoot, signInAsDemoAdmin, signInAt } from './support';

const phone = { width: 390, height: 844 };
const learnerPassword = 'Learner-password-8642';
/** the standard time of the case's clock, in seconds: Ann's 50 % more makes it 90 */
const standardSeconds = 60;

/** A Realtime case whose clock counts down from a minute and ends the run at 0. */
const timedCase = (name: string) => ({
  details: {
    resimName: name,
    description: 'A collapse on the ward: decide before the clock runs out.',
    mode: 1,
    allowAnonymous: true,
    allowSignin: true,
    maxConclusions: 1,
    answers: { actions: ['act1'], conclusions: ['conc1'] },
  },
  stages: [{ id: 'stg1', name: 'Ward', default: true, description: 'A man of 70 is found on the floor, pale and sweaty.' }],
  measures: [
    { id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 },
    { id: 'measure1', name: 'Time left', type: 3, initial: standardSeconds, limits: { min: 0, max: null, kind: 1 } },
  ],
  actions: [
    { id: 'act1', name: 'Blood glucose', stage: 'stg1', facts: 'Glucose 2.1 mmol/L', impact: [{ measureId: 'points', value: 10 }] },
    { id: 'act2', name: 'ECG', stage: 'stg1', facts: 'Sinus tachycardia', impact: [{ measureId: 'points', value: 5 }] },
  ],
  conclusions: [{ id: 'conc1', name: 'Hypoglycaemia', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] }],
});

const learnerContext = (browser: Browser) => browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });

const runTest = async (page: Page, name: string) => {
  await page.getByRole('tab', { name: 'Tests' }).click();
  await page.getByRole('checkbox', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Run tests' }).click();
  await page.getByRole('tab', { name: 'Test Results' }).click();
};

test('a learner with 50 % extra time plays past the standard limit while another is stopped, and the host sees who has extra time', async ({
  browser,
  page: host,
}) => {
  test.setTimeout(240_000);
  const admin = demoAdmin();
  const suffix = Date.now().toString(36);
  const ann = `ann-${suffix}@hospital.test`;
  const bea = `bea-${suffix}@hospital.test`;
  for (const email of [ann, bea]) cli('user', 'create', '--email', email, '--password', learnerPassword, '--groups', '');
  const api = apiAs(host, admin.email);
  const space = await api<{ id: string }>('POST', '/admin/space', { description: `Exam hall ${suffix}` });
  await api('POST', `/admin/space/${space.id}/learner`, { tags: ['Finals'], notify: false, learners: [{ email: ann }, { email: bea }] });
  const name = `Collapse on the ward ${suffix}`;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: space.id });
  await api('PATCH', `/admin/resim/${created.id}`, timedCase(name));

  // The examiner gives Ann 50 % more time from the Clients page.
  await signInAsDemoAdmin(host);
  await host.goto(`/clients?space=${space.id}`);
  await host.getByRole('button', { name: `Accommodation for ${ann}` }).click();
  const dialog = host.getByRole('dialog', { name: `Accommodation for ${ann}` });
  await dialog.getByRole('radio', { name: 'Percentage' }).check();
  await dialog.getByRole('textbox', { name: 'Extra time in percent' }).fill('50');
  await expect(dialog).toContainText('+50 % time');
  await expectAccessible(host, 'Clients, an accommodation for one learner');
  await shoot(host, 'accommodation-dialog.png');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(host.getByRole('row', { name: new RegExp(ann) })).toContainText('+50 % time');
  await expect(host.getByRole('row', { name: new RegExp(bea) })).not.toContainText('% time');
  await expectAccessible(host, 'Clients, a learner with an accommodation');
  await shoot(host, 'accommodation-clients.png');

  // The host opens the lobby; both learners join signed in, and the session starts.
  await host.goto(`/resim/${created.id}`);
  await expect(host.getByRole('heading', { level: 1, name })).toBeVisible();
  await host.getByRole('button', { name: 'Open Lobby' }).click();
  await expect(host.getByLabel('Run status')).toHaveText('Waiting');
  const contexts: BrowserContext[] = [];
  const join = async (email: string) => {
    const context = await learnerContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`/play/${created.code}`);
    await page.getByRole('button', { name: 'Sign in to join' }).click();
    await signInAt(page, email, learnerPassword);
    await page.waitForURL(new RegExp(`/play/${created.code}`));
    await expect(page.getByText('The session has not started yet', { exact: true })).toBeVisible();
    return page;
  };
  const annPage = await join(ann);
  const beaPage = await join(bea);
  await host.getByRole('button', { name: 'Start Simulation' }).click();
  await expect(host.getByLabel('Run status')).toHaveText('Running');
  for (const page of [annPage, beaPage]) await expect(page.getByRole('tab', { name: 'Tests' })).toBeVisible();

  // Ann is told her time in words, and her screen reader hears the time left once, not every second.
  await expect(annPage.getByRole('banner')).toContainText('You have 30 seconds more than the standard time.');
  const announcer = annPage.locator('#run-time-announcement');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toContainText(/Time remaining: 1 minute and (2\d|30) seconds\./);
  await expect(beaPage.getByRole('banner')).not.toContainText('more than the standard time');
  await expectAccessible(annPage, 'player, a run with extra time');
  await shoot(annPage, 'accommodation-player-phone.png');

  // While they play, the host's scoreboard shows who has extra time.
  await host.goto(`/resim/${created.id}?tab=scoreboard`);
  const board = host.getByRole('table', { name: 'Learners by rank' });
  await expect(board.getByRole('row', { name: /ann-/ })).toContainText('Extra time: +50 % time');
  await expect(board.getByRole('row', { name: /bea-/ })).not.toContainText('Extra time');
  await expect(host.getByText('1 learner with extra time')).toBeVisible();
  await expectAccessible(host, 'editor, the scoreboard of a session with extra time');
  await shoot(host, 'accommodation-scoreboard.png');

  // Bea's run ends at the standard limit; Ann plays on past it.
  await expect(beaPage.getByRole('heading', { name: 'If you are done, just wait here!' })).toBeVisible({ timeout: 60_000 });
  await runTest(annPage, 'Blood glucose');
  await expect(annPage.getByText('Glucose 2.1 mmol/L')).toBeVisible();
  await shoot(annPage, 'accommodation-past-the-standard-limit-phone.png');

  // Stop asks first: Ann is still within her time. The host lets her finish; she plays on.
  await host.getByRole('button', { name: 'Stop Simulation' }).click();
  const ask = host.getByRole('dialog', { name: 'Learners with extra time are still playing' });
  await expect(ask).toContainText(`ann-${suffix}`);
  await expectAccessible(host, 'editor, Stop asks about learners with extra time');
  await shoot(host, 'accommodation-stop.png');
  await ask.getByRole('button', { name: 'Let them finish' }).click();
  await expect(host.getByText('The learners with extra time play on')).toBeVisible();
  await expect(host.getByLabel('Run status')).toHaveText('Running');
  await runTest(annPage, 'ECG');
  await expect(annPage.getByText('Sinus tachycardia')).toBeVisible();

  // She ends her run herself; the next Stop, with nobody left within extra time, ends the session as any Stop does.
  await annPage.getByRole('button', { name: 'End simulation' }).first().click();
  await annPage.getByRole('dialog').getByRole('button', { name: 'End simulation' }).click();
  await expect(annPage.getByRole('heading', { name: 'If you are done, just wait here!' })).toBeVisible();
  await host.getByRole('button', { name: 'Stop Simulation' }).click();
  await host.getByRole('dialog').getByRole('button', { name: 'Stop Simulation' }).click();
  await expect(host.getByLabel('Run status')).toHaveText('Finished');
  for (const page of [annPage, beaPage]) await expect(page.getByRole('heading', { name: 'The simulation has ended' })).toBeVisible();
  for (const context of contexts) await context.close();
});
