import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Signs in as the demo administrator the server made on its first start in the fresh data folder. */
export const signInAsDemoAdmin = async (page: Page): Promise<void> => {
  const dataDir = process.env['RESIM_E2E_DATA_DIR'];
  if (!dataDir) throw new Error('RESIM_E2E_DATA_DIR is not set; run through playwright.config.ts');
  const { email, password } = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-admin.json'), 'utf8')) as {
    email: string;
    password: string;
  };
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
};
