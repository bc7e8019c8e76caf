import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { startFakeCognito, type FakeCognito } from '../apps/server/test/fake-cognito';
import { freePort } from '../apps/server/test/oidc-client';
import { shoot } from './support';

/**
 * The console signed in through an issuer shaped as Amazon Cognito: its hosted UI (sign-in page,
 * token endpoint, /logout) on another origin than the issuer and the console, no end-session
 * endpoint in its discovery, access tokens without email. A second product server, pointed at
 * it, is started here.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nurse = { username: 'nurse.cognito@hospital.test', password: 'Cognito-pass-1357', email: 'nurse.cognito@hospital.test' };

let cognito: FakeCognito;
let server: ChildProcess;
let origin: string;
let dataDir: string;
let serverOutput = '';

const waitForHealth = async () => {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server stopped at start:\n${serverOutput}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start:\n${serverOutput}`);
};

const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(repoRoot, 'apps/server/dist/cli.js'), ...args], {
    env: { PATH: process.env['PATH'], DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });

const api = async <T>(token: string, method: string, url: string, body: unknown): Promise<T> => {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${method} ${url}: ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
};

const signInAtHostedUi = async (page: Page) => {
  await page.waitForURL((url) => url.origin === cognito.hostedUi);
  await expect(page.getByRole('heading', { name: 'Sign in with your email and password' })).toBeVisible();
  await page.getByLabel('Email').fill(nurse.username);
  await page.getByLabel('Password').fill(nurse.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

test.beforeAll(async () => {
  cognito = await startFakeCognito();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  cognito.allow(origin);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resim-e2e-cognito-'));
  server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env['PATH'],
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      OIDC_ISSUER_URL: cognito.issuer,
      OIDC_CLIENT_ID: cognito.clientId,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  await waitForHealth();
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await cognito.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the console signs in through a Cognito-shaped issuer, reaches its spaces, signs out at its /logout and is asked again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // An owner made through the command line sets up two spaces: one invites the nurse by email,
  // the other is named by a group of the nurse's in the issuer.
  cli('user', 'create', '--email', 'owner@hospital.test', '--password', 'Owner-pass-2468', '--groups', '');
  const ownerToken = cli('token', 'create', '--email', 'owner@hospital.test').trim().split('\n').at(-1)!;
  const ward = await api<{ id: string }>(ownerToken, 'POST', '/admin/space', { description: 'Cognito ward' });
  await api(ownerToken, 'POST', `/admin/space/${ward.id}/user`, { email: nurse.email });
  const night = await api<{ id: string }>(ownerToken, 'POST', '/admin/space', { description: 'Cognito night team' });
  cognito.addUser({ ...nurse, emailVerified: true, groups: [night.id] });

  // Refused connections (the token endpoint is on the hosted UI's origin) would show here.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Failed to fetch/i.test(message.text())) refused.push(message.text());
  });

  await page.goto(`${origin}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAtHostedUi(page);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  // The invitation is linked by the email the server read from userinfo; the group names the other space.
  await expect(page.getByText('Cognito ward', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Cognito night team', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'Home, signed in through Cognito');
  await shoot(page, 'cognito-home.png');
  expect(refused).toEqual([]);

  // Sign-out reaches the hosted UI's /logout, which ends its session and sends the browser back.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expectAccessible(page, 'profile, signed in through Cognito');
  const logout = page.waitForRequest((request) => request.url().startsWith(`${cognito.hostedUi}/logout?`));
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  const logoutUrl = new URL((await logout).url());
  expect(logoutUrl.searchParams.get('client_id')).toBe(cognito.clientId);
  expect(logoutUrl.searchParams.get('logout_uri')).toBe(`${origin}/`);
  await page.waitForURL((url) => url.origin === origin && url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The next sign-in asks for credentials again, and lands back home.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signInAtHostedUi(page);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  expect(cognito.logoutRequests).toHaveLength(1);
  expect(refused).toEqual([]);
});
