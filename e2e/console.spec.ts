import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

type SignIn = { email: string; password: string };

/** The demo administrator the server made on its first start in the fresh data folder. */
const demoSignIn = (): SignIn => {
  const dataDir = process.env['RESIM_E2E_DATA_DIR'];
  if (!dataDir) throw new Error('RESIM_E2E_DATA_DIR is not set; run through playwright.config.ts');
  return JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-admin.json'), 'utf8')) as SignIn;
};

const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshots, name), fullPage: true });

test('sign in, organise spaces, create an API token and sign out', async ({ page }) => {
  const { email, password } = demoSignIn();

  // Signed out: the welcome card.
  await page.goto('/');
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  await expectAccessible(page, 'welcome');
  await shoot(page, 'welcome.png');

  // The issuer's sign-in page, reached with an authorization-code request protected by PKCE.
  const authorization = page.waitForRequest((request) => new URL(request.url()).pathname === '/oidc/auth');
  await signIn.click();
  const authorizationUrl = new URL((await authorization).url());
  expect(authorizationUrl.searchParams.get('response_type')).toBe('code');
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('code_challenge')).toBeTruthy();
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(new URL('/auth/callback', test.info().project.use.baseURL).toString());
  await expect(page.locator('#email')).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await shoot(page, 'sign-in.png');

  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Home, with the demo space.
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Demo space' })).toBeVisible();
  await expectAccessible(page, 'Home');

  // A new space, created from the keyboard.
  const spaceName = `Pharmacology ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New space' }).click();
  const description = page.getByRole('textbox', { name: 'Name' });
  await expect(description).toBeFocused();
  await expectAccessible(page, 'Home, the new space dialog');
  await description.fill(spaceName);
  await description.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  const section = page.getByRole('region', { name: spaceName });
  await expect(section.getByText('No scenarios in this space yet.')).toBeVisible();

  // Folded, saved, and still folded after a reload.
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/admin/user' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: `Collapse ${spaceName}` }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('button', { name: `Expand ${spaceName}` })).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  const expand = page.getByRole('button', { name: `Expand ${spaceName}` });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect(section.getByText('No scenarios in this space yet.')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Collapse Demo space' })).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'Home with a folded space');
  await shoot(page, 'home.png');

  // Profile: a new API token, shown once.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).click();
  const tokenName = page.getByRole('textbox', { name: 'Name' });
  await tokenName.fill('Nightly export');
  await tokenName.press('Enter');
  const tokenValue = page.getByTestId('new-token-value');
  await expect(tokenValue).toHaveText(/\S{20,}/);
  await expect(page.getByText('it will not be shown again')).toBeVisible();
  await expectAccessible(page, 'profile with a new API token');
  await shoot(page, 'profile.png');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('cell', { name: 'Nightly export', exact: true })).toBeVisible();
  await expect(tokenValue).toBeHidden();
  await expectAccessible(page, 'profile with an API token');

  // Sign out, confirmed on the issuer's page, back to the welcome card.
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/session/end'));
  await expectAccessible(page, 'sign-out confirmation');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('state'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
});
