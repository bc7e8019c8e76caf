import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, shoot, signInAt } from './support';

const scenario = (name: string) => ({
  details: { resimName: name, mode: 1, allowAnonymous: true, allowSignin: true, maxConclusions: 1 },
  stages: [{ id: 'stg1', name: 'Clinic', default: true }],
  measures: [
    { id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 },
    { id: 'measure1', name: 'Cost', type: 7, initial: 100 },
  ],
  actions: [
    {
      id: 'act1',
      name: 'Full blood count',
      stage: 'stg1',
      facts: 'Hb 82 g/L',
      impact: [
        { measureId: 'points', value: 10 },
        { measureId: 'measure1', value: -20 },
      ],
    },
  ],
  conclusions: [{ id: 'conc1', name: 'Iron deficiency', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] }],
});

test('a saved view that hides names and shows only the leaderboard is what the display shows', async ({ page: host }) => {
  test.setTimeout(180_000);
  const admin = demoAdmin();
  const api = apiAs(host, admin.email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Grand round ${Date.now().toString(36)}`;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, scenario(name));
  await api('POST', `/admin/control/${created.id}/1`);
  // Two learners join and take a step, so that the ranking has names to hide.
  const learners: { gameId: string; runToken: string }[] = [];
  for (const nickname of ['Annabel', 'Bartholomew']) {
    const joined = await host.request.post(`/learn/join/${created.code}`, { data: { nickname } });
    expect(joined.ok()).toBe(true);
    learners.push((await joined.json()) as { gameId: string; runToken: string });
  }
  await api('POST', `/admin/control/${created.id}/2`);
  const step = await host.request.post(`/learn/game/${learners[1]!.gameId}/event`, {
    headers: { 'x-run-token': learners[1]!.runToken },
    data: { type: 'runAction', actionId: 'act1' },
  });
  expect(step.ok()).toBe(true);

  await host.goto('/');
  await host.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(host, admin.email, admin.password);
  await expect(host.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await host.goto(`/resim/${created.id}`);

  // The standard layout first: every panel, the names as given.
  const [standard] = await Promise.all([
    host.context().waitForEvent('page'),
    host.getByRole('link', { name: 'Presenter display' }).click(),
  ]);
  await standard.setViewportSize({ width: 1280, height: 800 });
  await expect(standard.getByLabel('Join code')).toHaveText(created.code);
  await expect(standard.getByLabel('Ranking')).toContainText('Bartholomew');
  await expect(standard.getByRole('group', { name: 'Measures' })).toContainText('Cost');
  await expectAccessible(standard, 'presenter display, standard view with measures');
  await shoot(standard, 'presenter-view-standard.png');
  await standard.close();

  // The host makes a view of the leaderboard alone, names hidden, on light.
  await host.getByRole('button', { name: 'Presenter views' }).click();
  const dialog = host.getByRole('dialog', { name: 'Presenter views' });
  await dialog.getByRole('button', { name: 'New view' }).click();
  const form = dialog.getByRole('form', { name: 'New presenter view' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Scores only');
  for (const panel of ['Join code and QR code', 'Lobby: names as learners join', 'Measure charts', 'Messages to learners'])
    await form.getByRole('checkbox', { name: panel }).uncheck();
  await form.getByRole('switch', { name: /Hide learners' names/ }).check();
  await form.getByText('Light', { exact: true }).click();
  await expectAccessible(host, 'presenter view editor');
  await shoot(host, 'presenter-view-editor.png');
  await form.getByRole('button', { name: 'Save view' }).click();
  await expect(form).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'The display shows' })).toHaveValue('Scores only');
  await expectAccessible(host, 'presenter views');
  await shoot(host, 'presenter-views.png');

  const [display] = await Promise.all([
    host.context().waitForEvent('page'),
    dialog.getByRole('link', { name: 'Open the display' }).click(),
  ]);
  await display.setViewportSize({ width: 1280, height: 800 });
  const ranking = display.getByLabel('Ranking');
  await expect(ranking.getByRole('listitem')).toHaveText([/^1Learner 210$/, /^2Learner 10$/]);
  await expect(display.getByText('Annabel')).toHaveCount(0);
  await expect(display.getByText('Bartholomew')).toHaveCount(0);
  await expect(display.getByLabel('Join code')).toHaveCount(0);
  await expect(display.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await expect(display.getByRole('group', { name: 'Measures' })).toHaveCount(0);
  await expect(display.getByRole('main')).toHaveAttribute('data-theme', 'light');
  await expectAccessible(display, 'presenter display, light, leaderboard only');
  await shoot(display, 'presenter-view-leaderboard.png');

  // Made the default, it is what the display shows when it names no view.
  const views = await api<{ id: string; name: string }[]>('GET', `/admin/resim/${created.id}/presenter`);
  await api('PATCH', `/admin/presenter/${views.find((view) => view.name === 'Scores only')!.id}`, { isDefault: true });
  await display.goto(`/presenter/${created.id}`);
  await expect(display.getByLabel('Ranking')).toContainText('Learner 2');
  await expect(display.getByLabel('Join code')).toHaveCount(0);
  await expectAccessible(display, 'presenter display, the default view');
});
