import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './axe';
import { apiAs, demoAdmin } from './support';

const phone = { width: 375, height: 812 };

/** Five tests with results of their own, none needing another: any of them may be run at any time. */
const tests = [
  { id: 'act1', name: 'Full blood count', facts: 'Hb 82 g/L, MCV 71 fL' },
  { id: 'act2', name: 'Ferritin', facts: 'Ferritin 6 µg/L' },
  { id: 'act3', name: 'Chest X-ray', facts: 'Clear lungs' },
  { id: 'act4', name: 'Blood film', facts: 'Pencil cells' },
  { id: 'act5', name: 'Stool test', facts: 'Occult blood present' },
] as const;
type TestName = (typeof tests)[number]['name'];
const resultOf = (name: TestName) => tests.find((item) => item.name === name)!.facts;

const scenario = (name: string, mode: number) => ({
  details: {
    resimName: name,
    description: 'A tired patient with a low haemoglobin.',
    mode,
    allowAnonymous: true,
    maxConclusions: 1,
    answers: { actions: ['act1', 'act2'], conclusions: ['conc1'] },
  },
  stages: [{ id: 'stg1', name: 'Clinic', default: true, description: 'See the patient and order tests.' }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  baseline: [{ id: 'baseline1', name: 'Presenting complaint', facts: 'Six weeks of tiredness.' }],
  actions: tests.map((item) => ({ ...item, stage: 'stg1', impact: [{ measureId: 'points', value: 5 }] })),
  conclusions: [
    { id: 'conc1', name: 'Iron deficiency anaemia', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] },
    { id: 'conc2', name: 'B12 deficiency', stage: 'stg1' },
  ],
});

