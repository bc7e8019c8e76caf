import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin, signInAsDemoAdmin } from './support';

const scenario = (name: string) => ({
  details: { resimName: name, description: 'A session for the whole congress.', mode: 1, allowAnonymous: true },
  stages: [{ id: 'stg1', name: 'Clinic', default: true }],
  actions: [{ id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L' }],
  conclusions: [{ id: 'conc1', name: 'Iron deficiency anaemia', stage: 'stg1' }],
});

/**
 * A Stop of thousands of runs goes on after its request is answered, its progress pushed over the
 * console's live channel. Ending that many runs here would take long: the test speaks for the
 * server on the editor's own channel, which otherwise passes through as it is.
 */
test('the editor shows how far a Stop has gone through the session’s runs, and nothing once it is done', async ({ page }) => {
  const api = apiAs(page, demoAdmin().email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Congress ${Date.now().toString(36)}`;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, scenario(name));
  await api('POST', `/admin/control/${created.id}/1`);

  let subscribed = false;
  let push: (message: object) => void = () => undefined;
  await page.routeWebSocket(/\/admin\/socket/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      ws.send(message);
      if (String(message).includes('"subscribed"')) subscribed = true;
    });
    push = (message) => ws.send(JSON.stringify(message));
  });
  await signInAsDemoAdmin(page);
  await page.goto(`/resim/${created.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByLabel('Run status')).toHaveText('Waiting');
  await expect.poll(() => subscribed).toBe(true);

  const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
  push({ type: 'progress', resimId: created.id, task: 'stop', done: 4000, total: 10_000 });
  const bar = page.getByRole('progressbar', { name: `Ending runs… ${count(4000)} of ${count(10_000)}` });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '40');
  await expect(page.getByText(`Ending runs… ${count(4000)} of ${count(10_000)}`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('editor-stop-progress.png') });
  await expectAccessible(page, 'editor, a Stop under way');

  // Another scenario's progress is not this one's.
  push({ type: 'progress', resimId: 'another', task: 'stop', done: 9000, total: 10_000 });
  push({ type: 'progress', resimId: created.id, task: 'stop', done: 10_000, total: 10_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText(/Ending runs…/)).toHaveCount(0);
});
