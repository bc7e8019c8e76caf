import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiAs, cli, demoAdmin, shoot, signInAt } from './support';

const phone = { width: 390, height: 844 };
const learnerPassword = 'Learner-password-2468';

/** A Realtime session: the second test needs the first; the answer key is iron deficiency. */
const sessionScenario = (name: string) => ({
  details: {
    resimName: name,
    description: 'A tired patient with a low haemoglobin.',
    mode: 1,
    allowAnonymous: true,
    allowSignin: true,
    maxConclusions: 1,
    userRestriction: { pattern: ['*@hospital.test'] },
    answers: { actions: ['act1', 'act2'], conclusions: ['conc1'] },
  },
  stages: [{ id: 'stg1', name: 'Clinic', default: true, description: 'See the patient and order tests.' }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  baseline: [{ id: 'baseline1', name: 'Presenting complaint', facts: 'Six weeks of tiredness and breathlessness on stairs.' }],
  actions: [
    { id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L, MCV 71 fL', impact: [{ measureId: 'points', value: 10 }] },
    {
      id: 'act2',
      name: 'Ferritin',
      stage: 'stg1',
      facts: 'Ferritin 6 µg/L',
      requiredActions: { all: ['act1'], any: [], none: [] },
      impact: [{ measureId: 'points', value: 5 }],
    },
    { id: 'act3', name: 'Chest X-ray', stage: 'stg1', facts: 'Clear lungs', impact: [{ measureId: 'points', value: -5 }] },
  ],
  conclusions: [
    { id: 'conc1', name: 'Iron deficiency anaemia', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] },
    { id: 'conc2', name: 'B12 deficiency', stage: 'stg1', impact: [{ measureId: 'points', value: -10 }] },
  ],
});

const learnerContext = (browser: Browser) => browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });

/** On a phone the run is in tabs: results, tests, diagnosis. */
const openTab = (page: Page, name: string) => page.getByRole('tab', { name }).click();

