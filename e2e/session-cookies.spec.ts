import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { demoAdmin, signInAt } from './support';

const day = 24 * 60 * 60;

test('with cookie storage configured, the session lives in cookies (SPEC 9) and survives a reload', async ({ page, context }) => {
  // The server's configuration as SESSION_STORAGE=cookie SESSION_COOKIE_DOMAIN=localhost gives it to the web app.
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: { ...json, session: { storage: 'cookie', domain: 'localhost', sameSite: 'strict', secure: true } },
    });
  });
  const { email, password } = demoAdmin();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(page, email, password);
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

  const session = (await context.cookies()).filter((cookie) => cookie.name.startsWith('resim-session.oidc.user'));
  // One cookie, or several when the tokens are too long for one.
  expect(session.length).toBeGreaterThan(0);
  const now = Date.now() / 1000;
  for (const cookie of session) {
    expect(cookie).toMatchObject({ path: '/', secure: true, sameSite: 'Strict' });
    expect(cookie.domain.replace(/^\./, '')).toBe('localhost');
    expect(cookie.expires).toBeGreaterThan(now + 364 * day);
    expect(cookie.expires).toBeLessThan(now + 366 * day);
  }
  expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('oidc.user')))).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expectAccessible(page, 'Home, the session kept in cookies');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expectAccessible(page, 'profile, the session kept in cookies');
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/session/end'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('state'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await context.cookies()).filter((cookie) => cookie.name.startsWith('resim-session.oidc.user'))).toEqual([]);
});
