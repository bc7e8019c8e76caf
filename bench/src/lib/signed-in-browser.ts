import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type BrowserServer } from 'playwright-core';
import { makeRunDir, startChild, trackProcessGroup, waitUntilUp } from './child-processes';
import { freePort } from './free-port';
import { serverJs } from './paths';
import { createToken } from './server-cli';

export const chromiumPath = '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const host = '127.0.0.1';

export type SignedInBrowser = {
  readonly base: string;
  readonly browser: Browser;
  readonly browserServer: BrowserServer;
  /** an API token of the demo administrator */
  readonly token: string;
  /** the demo administrator's session: a new context made with it starts signed in, with a cold cache */
  readonly storageState: NonNullable<BrowserContextOptions['storageState']>;
};

/**
 * The built product server on a fresh data folder (its first start makes the demo administrator
 * and space) and Chromium, signed in once through the sign-in page. Both are stopped by stopAll.
 */
export const startSignedInBrowser = async (prefix: string): Promise<SignedInBrowser> => {
  const tmp = makeRunDir(prefix);
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const dataDir = path.join(tmp, 'data');
  const env = { PORT: String(port), HOST: host, DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' };
  const server = startChild('product server', [serverJs], env);
  await waitUntilUp(server, `${base}/healthz`);
  const admin = JSON.parse(readFileSync(path.join(dataDir, 'demo-admin.json'), 'utf8')) as { email: string; password: string };
  const token = await createToken(admin.email, env);

  // Launched as a server so that its process group is ours to stop.
  const browserServer = await chromium.launchServer({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  trackProcessGroup('chromium', browserServer.process());
  const browser = await chromium.connect(browserServer.wsEndpoint());
  const storageState = await signIn(browser, base, admin);
  return { base, browser, browserServer, token, storageState };
};

/** Signs the demo administrator in through the sign-in page of the server at `base`: the session a new context starts with. */
export const signIn = async (
  browser: Browser,
  base: string,
  admin: { email: string; password: string },
): Promise<SignedInBrowser['storageState']> => {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#email').fill(admin.email);
  await page.locator('#password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  const storageState = await context.storageState();
  await context.close();
  return storageState;
};
