import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin } from './support';

type Api = ReturnType<typeof apiAs>;

const action = (id: string, name: string, stage: string, facts: string) => ({
  id,
  name,
  stage,
  facts,
  impact: [{ measureId: 'points', value: 10 }],
});

/** Three stages that ask for nothing, so all open at the start; one test in each. */
const fieldScenario = (name: string, mode: number) => ({
  details: {
    resimName: name,
    description: 'A patient seen in three places at once.',
    mode,
    allowAnonymous: true,
    allowSignin: true,
    maxConclusions: 1,
    answers: { actions: ['act1'], conclusions: ['conc1'] },
  },
  stages: [
    { id: 'stg1', name: 'Triage', default: true },
    { id: 'stg2', name: 'Ward' },
    { id: 'stg3', name: 'Lab' },
  ],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: [
    action('act1', 'Full blood count', 'stg1', 'Hb 82 g/L'),
    action('act2', 'Observations', 'stg2', 'Pulse 104'),
    action('act3', 'Ferritin', 'stg3', 'Ferritin 6'),
  ],
  conclusions: [{ id: 'conc1', name: 'Iron deficiency anaemia', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] }],
});

const createScenario = async (api: Api, name: string, mode = 2) => {
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, fieldScenario(name, mode));
  return created;
};

const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