/** A scenario made and opened through the API: a self-paced one plays at once, a Realtime one waits in its lobby. */
const openScenario = async (page: Page, mode: 1 | 2) => {
  const api = apiAs(page, demoAdmin().email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Live deltas ${Date.now().toString(36)}`;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, scenario(name, mode));
  await api('POST', `/admin/control/${created.id}/${mode === 1 ? 1 : 2}`);
  return { ...created, name, control: (status: number) => api('POST', `/admin/control/${created.id}/${status}`) };
};

type Frame = { readonly type: string; readonly version?: number; readonly delta?: { set?: Record<string, unknown> } };
/** What the proxy does with a message the server sends the page. */
type Verdict = 'forward' | 'drop' | 'hold';

type Proxy = {
  connections: number;
  readonly fromServer: Frame[];
  readonly fromPage: Frame[];
  readonly dropped: Frame[];
  readonly held: string[];
  decide: (frame: Frame) => Verdict;
  releaseAfterNext: boolean;
  release: () => void;
};

/**
 * The learner's socket passed through the test: every message either way is recorded, and what
 * the server sends is forwarded, dropped or held as `decide` says. Held messages go to the page on
 * `release`, or straight after the next message forwarded when `releaseAfterNext` is on (out of order).
 */
const proxyLearnerSocket = async (page: Page): Promise<Proxy> => {
  const proxy: Proxy = {
    connections: 0,
    fromServer: [],
    fromPage: [],
    dropped: [],
    held: [],
    decide: () => 'forward',
    releaseAfterNext: false,
    release: () => undefined,
  };
  await page.routeWebSocket(/\/learn\/socket/, (ws) => {
    proxy.connections += 1;
    const server = ws.connectToServer();
    const release = () => {
      for (const text of proxy.held.splice(0)) ws.send(text);
    };
    proxy.release = release;
    server.onMessage((message) => {
      const text = String(message);
      const frame = JSON.parse(text) as Frame;
      proxy.fromServer.push(frame);
      const verdict = proxy.decide(frame);
      if (verdict === 'drop') proxy.dropped.push(frame);
      if (verdict === 'hold') proxy.held.push(text);
      if (verdict !== 'forward') return;
      ws.send(text);
      if (proxy.releaseAfterNext && proxy.held.length > 0) {
        proxy.releaseAfterNext = false;
        release();
      }
    });
    ws.onMessage((message) => {
      proxy.fromPage.push(JSON.parse(String(message)) as Frame);
      server.send(message);
    });
  });
  return proxy;
};

/** The server's next delta only: every other message passes. */
const onceForDelta = (proxy: Proxy, verdict: Verdict) => {
  proxy.decide = (frame) => {
    if (frame.type !== 'delta') return 'forward';
    proxy.decide = () => 'forward';
    return verdict;
  };
};

/**
 * One learner's run open in two pages of one browser: A joins with a nickname on a wide screen,
 * B (a phone) opens the same join address and resumes the same run, its socket through the proxy.
 */
const twoPagesOfOneRun = async (browser: Browser, page: Page) => {
  const created = await openScenario(page, 2);
  const context = await browser.newContext();
  const a = await context.newPage();
  await a.goto(`/play/${created.code}`);
  await a.getByRole('textbox', { name: 'Nickname' }).fill('Robin');
  await a.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(a.getByRole('button', { name: /^Run tests/ })).toBeVisible();

  const b = await context.newPage();
  await b.setViewportSize(phone);
  const proxy = await proxyLearnerSocket(b);
  await b.goto(`/play/${created.code}`);
  await expect(b.getByRole('tab', { name: 'Tests' })).toBeVisible();
  // B's socket is open and holds its first version: from here each change is a delta on the one before.
  await expect.poll(() => proxy.fromServer.some((frame) => frame.type === 'snapshot')).toBe(true);
  return { created, context, a, b, proxy };
};

/** Runs one test on a wide screen, and waits for its result there. */
const runOnWide = async (page: Page, name: TestName) => {
  await page.getByRole('checkbox', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Run tests (1)' }).click();
  await expect(page.getByText(resultOf(name))).toBeVisible();
};

/** Runs one test on a phone: the Tests tab, then the results the player goes back to. */
const runOnPhone = async (page: Page, name: TestName) => {
  await page.getByRole('tab', { name: 'Tests' }).click();
  await page.getByRole('checkbox', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Run tests (1)' }).click();
  await expect(page.getByRole('tab', { name: 'Test Results', selected: true })).toBeVisible();
};

/** The phone shows every one of these tests' results, and marks each done in its list of tests; nothing went wrong on the way. */
const expectShown = async (page: Page, proxy: Proxy, names: readonly TestName[]) => {
  await page.getByRole('tab', { name: 'Test Results' }).click();
  for (const name of names) await expect(page.getByText(resultOf(name))).toBeVisible();
  await page.getByRole('tab', { name: 'Tests' }).click();
  for (const name of names) await expect(page.getByRole('checkbox', { name: new RegExp(name) })).toContainText('Done');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Live all along: no badge saying the run is (re)connecting, and the one socket still open.
  await expect(page.getByText(/Reconnecting…|Connecting…/)).toHaveCount(0);
  expect(proxy.connections).toBe(1);
};

const syncs = (proxy: Proxy) => proxy.fromPage.filter((frame) => frame.type === 'sync').length;

test('the player keeps working on a dropped delta: it asks for the whole snapshot', async ({ browser, page }) => {
  const { context, a, b, proxy } = await twoPagesOfOneRun(browser, page);

  // A's test is pushed to B as a delta, which never arrives.
  onceForDelta(proxy, 'drop');
  await runOnWide(a, 'Full blood count');
  await expect.poll(() => proxy.dropped.length).toBe(1);
  await expect(b.getByText(resultOf('Full blood count'))).toHaveCount(0);
  expect(syncs(proxy)).toBe(0);

  // B's own step is answered one version past the one it holds: it asks for the whole snapshot.
  await runOnPhone(b, 'Ferritin');
  await expect.poll(() => syncs(proxy)).toBe(1);
  await expectShown(b, proxy, ['Full blood count', 'Ferritin']);
  await b.getByRole('tab', { name: 'Test Results' }).click();
  await b.screenshot({ path: test.info().outputPath('dropped-delta-phone.png'), fullPage: true });
  await expectAccessible(b, 'player after a dropped delta');
  await context.close();
});

test('the player keeps working on deltas out of order: it asks for the whole snapshot', async ({ browser, page }) => {
  const { context, a, b, proxy } = await twoPagesOfOneRun(browser, page);

  // A's first test reaches B only after its second.
  onceForDelta(proxy, 'hold');
  await runOnWide(a, 'Chest X-ray');
  await expect.poll(() => proxy.held.length).toBe(1);
  proxy.releaseAfterNext = true;
  await runOnWide(a, 'Blood film');
  await expect.poll(() => proxy.held.length).toBe(0);

  await expect.poll(() => syncs(proxy)).toBeGreaterThanOrEqual(1);
  await expectShown(b, proxy, ['Chest X-ray', 'Blood film']);

  // And it plays on: B's next step is answered as a delta on the snapshot it was sent.
  const asked = syncs(proxy);
  await runOnPhone(b, 'Stool test');
  await expectShown(b, proxy, ['Chest X-ray', 'Blood film', 'Stool test']);
  await expect(a.getByText(resultOf('Stool test'))).toBeVisible();
  expect(syncs(proxy)).toBe(asked);
  await expectAccessible(b, 'player on a phone after deltas out of order');
  await expectAccessible(a, 'player on a wide screen after deltas out of order');
  await context.close();
});

test('the player says the presenter ended the session while the results are counted, then shows them', async ({ browser, page }) => {
  const created = await openScenario(page, 1);
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
  const learner = await context.newPage();
  const proxy = await proxyLearnerSocket(learner);
  await learner.goto(`/play/${created.code}`);
  await learner.getByRole('textbox', { name: 'Nickname' }).fill('Robin');
  await learner.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(learner.getByText('The session has not started yet', { exact: true })).toBeVisible();
  await created.control(2);
  await runOnPhone(learner, 'Full blood count');

  // The Stop reaches the learner at once; their ended run and score are kept back here for a while.
  let stopped = false;
  proxy.decide = (frame) => {
    // A pong passes, so that the socket is not taken for dead meanwhile.
    if (stopped) return frame.type === 'pong' ? 'forward' : 'hold';
    stopped = frame.type === 'delta' && frame.delta?.set?.['phase'] === 'closed';
    return 'forward';
  };
  await created.control(3);
  const heading = learner.getByRole('heading', { level: 1, name: 'Your presenter has ended the session' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(learner.getByRole('status').filter({ hasText: 'Your results are being counted' })).toBeVisible();
  await expect(learner.getByText(/cannot be played now/)).toHaveCount(0);
  await learner.screenshot({ path: test.info().outputPath('session-ending-phone.png'), fullPage: true });
  await expectAccessible(learner, 'player, session ending');
  // Nothing runs off the side of a phone.
  expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  await expect.poll(() => proxy.held.length).toBeGreaterThan(0);
  proxy.decide = () => 'forward';
  proxy.release();
  await expect(learner.getByRole('heading', { level: 1, name: 'The simulation has ended' })).toBeVisible();
  await expect(learner.getByText('The presenter stopped the session.')).toBeVisible();
  await expect(learner.getByText('1 of 1')).toBeVisible();
  await expectAccessible(learner, 'player, final results after the Stop');
  await learner.screenshot({ path: test.info().outputPath('session-ended-phone.png'), fullPage: true });
  await context.close();
});
