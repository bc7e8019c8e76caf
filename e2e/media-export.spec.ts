import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, type Route } from '@playwright/test';
import pg from 'pg';
import { freePort } from '../apps/server/test/oidc-client';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiAs, demoAdmin, shoot, signInAsDemoAdmin, signInAt } from './support';

/**
 * A scenario with an uploaded image exported with its media from the test server (SQLite) and
 * imported into a second product server on PostgreSQL, where a learner sees the image served by
 * the second server.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testDatabaseUrl = process.env['TEST_DATABASE_URL'];
const importer = { email: 'importer@ward-b.test', password: 'Import-pass-2468' };

let server: ChildProcess | undefined;
let origin = '';
let dataDir = '';
let databaseUrl = '';
let databaseName = '';
let serverOutput = '';

const admin = async (query: string) => {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

/** The product's command line on the second server's data. */
const secondCli = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(repoRoot, 'apps/server/dist/cli.js'), ...args], {
    env: { PATH: process.env['PATH'], DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });

const waitForHealth = async () => {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server?.exitCode !== null) throw new Error(`the second server stopped at start:\n${serverOutput}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the second server did not start:\n${serverOutput}`);
};

test.skip(!testDatabaseUrl, 'TEST_DATABASE_URL names no PostgreSQL server to start the second product server on');

test.beforeAll(async () => {
  databaseName = `resim_e2e_${crypto.randomBytes(6).toString('hex')}`;
  await admin(`create database ${databaseName}`);
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.href;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resim-e2e-second-'));
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env['PATH'],
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  await waitForHealth();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A PNG of 160 by 120 pixels drawn by the browser. */
const drawPng = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    context.fillStyle = 'hsl(200, 70%, 45%)';
    context.fillRect(0, 0, 160, 120);
    context.fillStyle = 'white';
    context.font = '28px sans-serif';
    context.fillText('Chest', 40, 70);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });

/** Calls the second server's API with a token of the importer's. */
const secondApi = async <T>(token: string, method: string, url: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${url}: ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
};

