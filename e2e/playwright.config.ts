import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A port free now, chosen once by the runner (the config is evaluated synchronously, so a child
// process asks the system); workers inherit it through the environment. E2E_PORT names one instead.
process.env['E2E_PORT'] ??= execFileSync(
  process.execPath,
  [
    '-e',
    "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
  ],
  { encoding: 'utf8' },
);
const port = Number(process.env['E2E_PORT']);
const baseURL = `http://localhost:${port}`;

// A fresh, empty product per run. Workers load this file again: they inherit the folder made by
// the runner through the environment instead of making their own.
process.env['RESIM_E2E_DATA_DIR'] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'resim-e2e-'));
const dataDir = process.env['RESIM_E2E_DATA_DIR'];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    viewport: { width: 1366, height: 860 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Debian's Chromium, never a downloaded browser.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/dist/server.js',
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port), PUBLIC_URL: baseURL, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  },
});
