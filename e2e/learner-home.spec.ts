import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiAs, cli, deliveredText, demoAdmin, shoot, signInAsDemoAdmin, signInAt } from './support';

type Template = { id: string; name: string; description: string };
type Created = { id: string; code: string };

const hour = 60 * 60 * 1000;
const password = 'Learner-password-1357';

/** A space of the demo administrator's with one self-paced scenario (a test to run), activated and given to `email`. */
const givenScenario = async (page: Page, email: string, options: { details?: Record<string, unknown>; notify?: boolean } = {}) => {
  const api = apiAs(page, demoAdmin().email);
  const suffix = Date.now().toString(36);
  const space = await api<{ id: string }>('POST', '/admin/space', { description: `Ward ${suffix}` });
  const created = await api<Created>('POST', '/admin/resim/new', { groupId: space.id });
  await api('PATCH', `/admin/resim/${created.id}`, {
    details: { resimName: `Night shift ${suffix}`, mode: 2, allowSignin: true, ...options.details },
    stages: [{ id: 'stg1', name: 'History', default: true }],
    actions: [{ id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L' }],
  });
  await api('POST', `/admin/control/${created.id}/2`);
  await api('POST', `/admin/space/${space.id}/learner`, { tags: [], notify: options.notify ?? false, learners: [{ email }] });
  await api('POST', `/admin/space/${space.id}/allocation`, { learners: [email], resims: [created.id] });
  return { api, resim: created, name: `Night shift ${suffix}` };
};

test('New scenario offers Blank and every template, and creates from the template chosen', async ({ page }) => {
  const api = apiAs(page, demoAdmin().email);
  const templates = await api<Template[]>('GET', '/admin/template');
  expect(templates.map((template) => template.name)).toContain('Blank');
  await signInAsDemoAdmin(page);
  await page.getByRole('region', { name: 'Demo space' }).getByRole('button', { name: 'New scenario in Demo space' }).click();
  const dialog = page.getByRole('dialog', { name: 'New scenario in Demo space' });
  for (const template of templates) {
    const option = dialog.getByRole('radio', { name: new RegExp(`^${template.name}`) });
    await expect(option).toBeVisible();
    await expect(option).toContainText(template.description);
  }
  await expect(dialog.getByRole('radio', { name: /^Blank/ })).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page, 'Home, New scenario with its templates');
  await shoot(page, 'new-scenario-templates.png');

  await dialog.getByRole('radio', { name: /^Diagnostic workup/ }).click();
  await dialog.getByRole('button', { name: 'Create scenario' }).click();
  await page.waitForURL(/\/resim\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Simulation (Unfinished)' })).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
  const created = await api<{ templateId: string; stages: { name: string }[]; measures: { name: string }[] }>('GET', `/admin/resim/${id}`);
  expect(created.templateId).toBe('diagnostic');
  expect(created.stages.map((stage) => stage.name)).toEqual(['Assessment', 'Investigations']);
  expect(created.measures.map((measure) => measure.name)).toEqual(['Points']);
  await page.getByRole('tab', { name: /Stages/ }).click();
  const stages = page.getByRole('navigation', { name: 'Stages', exact: true });
  await expect(stages.getByRole('button')).toHaveCount(2);
  await expect(stages).toContainText('Assessment');
  await expect(stages).toContainText('Investigations');
});

test('a learner outside the schedule is told when it opens and cannot join; inside it they can', async ({ page }) => {
  const email = `sched-${Date.now().toString(36)}@example.test`;
  cli('user', 'create', '--email', email, '--password', password, '--groups', '');
  const opens = new Date(Date.now() + 24 * hour).toISOString();
  const { api, resim, name } = await givenScenario(page, email, {
    details: { scheduleStart: opens, scheduleEnd: new Date(Date.now() + 48 * hour).toISOString() },
  });

  await page.goto('/play');
  await page.getByRole('button', { name: /Sign in/ }).click();
  await signInAt(page, email, password);
  const row = page.getByRole('region', { name: 'Your simulations' }).getByRole('link', { name: new RegExp(name) });
  await expect(row).toContainText('Not open yet');
  await expect(row).toContainText('Opens ');
  await expectAccessible(page, "player, a signed-in learner's list with a scenario not open yet");
  await shoot(page, 'player-schedule-list.png');
  await row.click();
  await expect(page.getByText('This simulation is not open yet')).toBeVisible();
  await expect(page.getByText(/^It opens on .+\. Come back then to join\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join' })).toHaveCount(0);
  await expectAccessible(page, 'player, a scenario not open yet');
  await shoot(page, 'player-schedule-not-open.png');
  const refused = await page.request.post(`/learn/join/${resim.code}`, { data: {} });
  expect(refused.status()).toBe(409);

  // The author moves the window to now: a scenario is edited only while Initialized.
  for (const status of [3, 0]) await api('POST', `/admin/control/${resim.id}/${status}`);
  await api('PATCH', `/admin/resim/${resim.id}`, {
    details: { scheduleStart: new Date(Date.now() - hour).toISOString(), scheduleEnd: new Date(Date.now() + 24 * hour).toISOString() },
  });
  await api('POST', `/admin/control/${resim.id}/2`);
  await page.reload();
  await expect(page.getByText(/^Open until /)).toBeVisible();
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Full blood count')).toBeVisible();
});

test('a learner signing in at / lands in their own list, and can sign out of it', async ({ page }) => {
  const email = `home-${Date.now().toString(36)}@example.test`;
  cli('user', 'create', '--email', email, '--password', password, '--groups', '');
  const { name } = await givenScenario(page, email);

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(page, email, password);
  await page.waitForURL((url) => url.pathname === '/play');
  await expect(page.getByRole('region', { name: 'Your simulations' }).getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByText('Create your first space')).toHaveCount(0);
  await expectAccessible(page, "player, a learner's own list");
  await shoot(page, 'learner-home.png');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a learner without a password is invited as anyone is, chooses one from a link emailed apart, and then can sign in', async ({
  page,
}) => {
  const email = `invited-${Date.now().toString(36)}@example.test`;
  const { api, name } = await givenScenario(page, email, { notify: true });
  const outbox = await api<{ messages: { id: string; to: string; subject: string; text: string }[] }>('GET', '/admin/outbox');
  const sent = (subject: RegExp) => outbox.messages.find((message) => message.to === email && subject.test(message.subject));
  // The invitation, which its sender and the space's members read, says nothing of the account.
  expect(sent(/^You are invited to Ward /)?.text).toContain('Sign in here to see your simulations:');
  expect(sent(/^You are invited to Ward /)?.text).not.toContain('/account/reset/');
  const choose = sent(/^Choose your .+ password$/);
  expect(choose?.text).toContain('Choose your password here, then sign in with your email and that password (the link works for 7 days):');
  // The outbox (a developer's, here) shows the link without its token; the recipient's email has it whole.
  expect(choose?.text).toMatch(/\/account\/reset\/\[hidden\]/);
  const link = /(http\S+\/account\/reset\/\S+)/.exec(deliveredText(email, choose!.subject))?.[1];
  expect(link).toBeDefined();
  expect(link).not.toContain('[hidden]');

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await expectAccessible(page, 'Choose your password');
  await shoot(page, 'invitation-choose-password.png');
  await page.locator('#password').fill(password);
  await page.locator('#confirm').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set. Sign in with your email and this password.')).toBeVisible();
  await expectAccessible(page, 'Choose your password, the password set');

  await page.getByRole('link', { name: /^Open / }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(page, email, password);
  await page.waitForURL((url) => url.pathname === '/play');
  await expect(page.getByRole('region', { name: 'Your simulations' }).getByRole('link', { name: new RegExp(name) })).toBeVisible();
});

test("a learner keeps their run's report and certificate in their own list after the opening has closed", async ({ page }) => {
  const email = `keeps-${Date.now().toString(36)}@example.test`;
  cli('user', 'create', '--email', email, '--password', password, '--groups', '');
  const { api, resim, name } = await givenScenario(page, email, {
    details: { answers: { actions: ['act1'], conclusions: [] }, passMark: { threshold: { kind: 'none' }, mustDo: true } },
  });
  const learner = apiAs(page, email);
  const run = await learner<{ gameId: string }>('POST', `/learn/join/${resim.code}`, {});
  for (const step of [{ type: 'runAction', actionId: 'act1' }, { type: 'end' }])
    await learner('POST', `/learn/game/${run.gameId}/event`, step);
  // The opening closes: its join page no longer leads to the run, the learner's list still does.
  await api('POST', `/admin/control/${resim.id}/3`);

  await page.goto('/play');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(page, email, password);
  await page.waitForURL((url) => url.pathname === '/play');
  const list = page.getByRole('region', { name: 'Your simulations' });
  await expect(list.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expect(list.getByRole('button', { name: `Download my report of ${name} (PDF)` })).toBeVisible();
  await expectAccessible(page, "player, a learner's own list with a report and a certificate");
  await shoot(page, 'learner-home-keepsakes.png');

  const download = page.waitForEvent('download');
  await list.getByRole('button', { name: `Download my certificate of ${name} (PDF)` }).click();
  expect((await download).suggestedFilename()).toMatch(/-certificate\.pdf$/);
});

test('a host emails the learners of an opening their reports, each a PDF attached to the run-report email', async ({ page }) => {
  const email = `mailed-${Date.now().toString(36)}@example.test`;
  cli('user', 'create', '--email', email, '--password', password, '--groups', '');
  const { resim, name } = await givenScenario(page, email);
  const learner = apiAs(page, email);
  const run = await learner<{ gameId: string }>('POST', `/learn/join/${resim.code}`, {});
  for (const step of [{ type: 'runAction', actionId: 'act1' }, { type: 'end' }])
    await learner('POST', `/learn/game/${run.gameId}/event`, step);

  await signInAsDemoAdmin(page);
  await page.goto(`/resim/${resim.id}?tab=scoreboard`);
  await page.getByRole('button', { name: 'Email reports to learners…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email the reports to the learners?' });
  await expectAccessible(page, 'scoreboard, emailing the reports asked');
  await dialog.getByRole('button', { name: 'Email reports' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/1 report queued/);
  await expectAccessible(page, 'scoreboard, the reports queued');
  await shoot(page, 'reports-emailed.png');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Asked again, nobody is sent their report twice, and the dialog says so.
  await page.getByRole('button', { name: 'Email reports to learners…' }).click();
  await dialog.getByRole('button', { name: 'Email reports' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/1 learner had been emailed their report before and was not sent it again/);
  await shoot(page, 'reports-emailed-again.png');
  await dialog.getByRole('button', { name: 'Done' }).click();

  expect(deliveredText(email, `Your report of ${name}`)).toContain(name);
});
