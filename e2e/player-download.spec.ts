import { type Request } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiAs, demoAdmin } from './support';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The scripts and stylesheets a built page names in its head: its entry, the chunks it preloads, its stylesheets. */
const assetsOf = (html: string): string[] =>
  [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);

/** The console's own files, by the names the build gives them: its entry and its stylesheet, its router (the player routes with wouter), its shell's and first pages' chunks, and its loader of the player's page. */
const consoleOwn =
  /^\/assets\/(index|react-router|account-menu|notifications-host|welcome-page|home-page|player-page-load)-[\w-]{8}\.(js|css)$/;

/** The sign-in library (oidc-client-ts) and its settings: chunks of their own, which only a sign-in loads. */
const signInChunk = /^\/assets\/oidc-(client-ts|settings)-[\w-]{8}\.js$/;

/** Names the sign-in library keeps in its minified code (its loggers'), should it be bundled into another chunk. */
const signInLibraryMarks = ['CheckSessionIFrame', 'ResponseValidator', 'SessionMonitor'];

test("an anonymous phone opening /play/{code} downloads neither the sign-in library nor the console's own files", async ({
  browser,
  page,
}) => {
  const api = apiAs(page, demoAdmin().email);
  const spaces = await api<{ id: string; description: string }[]>('GET', '/admin/space');
  const spaceId = spaces.find((space) => space.description === 'Demo space')!.id;
  const name = `Light phone ${Date.now().toString(36)}`;
  const created = await api<{ id: string; code: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await api('PATCH', `/admin/resim/${created.id}`, {
    details: { resimName: name, mode: 2, allowAnonymous: true, maxConclusions: 1 },
    stages: [{ id: 'stg1', name: 'Clinic', default: true }],
    actions: [{ id: 'act1', name: 'Full blood count', stage: 'stg1', facts: 'Hb 82 g/L' }],
    conclusions: [{ id: 'conc1', name: 'Iron deficiency', stage: 'stg1' }],
  });
  await api('POST', `/admin/control/${created.id}/2`);

  const context = await browser.newContext(phone);
  const learner = await context.newPage();
  const requested: string[] = [];
  const scripts: Promise<{ url: string; body: string }>[] = [];
  learner.on('request', (request: Request) => requested.push(new URL(request.url()).pathname));
  learner.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.text().then((body) => ({ url: new URL(response.url()).pathname, body })));
  });

  // The join page, then the run the learner joins: what a phone downloads from the code to the first screen of the case.
  const playerPage = assetsOf(await (await learner.goto(`/play/${created.code}`))!.text());
  await expect(learner.getByRole('heading', { level: 1, name })).toBeVisible();
  await learner.getByRole('textbox', { name: 'Nickname' }).fill('Sam');
  await learner.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(learner.getByRole('checkbox', { name: /Full blood count/ })).toBeVisible();
  await learner.waitForLoadState('networkidle');
  await expectAccessible(learner, 'player, the first screen of the case');

  // The names stay in step with the build: the console's page names its own entry, stylesheet and router.
  const consolePage = assetsOf(await (await page.request.get('/', { headers: { accept: 'text/html' } })).text());
  expect(
    consolePage
      .filter((asset) => consoleOwn.test(asset))
      .map((asset) => /\/assets\/(.+)-[\w-]{8}\.(js|css)$/.exec(asset)!.slice(1).join('.')),
  ).toEqual(expect.arrayContaining(['index.js', 'index.css', 'react-router.js']));
  // The player's page names none of them, nor the sign-in library.
  expect(playerPage.some((asset) => /^\/assets\/play-[\w-]{8}\.js$/.test(asset))).toBe(true);
  expect(playerPage.filter((asset) => consoleOwn.test(asset) || signInChunk.test(asset))).toEqual([]);

  // The phone downloaded the player's entry, and none of the console's files nor the sign-in library.
  expect(requested.filter((path) => path.startsWith('/assets/play-'))).toHaveLength(1);
  expect(requested.filter((path) => signInChunk.test(path))).toEqual([]);
  expect(requested.filter((path) => consoleOwn.test(path))).toEqual([]);
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(1);
  expect(bodies.filter(({ body }) => signInLibraryMarks.some((mark) => body.includes(mark))).map(({ url }) => url)).toEqual([]);
  await context.close();
});