/** Runs the named tests from the learner's list, then shows the results. */
const runTests = async (page: Page, ...names: string[]) => {
  await openTab(page, 'Tests');
  for (const name of names) await page.getByRole('checkbox', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Run tests' }).click();
  await openTab(page, 'Test Results');
};

const confirmDiagnosis = async (page: Page, name: string) => {
  await openTab(page, 'Diagnosis');
  await page.getByRole('button', { name: 'Diagnose' }).first().click();
  const chooser = page.getByRole('dialog', { name: 'Diagnosis' });
  await expect(chooser.getByText('You can select 1 diagnosis')).toBeVisible();
  await chooser.getByRole('checkbox', { name: new RegExp(name) }).click();
  await chooser.getByRole('button', { name: 'Confirm Diagnosis' }).click();
  await expect(chooser).toBeHidden();
};

test('a live session: lobby, three learners (anonymous, signed in, refused), start, tests and diagnoses, a message, stop, scores', async ({
  browser,
  page: presenter,
}) => {
  test.setTimeout(240_000);
  const admin = demoAdmin();
  cli('user', 'create', '--email', 'nurse@hospital.test', '--password', learnerPassword, '--groups', '');
  cli('user', 'create', '--email', 'guest@elsewhere.test', '--password', learnerPassword, '--groups', '');
  const api = apiAs(presenter, admin.email);

  // The scenario, built through the API (the editor's own test builds one by hand).
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Anaemia clinic ${Date.now().toString(36)}`;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, sessionScenario(name));

  // The presenter signs in, opens the scenario and the lobby; the join code shows.
  await presenter.goto('/');
  await presenter.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(presenter, admin.email, admin.password);
  await expect(presenter.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await presenter.goto(`/resim/${created.id}`);
  await expect(presenter.getByRole('heading', { level: 1, name })).toBeVisible();
  await presenter.getByRole('button', { name: 'Open Lobby' }).click();
  await expect(presenter.getByLabel('Run status')).toHaveText('Waiting');
  await expect(presenter.getByLabel(`Join code ${created.code}`)).toBeVisible();

  const contexts: BrowserContext[] = [];
  const learner = async () => {
    const context = await learnerContext(browser);
    contexts.push(context);
    return context.newPage();
  };

  // 1. Anonymous: types the code like a game PIN, gives a nickname, waits in the lobby.
  const sam = await learner();
  await sam.goto('/play');
  await expect(sam.getByRole('heading', { level: 1, name: 'Join a simulation' })).toBeVisible();
  await shoot(sam, 'player-code-phone.png');
  await sam.getByRole('textbox', { name: 'Join code' }).fill(created.code.toLowerCase());
  await sam.getByRole('button', { name: 'Continue' }).click();
  await expect(sam.getByRole('heading', { level: 1, name })).toBeVisible();
  await shoot(sam, 'player-join-phone.png');
  await sam.getByRole('textbox', { name: 'Nickname' }).fill('Sam');
  await sam.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(sam.getByText('The session has not started yet', { exact: true })).toBeVisible();
  await shoot(sam, 'player-lobby-phone.png');

  // 2. Signed in, matching the restriction pattern.
  const nurse = await learner();
  await nurse.goto(`/play/${created.code}`);
  await nurse.getByRole('button', { name: 'Sign in to join' }).click();
  await signInAt(nurse, 'nurse@hospital.test', learnerPassword);
  // Signing in to join joins on the way back.
  await nurse.waitForURL(new RegExp(`/play/${created.code}`));
  await expect(nurse.getByText('The session has not started yet', { exact: true })).toBeVisible();

  // The presenter display, opened from the session bar in the presenter's browser, shows the room who is in.
  const [display] = await Promise.all([
    presenter.context().waitForEvent('page'),
    presenter.getByRole('link', { name: 'Presenter display' }).click(),
  ]);
  await display.setViewportSize({ width: 1280, height: 720 });
  await expect(display.getByLabel('Join code')).toHaveText(created.code);
  const lobby = display.getByLabel('Learners in the lobby');
  await expect(lobby.getByText('Sam', { exact: true })).toBeVisible();
  await expect(lobby.getByText('nurse', { exact: true })).toBeVisible();
  await expectAccessible(display, 'presenter display, the lobby');
  await shoot(display, 'presenter-lobby.png');

  // 3. Signed in, refused by the restriction pattern, with the reason.
  const guest = await learner();
  await guest.goto(`/play/${created.code}`);
  await guest.getByRole('button', { name: 'Sign in to join' }).click();
  await signInAt(guest, 'guest@elsewhere.test', learnerPassword);
  await guest.waitForURL(new RegExp(`/play/${created.code}`));
  await expect(guest.getByRole('alert')).toContainText(`Your account (guest@elsewhere.test) is not allowed to join ${name}`);
  await expectAccessible(guest, 'player, a signed-in learner refused');
  await shoot(guest, 'player-refused-phone.png');

  // The session starts: everyone in the lobby is released at once.
  await presenter.getByRole('button', { name: 'Start Simulation' }).click();
  await expect(presenter.getByLabel('Run status')).toHaveText('Running');
  for (const page of [sam, nurse]) await expect(page.getByRole('tab', { name: 'Tests' })).toBeVisible();
  await expect(sam.getByText('Six weeks of tiredness')).toBeVisible();
  await expectAccessible(sam, 'player, a live run');
  await shoot(sam, 'player-run-phone.png');

  // Sam: the blood count, then the ferritin it unlocks, then the right diagnosis.
  await runTests(sam, 'Full blood count');
  await expect(sam.getByText('Hb 82 g/L, MCV 71 fL')).toBeVisible();
  await runTests(sam, 'Ferritin');
  await expect(sam.getByText('Ferritin 6 µg/L')).toBeVisible();
  await expectAccessible(sam, 'player, test results');
  await shoot(sam, 'player-results-phone.png');
  await confirmDiagnosis(sam, 'Iron deficiency anaemia');

  // The nurse: the blood count and an X-ray, then the wrong diagnosis.
  await runTests(nurse, 'Full blood count', 'Chest X-ray');
  await expect(nurse.getByText('Clear lungs')).toBeVisible();
  await confirmDiagnosis(nurse, 'B12 deficiency');

  // A message from the presenter reaches every learner at once.
  await presenter.getByRole('button', { name: 'Message learners' }).click();
  const compose = presenter.getByRole('dialog', { name: 'Message learners' });
  await compose.getByLabel('Title').fill('Five minutes left');
  await compose.getByLabel('Message').fill('Confirm your diagnosis and wait for the debrief.');
  await expectAccessible(presenter, 'editor, the message dialog');
  await compose.getByRole('button', { name: 'Send' }).click();
  for (const page of [sam, nurse]) {
    const message = page.getByRole('dialog', { name: 'Five minutes left' });
    await expect(message).toContainText('Confirm your diagnosis and wait for the debrief.');
  }
  await expectAccessible(sam, "player, the presenter's message");
  await shoot(sam, 'player-message-phone.png');
  await expect(display.getByRole('status').filter({ hasText: 'Five minutes left' })).toBeVisible();
  await expect(display.getByRole('heading', { name: 'Leading now' })).toBeVisible();
  await expectAccessible(display, 'presenter display, running');
  await shoot(display, 'presenter-running.png');
  for (const page of [sam, nurse]) await page.getByRole('button', { name: 'OK' }).click();

  // The session stops: every run ends, with its score.
  await presenter.getByRole('button', { name: 'Stop Simulation' }).click();
  await expect(presenter.getByRole('dialog')).toBeVisible();
  await expectAccessible(presenter, 'editor, asked to stop the simulation');
  await presenter.getByRole('dialog').getByRole('button', { name: 'Stop Simulation' }).click();
  await expect(presenter.getByLabel('Run status')).toHaveText('Finished');
  for (const page of [sam, nurse]) await expect(page.getByRole('heading', { name: 'The simulation has ended' })).toBeVisible();
  await expect(sam.getByText('35', { exact: true }).first()).toBeVisible();
  await expectAccessible(sam, 'player, the end of a live run');
  await shoot(sam, 'player-end-phone.png');
  // The display follows within its polling interval: the final ranking, Sam first.
  await expect(display.getByRole('heading', { name: 'Final ranking' })).toBeVisible();
  const ranking = display.getByLabel('Ranking').getByRole('listitem');
  await expect(ranking.first()).toContainText('Sam');
  await expect(ranking.first()).toContainText('35');
  await expect(ranking).toHaveCount(2);
  await expectAccessible(display, 'presenter display, final ranking');
  await shoot(display, 'presenter-final.png');

  // The scores are the server's: Sam 10 + 5 + 20, the nurse 10 - 5 - 10.
  const games = await api<{ nickname: string; points: number; rank: number; endReason: string; email: string | null }[]>(
    'GET',
    `/admin/resim/${created.id}/games`,
  );
  expect(
    games.map(({ nickname, points, rank, endReason }) => ({ nickname, points, rank, endReason })).sort((a, b) => a.rank - b.rank),
  ).toEqual([
    { nickname: 'Sam', points: 35, rank: 1, endReason: 'stopped' },
    { nickname: expect.any(String), points: -5, rank: 2, endReason: 'stopped' },
  ]);
  expect(games.map((game) => game.email)).not.toContain('guest@elsewhere.test');
  const audit = (await api<{ entries: { nickname: string; type: string }[] }>('GET', `/admin/resim/${created.id}/audit`)).entries;
  expect(audit.filter((entry) => entry.nickname === 'Sam').map((entry) => entry.type)).toEqual([
    'runAction',
    'runAction',
    'confirmConclusions',
    'stop',
  ]);

  // The same in the editor's results: the dashboard, the opening's scoreboard and the audit trail in the scenario's words.
  await presenter.goto(`/resim/${created.id}?tab=dashboard`);
  await expect(presenter.getByLabel('Openings, newest first')).toContainText('2');
  await expectAccessible(presenter, 'editor, a populated dashboard');
  await shoot(presenter, 'results-dashboard.png');
  await presenter.goto(`/resim/${created.id}?tab=scoreboard`);
  const board = presenter.getByRole('table', { name: 'Learners by rank' });
  await expect(board.getByRole('row').nth(1)).toContainText('Sam');
  await expect(board.getByRole('row').nth(1)).toContainText('35');
  await expectAccessible(presenter, 'editor, scoreboard');
  await shoot(presenter, 'results-scoreboard.png');
  await presenter.goto(`/resim/${created.id}?tab=audit`);
  const trail = presenter.getByRole('table', { name: 'Audit trail' });
  await expect(trail).toContainText('ran Full blood count');
  await expect(trail).toContainText('confirmed Iron deficiency anaemia');
  await expectAccessible(presenter, 'editor, audit trail');
  await shoot(presenter, 'results-audit.png');

  for (const context of contexts) await context.close();
});
