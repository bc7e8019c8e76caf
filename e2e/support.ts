import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

/** What the browser tests share: the product's CLI and demo account on the test server's data, screenshots, the API. */

const here = path.dirname(fileURLToPath(import.meta.url));
const screenshots = path.join(here, 'screenshots');
const cliJs = path.join(here, '..', 'apps/server/dist/cli.js');

const dataDir = () => {
  const dir = process.env['RESIM_E2E_DATA_DIR'];
  if (!dir) throw new Error('RESIM_E2E_DATA_DIR is not set; run through playwright.config.ts');
  return dir;
};

/** The product's command line on the test server's data folder. */
export const cli = (...args: string[]) =>
  execFileSync(process.execPath, [cliJs, ...args], { env: { ...process.env, DATA_DIR: dataDir(), LOG_LEVEL: 'warn' }, encoding: 'utf8' });

/**
 * The text of the newest email to an address (with this subject, when one is given) as the server
 * stored it, its links whole: what the recipient's inbox gets. The outbox shows password links
 * without their token.
 */
export const deliveredText = (to: string, subject?: string): string => {
  const db = new Database(path.join(dataDir(), 'resim.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare('select text_body from outbox where to_address = ? and (? is null or subject = ?) order by created_at desc limit 1')
      .get(to, subject ?? null, subject ?? null) as { text_body: string } | undefined;
    if (!row) throw new Error(`no email to ${to}${subject === undefined ? '' : ` with the subject "${subject}"`}`);
    return row.text_body;
  } finally {
    db.close();
  }
};

export const demoAdmin = () =>
  JSON.parse(fs.readFileSync(path.join(dataDir(), 'demo-admin.json'), 'utf8')) as { email: string; password: string };

export const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshots, name), fullPage: true });

/** Calls the API as the user with a new token, through the page's request context; a failure fails the test with the answer. */
export const apiAs = (page: Page, email: string) => {
  const token = cli('token', 'create', '--email', email).trim().split('\n').at(-1)!;
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await page.request.fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { data: body }),
    });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
};

/** Fills the embedded sign-in page. */
export const signInAt = async (page: Page, email: string, password: string) => {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** Signs in as the demo administrator the server made on its first start in the fresh data folder. */
export const signInAsDemoAdmin = async (page: Page): Promise<void> => {
  const { email, password } = demoAdmin();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(page, email, password);
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
};