const openEditor = async (page: Page, resimId: string, name: string, tab?: string) => {
  await page.goto(`/resim/${resimId}${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/** Runs one test of the player's list, on a desktop screen where the list and the results stand side by side. */
const runTest = async (player: Page, name: string) => {
  await player.getByRole('checkbox', { name: new RegExp(name) }).click();
  await player.getByRole('button', { name: 'Run tests' }).click();
};

/** The stage groups of the player's list of tests, in the order shown. */
const stageGroupsOf = (player: Page) =>
  player
    .locator('section[aria-labelledby="actions-title"] [role="group"]')
    .evaluateAll((groups) => groups.map((group) => group.getAttribute('aria-label')));

const previewFromEditor = async (page: Page, resimId: string) => {
  const [player] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Preview as learner' }).click(),
  ]);
  await player.waitForURL(new RegExp(`/play/preview/${resimId}/`));
  await expect(player.getByRole('note', { name: 'Preview' })).toBeVisible();
  return player;
};

test('an author previews as a learner from the editor, plays Test Mode from the join page, and neither reaches the real results', async ({
  page,
}) => {
  const api = apiAs(page, demoAdmin().email);
  const name = unique('Preview clinic');
  const { id, code } = await createScenario(api, name);
  await signInAsDemoAdmin(page);
  await openEditor(page, id, name);

  // Initialized, which no learner may join: the preview plays it all the same.
  const player = await previewFromEditor(page, id);
  await runTest(player, 'Full blood count');
  await expect(player.getByText('Hb 82 g/L').first()).toBeVisible();
  await expectAccessible(player, 'player, preview');
  await shoot(player, 'field-trial-preview.png');
  await player.close();

  // In Test Mode the author joins by the code like a learner, instead of finding it closed.
  await api('POST', `/admin/control/${id}/4`);
  const tester = await page.context().newPage();
  await tester.goto(`/play/${code}`);
  await expect(tester.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(tester.getByText('This simulation is closed')).toHaveCount(0);
  await expectAccessible(tester, 'player, joining Test Mode');
  await tester.getByRole('button', { name: 'Join', exact: true }).click();
  await runTest(tester, 'Observations');
  await expect(tester.getByText('Pulse 104').first()).toBeVisible();
  await expectAccessible(tester, 'player, a Test Mode run');
  await tester.close();

  // The real records hold the Test Mode run only, counted apart, and nothing of the preview.
  const games = await api<{ instanceId: string }[]>('GET', `/admin/resim/${id}/games`);
  expect(games.map((game) => game.instanceId)).toEqual(['test']);
  expect((await api<{ entries: unknown[] }>('GET', `/admin/resim/${id}/audit`)).entries).toHaveLength(1);
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page.getByLabel('Test Mode runs')).toHaveText('1 run in Test Mode, counted apart');
});

test('the session bar counts the learners of the current opening only, after a second opening', async ({ page }) => {
  const api = apiAs(page, demoAdmin().email);
  const name = unique('Second opening');
  const { id, code } = await createScenario(api, name, 1);
  const join = async (nickname: string) =>
    expect((await page.request.post(`/learn/join/${code}`, { data: { nickname } })).status()).toBe(201);

  // The first opening: two learners, then stopped and reset.
  await api('POST', `/admin/control/${id}/1`);
  await join('Ann');
  await join('Bea');
  for (const status of [2, 3, 0]) await api('POST', `/admin/control/${id}/${status}`);

  // The second opening: one learner so far.
  await api('POST', `/admin/control/${id}/1`);
  await join('Cal');
  await signInAsDemoAdmin(page);
  await openEditor(page, id, name);
  await expect(page.getByLabel('Learners joined: 1')).toBeVisible();
  await join('Dee');
  await expect(page.getByLabel('Learners joined: 2')).toBeVisible();
  await expectAccessible(page, 'editor, the session bar of a second opening');
  await shoot(page, 'field-trial-session-bar.png');
});

test('the header, the view-only banner and the dashboard follow a status change made elsewhere, at once', async ({ page }) => {
  const api = apiAs(page, demoAdmin().email);
  const name = unique('Live console');
  const { id } = await createScenario(api, name, 1);
  const frames: string[] = [];
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/admin/socket')) return;
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      frames.push(text);
      if (text.includes('"subscribed"')) subscribed();
    });
  });
  await signInAsDemoAdmin(page);
  await openEditor(page, id, name, 'dashboard');
  await expect(page.getByLabel('Run status')).toHaveText('Initialized');
  await expect(page.getByLabel('Status of the session')).toHaveText('Initialized');
  await ready;
  // Right after the dashboard was read, its next poll is 6 s away: what arrives sooner came over the socket.
  await page.waitForResponse((response) => response.url().endsWith(`/admin/resim/${id}/dashboard`));
  await api('POST', `/admin/control/${id}/1`);
  const soon = { timeout: 3000 };
  await expect(page.getByLabel('Run status')).toHaveText('Waiting', soon);
  await expect(page.getByLabel('Status of the session')).toHaveText('Waiting', soon);
  await expect(page.getByRole('alert', { name: 'View only' })).toBeVisible(soon);
  expect(frames.some((frame) => frame.includes('"type":"status"'))).toBe(true);
  await expectAccessible(page, 'editor, a status changed elsewhere');
  await shoot(page, 'field-trial-live-status.png');

  await page.waitForResponse((response) => response.url().endsWith(`/admin/resim/${id}/dashboard`));
  await api('POST', `/admin/control/${id}/0`);
  await expect(page.getByLabel('Run status')).toHaveText('Initialized', soon);
  await expect(page.getByRole('alert', { name: 'View only' })).toHaveCount(0, soon);
});

test('stages reorder by buttons and by drag, say which open at the start, and the player shows them in that order', async ({ page }) => {
  const api = apiAs(page, demoAdmin().email);
  const name = unique('Stage order');
  const { id } = await createScenario(api, name);
  await signInAsDemoAdmin(page);
  await openEditor(page, id, name, 'stages');

  const order = page.getByRole('list', { name: 'Order of stages' });
  const names = () => order.getByRole('listitem').evaluateAll((items) => items.map((item) => item.textContent?.replace(/^\d+/, '') ?? ''));
  await expect(page.getByText('Triage, Ward and Lab open together when a run starts.')).toBeVisible();

  // By buttons: Lab to the top.
  await order.getByRole('button', { name: 'Move Lab up' }).click();
  await order.getByRole('button', { name: 'Move Lab up' }).click();
  await expect.poll(names).toEqual(['LabOpens at start', 'TriageDefaultOpens at start', 'WardOpens at start']);
  await expect(order.getByRole('button', { name: 'Move Lab up' })).toBeDisabled();

  // By drag: Ward onto Lab's place, at the top.
  const handle = order.getByRole('button', { name: 'Drag Ward' });
  const target = order.getByRole('button', { name: 'Drag Lab' });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 15 });
  await page.mouse.up();
  await expect.poll(names).toEqual(['WardOpens at start', 'LabOpens at start', 'TriageDefaultOpens at start']);
  await expect(page.getByText('Ward, Lab and Triage open together when a run starts.')).toBeVisible();
  await expectAccessible(page, 'editor, stage order');
  await shoot(page, 'field-trial-stage-order.png');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
  const saved = await api<{ stages: { id: string }[] }>('GET', `/admin/resim/${id}`);
  expect(saved.stages.map((stage) => stage.id)).toEqual(['stg2', 'stg3', 'stg1']);

  // The flow chart states the same rule.
  await page.getByRole('tab', { name: 'Flow chart' }).click();
  await expect(page.getByText('Ward, Lab and Triage open together when a run starts.')).toBeVisible();
  await expect(page.getByTestId('flow-chart').getByText('Triage (default) · opens at start')).toBeVisible();
  await expectAccessible(page, 'editor, flow chart with stages opening at start');
  await shoot(page, 'field-trial-flow-chart.png');

  const player = await previewFromEditor(page, id);
  await expect.poll(() => stageGroupsOf(player)).toEqual(['Ward', 'Lab', 'Triage']);
  await expectAccessible(player, 'player, preview with stages in order');
  await shoot(player, 'field-trial-stage-order-player.png');
});
