import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAt } from './support';

const phone = { width: 390, height: 844 };

const editorTabs = [
  'details',
  'overview',
  'access',
  'wording',
  'stages',
  'actions',
  'conclusions',
  'measures',
  'infos',
  'baseline',
  'pages',
  'hint',
  'answers',
  'dashboard',
  'scoreboard',
  'audit',
  'flow',
];

/** A scenario open to anonymous learners, with something on every tab a learner sees. */
const scenario = (name: string) => ({
  details: {
    resimName: name,
    description: 'A tired patient with a low haemoglobin.',
    mode: 1,
    allowAnonymous: true,
    maxConclusions: 1,
    answers: { actions: ['act1'], conclusions: ['conc1'] },
  },
  stages: [{ id: 'stg1', name: 'Clinic', default: true, description: 'See the patient and order tests.' }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  baseline: [{ id: 'baseline1', name: 'Presenting complaint', facts: 'Six weeks of tiredness.' }],
  actions: [
    { id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L', impact: [{ measureId: 'points', value: 10 }] },
    { id: 'act2', name: 'Chest X-ray', stage: 'stg1', facts: 'Clear lungs', impact: [{ measureId: 'points', value: -5 }] },
  ],
  conclusions: [
    { id: 'conc1', name: 'Iron deficiency anaemia', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] },
    { id: 'conc2', name: 'B12 deficiency', stage: 'stg1', impact: [{ measureId: 'points', value: -10 }] },
  ],
});

/** Every page has one heading of level 1 once it has loaded. */
const loaded = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

test('every page of the console, the player and the presenter display has no critical or serious accessibility violation', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const admin = demoAdmin();
  const api = apiAs(page, admin.email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Accessible clinic ${Date.now().toString(36)}`;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, scenario(name));

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'welcome');
  await shoot(page, 'a11y-welcome.png');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#email')).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await shoot(page, 'a11y-sign-in.png');
  await signInAt(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expectAccessible(page, 'Home');

  // The first Tab reaches the skip link, which moves the focus past the header and the navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await shoot(page, 'a11y-home-skip-link.png');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // A menu, loaded as it is pressed, and the message of what it did.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'Home, a menu');
  await shoot(page, 'a11y-home-menu.png');
  await page.getByRole('menuitem', { name: 'Clone' }).click();
  await expect(page.getByText(/was created/)).toBeVisible();
  await expectAccessible(page, 'Home, a message');
  await shoot(page, 'a11y-home-message.png');
  // A dialog, closed by its named close button.
  await page.getByRole('button', { name: 'New space' }).click();
  const dialog = page.getByRole('dialog', { name: 'New space' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'Home, a dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  for (const tab of editorTabs) {
    await page.goto(`/resim/${created.id}?tab=${tab}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('tab', { selected: true }).or(page.locator('[aria-current="page"]')).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `editor, ${tab}`);
    if (tab === 'actions') await shoot(page, 'a11y-editor-actions.png');
  }

  await page.goto('/clients');
  await loaded(page);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Clients');
  await page.goto('/email-templates');
  await loaded(page);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'Email templates');

  // The live session: the presenter opens the lobby and the display; a learner joins on a phone.
  await page.goto(`/resim/${created.id}`);
  await page.getByRole('button', { name: 'Open Lobby' }).click();
  await expect(page.getByLabel('Run status')).toHaveText('Waiting');
  const [display] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Presenter display' }).click()]);
  await expect(display.getByLabel('Join code')).toHaveText(created.code);
  await expectAccessible(display, 'presenter display');
  await shoot(display, 'a11y-presenter.png');

  const learnerContext = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
  const learner = await learnerContext.newPage();
  await learner.goto('/play');
  await expect(learner.getByRole('heading', { level: 1, name: 'Join a simulation' })).toBeVisible();
  await expectAccessible(learner, 'player, code');
  await learner.getByRole('textbox', { name: 'Join code' }).fill(created.code);
  await learner.getByRole('button', { name: 'Continue' }).click();
  // Each screen of the player focuses its heading as it appears.
  await expect(learner.getByRole('heading', { level: 1, name })).toBeFocused();
  await expectAccessible(learner, 'player, join');
  await shoot(learner, 'a11y-player-join.png');
  await learner.getByRole('textbox', { name: 'Nickname' }).fill('Sam');
  await learner.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(learner.getByRole('status').filter({ hasText: 'The session has not started yet' })).toBeVisible();
  await expect(learner.getByRole('heading', { level: 1 })).toBeFocused();
  await expectAccessible(learner, 'player, lobby');

  await page.getByRole('button', { name: 'Start Simulation' }).click();
  await expect(learner.getByRole('tab', { name: 'Tests' })).toBeVisible();
  await expectAccessible(learner, 'player, run');
  await shoot(learner, 'a11y-player-run.png');

  await page.getByRole('button', { name: 'Stop Simulation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Stop Simulation' }).click();
  await expect(page.getByLabel('Run status')).toHaveText('Finished');
  await expect(learner.getByRole('tab', { name: 'Tests' })).toBeHidden();
  await learner.waitForLoadState('networkidle');
  await expectAccessible(learner, 'player, end');
  await shoot(learner, 'a11y-player-end.png');
  await learnerContext.close();
});