test('a scenario exported with its uploaded image from SQLite imports on a PostgreSQL server and plays there with the image', async ({
  page,
  browser,
}) => {
  // The author, on the test server: an image uploaded into the case's description and an action's facts.
  const api = apiAs(page, demoAdmin().email);
  const spaceId = (await api<{ id: string; description: string }[]>('GET', '/admin/space')).find(
    (space) => space.description === 'Demo space',
  )!.id;
  const name = `Chest pain ${Date.now().toString(36)}`;
  const created = await api<{ id: string }>('POST', '/admin/resim/new', { groupId: spaceId });
  await signInAsDemoAdmin(page);
  const png = await drawPng(page);
  const image = await api<{ url: string; key: string }>('POST', '/admin/image', {
    fileType: 'image/png',
    content: png,
    prop: 'descriptionImages',
  });
  await api('PATCH', `/admin/resim/${created.id}`, {
    details: {
      resimName: name,
      mode: 2,
      allowAnonymous: true,
      descriptionImages: [{ id: 'm1', url: image.url, description: 'Chest X-ray on admission' }],
    },
    stages: [{ id: 'stg1', name: 'Emergency room', default: true }],
    actions: [{ id: 'act1', name: 'Chest X-ray', stage: 'stg1', facts: 'Widened mediastinum', factImages: [{ id: 'm1', url: image.url }] }],
    conclusions: [{ id: 'conc1', name: 'Aortic dissection', stage: 'stg1' }],
  });

  // Exported with its media from its card's menu; the dialog says it is packing while the server works.
  await page.goto('/');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Export with media (.zip)…' }).click();
  const exportDialog = page.getByRole('dialog', { name: `Export “${name}” with media` });
  await expect(exportDialog).toBeVisible();
  await expectAccessible(page, 'export with media dialog');
  await shoot(page, 'media-export-dialog.png');
  await exportDialog.getByRole('checkbox', { name: /Include the version history/ }).check();
  const held: Route[] = [];
  await page.route('**/admin/export/zip', (route) => void held.push(route));
  const downloading = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download .zip' }).click();
  await expect(exportDialog.getByRole('status')).toHaveText('Packing the scenario and its media…');
  await expect.poll(() => held.length).toBe(1);
  await expectAccessible(page, 'export with media dialog while packing');
  await shoot(page, 'media-export-packing.png');
  await held[0]!.continue();
  await page.unroute('**/admin/export/zip');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name.toLowerCase().replace(/\s+/g, '-')}.resim.zip`);
  const zipPath = path.join(dataDir, 'export.zip');
  await download.saveAs(zipPath);
  await expect(exportDialog).toBeHidden();
  await expect(page.getByText(`“${name}” was exported with its media`)).toBeVisible();

  // The importer, on the second server: their own account and space there.
  secondCli('user', 'create', '--email', importer.email, '--password', importer.password, '--groups', '');
  const token = secondCli('token', 'create', '--email', importer.email).trim().split('\n').at(-1)!;
  await secondApi(token, 'POST', '/admin/space', { description: 'Ward B' });
  const second = await browser.newContext();
  const console2 = await second.newPage();
  await console2.goto(`${origin}/`);
  await console2.getByRole('button', { name: 'Sign in' }).click();
  await signInAt(console2, importer.email, importer.password);
  await expect(console2.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

  // A file that is not a zip is refused with the server's reason.
  await console2.getByRole('button', { name: 'Import scenarios into Ward B' }).click();
  const importDialog = console2.getByRole('dialog', { name: 'Import scenarios into Ward B' });
  const chooseFile = async (file: string | { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = console2.waitForEvent('filechooser');
    await importDialog.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles(file);
  };
  await chooseFile({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(importDialog.getByText('Nothing was imported')).toBeVisible();
  await expect(importDialog.getByText('The file is not a zip', { exact: true })).toBeVisible();
  await expectAccessible(console2, 'import dialog refusing a zip');
  await shoot(console2, 'media-export-import-refused.png');

  // The zip made by the first server is taken, its media stored here.
  await chooseFile(zipPath);
  await expect(importDialog.getByText('export.zip is ready to import with its media.')).toBeVisible();
  await expectAccessible(console2, 'import dialog with a zip chosen');
  await shoot(console2, 'media-export-import-ready.png');
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(importDialog).toBeHidden();
  await expect(console2.getByText(`“${name}” was imported`)).toBeVisible();
  await expect(console2.getByRole('button', { name: `Actions for ${name}` })).toBeVisible();

  const [imported] = await secondApi<{ id: string; name: string }[]>(token, 'GET', '/admin/resim');
  const copy = await secondApi<{
    id: string;
    code: string;
    descriptionImages: { url: string }[];
    actions: { factImages: { url: string }[] }[];
  }>(token, 'GET', `/admin/resim/${imported!.id}`);
  const url = copy.descriptionImages[0]!.url;
  expect(url).toMatch(/^\/files\/[0-9a-f]+\/image\.png$/);
  expect(url).not.toBe(image.url);
  expect(copy.actions[0]!.factImages[0]!.url).toBe(url);
  expect(fs.existsSync(path.join(dataDir, 'files', url.slice('/files/'.length)))).toBe(true);
  await secondApi(token, 'POST', `/admin/control/${copy.id}/2`);

  // A learner on the second server sees the image, served by it.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto(`${origin}/play/${copy.code}`);
  await learner.getByRole('textbox', { name: 'Nickname' }).fill('Sam');
  await learner.getByRole('button', { name: 'Join', exact: true }).click();
  const picture = learner.getByRole('img', { name: 'Chest X-ray on admission' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(160);
  expect(await picture.evaluate((element) => (element as HTMLImageElement).src)).toBe(`${origin}${url}`);
  await shoot(learner, 'media-export-learner.png');
  await expectAccessible(learner, 'player on the second server with the imported image');
  await learnerContext.close();
  await second.close();
});
