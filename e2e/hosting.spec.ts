import fs from 'node:fs';
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiAs, demoAdmin, shoot, signInAt } from './support';

const phone = { width: 390, height: 844 };

/** A Realtime session that lets in only signed-in learners, until the host changes it. */
const hostedScenario = (name: string, allowAnonymous: boolean) => ({
  details: { resimName: name, mode: 1, allowAnonymous, allowSignin: true, maxConclusions: 1 },
  stages: [{ id: 'stg1', name: 'Clinic', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [{ id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L', impact: [{ measureId: 'points', value: 10 }] }],
  conclusions: [{ id: 'conc1', name: 'Iron deficiency', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] }],
});

const phoneContext = (browser: Browser) => browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });

const joinAs = async (page: Page, address: string, nickname: string) => {
  await page.goto(address);
  await page.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
};

test('a host runs a session from the presenter display: QR join, remove, lock, start, stop, results as CSV', async ({
  browser,
  page: host,
}) => {
  test.setTimeout(240_000);
  const admin = demoAdmin();
  const api = apiAs(host, admin.email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Lecture hall ${Date.now().toString(36)}`;
  const created = await api<{ id: string; code: string; allowAnonymous: boolean }>('POST', '/admin/resim/new', { groupId: spaceId });
  expect(created.allowAnonymous).toBe(true);
  await api('PATCH', `/admin/resim/${created.id}`, hostedScenario(name, false));

  // The host signs in and puts the presenter display on the projector.
  await host.goto('/');
  await host.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(host, admin.email, admin.password);
  await expect(host.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await host.setViewportSize({ width: 1280, height: 800 });
  await host.goto(`/presenter/${created.id}`);
  const controls = host.getByRole('toolbar', { name: 'Session controls' });

  // Opening a lobby that would turn away learners without an account asks first.
  await controls.getByRole('button', { name: 'Open Lobby' }).click();
  const warning = host.getByRole('dialog', { name: 'Open Lobby?' });
  await expect(warning).toContainText('Learners without an account will be turned away');
  await expectAccessible(host, 'presenter display, the Open Lobby warning');
  await shoot(host, 'presenter-lobby-warning.png');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  await api('PATCH', `/admin/resim/${created.id}`, { details: { allowAnonymous: true } });
  await host.reload();
  await controls.getByRole('button', { name: 'Open Lobby' }).click();
  await expect(host.getByRole('dialog')).toBeHidden();
  await expect(host.getByText('Waiting to start')).toBeVisible();

  // The learners scan the QR code: it encodes the join address, printed beside it.
  const qr = host.getByRole('img', { name: /^QR code to join at / });
  await expect(qr).toBeVisible();
  const address = (await qr.getAttribute('aria-label'))!.replace('QR code to join at ', '');
  expect(address).toBe(new URL(`/play/${created.code}`, host.url()).href);
  await expect(host.getByLabel('Join address')).toHaveText(address);

  const contexts: BrowserContext[] = [];
  const phonePage = async () => {
    const context = await phoneContext(browser);
    contexts.push(context);
    return context.newPage();
  };
  const ann = await phonePage();
  const bob = await phonePage();
  const cleo = await phonePage();
  await joinAs(ann, address, 'Ann');
  await expect(ann.getByText('The session has not started yet', { exact: true })).toBeVisible();
  await shoot(ann, 'hosting-lobby-phone.png');
  await joinAs(bob, address, 'Bob');
  await expect(bob.getByText('The session has not started yet', { exact: true })).toBeVisible();
  // A nickname already in the opening is refused, whatever its case.
  await joinAs(cleo, address, 'ann');
  await expect(cleo.getByRole('alert')).toContainText('The nickname ann is taken in this session; choose another');
  await expectAccessible(cleo, 'player, a nickname taken');

  const lobby = host.getByLabel('Learners in the lobby');
  await expect(lobby.getByText('Ann', { exact: true })).toBeVisible();
  await expect(lobby.getByText('Bob', { exact: true })).toBeVisible();
  await expectAccessible(host, 'presenter display, a lobby with learners');
  await shoot(host, 'presenter-hosting-lobby.png');

  // The host removes Bob; his phone says so at once.
  await controls.getByRole('button', { name: 'Manage lobby' }).click();
  const manage = host.getByRole('dialog', { name: 'Manage lobby' });
  await manage.getByRole('button', { name: 'Remove Bob', exact: true }).click();
  await manage.getByRole('button', { name: 'Remove Bob now' }).click();
  await expect(manage.getByText('Removed: Bob')).toBeVisible();
  await expect(bob.getByRole('heading', { name: 'You were removed from this session' })).toBeVisible();
  await expectAccessible(bob, 'player, removed');
  await shoot(bob, 'hosting-removed-phone.png');

  // Locked: a third learner is told so before typing a nickname, and offered no way in.
  await manage.getByRole('switch', { name: /Lock the lobby/ }).click();
  await expect(manage.getByRole('switch', { name: /Lock the lobby/ })).toBeChecked();
  await expectAccessible(host, 'presenter display, Manage lobby, locked');
  await shoot(host, 'presenter-manage-lobby.png');
  await host.keyboard.press('Escape');
  await expect(manage).toBeHidden();
  await cleo.goto(address);
  await expect(cleo.getByText('The lobby is locked')).toBeVisible();
  await expect(cleo.getByRole('textbox', { name: 'Nickname' })).toHaveCount(0);
  await expectAccessible(cleo, 'player, a locked lobby');
  await shoot(cleo, 'hosting-locked-phone.png');
  await expect(lobby.getByText('Bob', { exact: true })).toBeHidden();

  // The console shows the same lobby from the scenario's session bar.
  const consolePage = await host.context().newPage();
  await consolePage.goto(`/resim/${created.id}`);
  await consolePage.getByRole('button', { name: 'Manage lobby' }).click();
  const consoleLobby = consolePage.getByRole('dialog', { name: 'Manage lobby' });
  await expect(consoleLobby.getByRole('table', { name: 'Learners in the lobby' })).toContainText('Ann');
  await expect(consoleLobby.getByRole('switch', { name: /Lock the lobby/ })).toBeChecked();
  await expectAccessible(consolePage, 'editor, Manage lobby');
  await shoot(consolePage, 'console-manage-lobby.png');
  await consolePage.close();

  // The session starts and stops from the display.
  await controls.getByRole('button', { name: 'Start Simulation' }).click();
  await expect(controls.getByLabel('Run status')).toHaveText('Running');
  await expect(ann.getByRole('tab', { name: 'Tests' })).toBeVisible();
  await ann.getByRole('tab', { name: 'Tests' }).click();
  await ann.getByRole('checkbox', { name: /Full blood count/ }).click();
  await ann.getByRole('button', { name: 'Run tests' }).click();
  await ann.getByRole('tab', { name: 'Test Results' }).click();
  await expect(ann.getByText('Hb 82 g/L')).toBeVisible();
  await expect(bob.getByRole('heading', { name: 'You were removed from this session' })).toBeVisible();
  await controls.getByRole('button', { name: 'Stop Simulation' }).click();
  await host.getByRole('dialog').getByRole('button', { name: 'Stop Simulation' }).click();
  await expect(host.getByRole('heading', { name: 'Final ranking' })).toBeVisible();
  await expect(ann.getByRole('heading', { name: 'The simulation has ended' })).toBeVisible();
  await expectAccessible(host, 'presenter display, final ranking');
  await shoot(host, 'presenter-hosting-final.png');

  // The console: the opening's results as CSV, every run of it, the removed one marked.
  await host.goto(`/resim/${created.id}?tab=scoreboard`);
  const board = host.getByRole('table', { name: 'Learners by rank' });
  await expect(board.getByRole('row')).toHaveCount(3);
  await expectAccessible(host, 'editor, a scoreboard with a removed learner');
  await shoot(host, 'results-scoreboard-hosting.png');
  const [download] = await Promise.all([host.waitForEvent('download'), host.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Lecture-hall-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = fs
    .readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(rows[0]).toBe(
    'rank,nickname,points,steps,duration_seconds,joined,started,ended,end_reason,result,reason,accommodation,diagnosis,answer_key',
  );
  expect(rows.slice(1).map((row) => [row.split(',')[1], row.split(',')[8]])).toEqual([
    ['Ann', 'stopped'],
    ['Bob', 'removed'],
  ]);

  // A scoreboard row opens the learner's run, step by step.
  await board.getByRole('button', { name: 'Open the run of Ann' }).click();
  const run = host.getByRole('dialog', { name: 'Ann' });
  await expect(run.getByLabel('Steps')).toContainText('ran Full blood count');
  await expect(run.getByLabel('Steps')).toContainText('Hb 82 g/L');
  await expectAccessible(host, "editor, a learner's run");
  await shoot(host, 'results-run-drawer.png');
  await host.keyboard.press('Escape');

  // The audit of this opening only.
  await host.goto(`/resim/${created.id}?tab=audit`);
  await host.getByRole('combobox', { name: 'Opening' }).click();
  await host.getByRole('option', { name: /\(current\)/ }).click();
  await expect(host.getByRole('table', { name: 'Audit trail' })).toContainText('ran Full blood count');
  await expectAccessible(host, 'editor, the audit of one opening');
  await shoot(host, 'results-audit-opening.png');

  for (const context of contexts) await context.close();
});
