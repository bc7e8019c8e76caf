/**
 * Benchmark: the JavaScript a browser downloads to show Home at /, signed in, with a cold cache:
 * the entry and every chunk it loads until the page has settled, each counted gzipped (as the
 * server's precompressed .gz copies) against the budget of 150 KB. Exits non-zero over it.
 *
 *   npx tsx bench/src/bundle-size.ts       (from the repository root, after `npm run build`)
 *   npm run bench:size                     (builds first)
 *
 * Env: BENCH_NO_RESULTS=1 (do not touch RESULTS.md).
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { guardRun, runBenchmark, stopAll } from './lib/child-processes';
import { fmt } from './lib/format';
import { machineFacts } from './lib/machine';
import { requireBuiltServer } from './lib/paths';
import { writeResultsSection } from './lib/results-file';
import { chromiumPath, startSignedInBrowser, type SignedInBrowser } from './lib/signed-in-browser';

/** The budget, in kilobytes of 1,000 bytes (as bundlers report sizes). */
const budgetKb = 150;

guardRun({ budgetMs: 120_000, stopping: 'the server and the browser' });

type Script = { path: string; bytes: number; gzip: number; transferred: number };

const kb = (bytes: number) => fmt(bytes / 1000, 1);

const main = async () => {
  requireBuiltServer('npm run build');
  if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: apt-get install chromium`);
  const started = new Date();
  let session: SignedInBrowser | undefined;
  try {
    session = await startSignedInBrowser('resim-bench-size-');
    const context = await session.browser.newContext({ baseURL: session.base, storageState: session.storageState });
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.getByText('Demo space').first().waitFor();
    await page.waitForLoadState('networkidle');
    const scripts: Script[] = [];
    for (const response of responses) {
      const body = await response.body();
      const sizes = await response.request().sizes();
      scripts.push({
        path: new URL(response.url()).pathname,
        bytes: body.byteLength,
        gzip: gzipSync(body, { level: 9 }).byteLength,
        transferred: sizes.responseBodySize,
      });
    }
    await context.close();
    scripts.sort((a, b) => b.gzip - a.gzip);
    const total = scripts.reduce(
      (sum, script) => ({
        bytes: sum.bytes + script.bytes,
        gzip: sum.gzip + script.gzip,
        transferred: sum.transferred + script.transferred,
      }),
      {
        bytes: 0,
        gzip: 0,
        transferred: 0,
      },
    );
    const ratio = total.gzip / (budgetKb * 1000);
    const met = ratio <= 1;
    const table = [
      '| script | size (KB) | gzipped (KB) | sent (KB) |',
      '| --- | ---: | ---: | ---: |',
      ...scripts.map((script) => `| \`${script.path}\` | ${kb(script.bytes)} | ${kb(script.gzip)} | ${kb(script.transferred)} |`),
      `| **all ${scripts.length} scripts** | **${kb(total.bytes)}** | **${kb(total.gzip)}** | **${kb(total.transferred)}** |`,
    ].join('\n');
    const facts = { ...machineFacts(started), chromium: session.browser.version() };
    const summary = `Home's JavaScript: ${kb(total.gzip)} KB gzipped in ${scripts.length} scripts, ${fmt(ratio * 100)} % of the ${budgetKb} KB budget (${met ? 'met' : 'NOT met'}); ${kb(total.transferred)} KB sent (brotli).`;
    console.log(table);
    console.log(`\n${summary}`);

    if (process.env.BENCH_NO_RESULTS !== '1') {
      writeResultsSection(
        'bundle-size',
        [
          'Command: `npm run bench:size` (runs `bench/src/bundle-size.ts`; `npm run bench` runs it too). Chromium, signed in, with a cold ' +
            'cache, opens `/` until Home shows the demo space and the network is idle; every script it downloaded is counted, gzipped ' +
            'at level 9 (as the precompressed `.gz` copies the server sends) and as sent (Chromium accepts brotli). KB = 1,000 bytes.',
          '',
          `**${summary}**`,
          '',
          table,
          '',
          `Chromium ${facts.chromium} headless; Node ${facts.node}. Date: ${facts.date}.`,
        ].join('\n'),
        (current, generated) => `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## Home's JavaScript\n\n${generated}\n`,
      );
    }
    if (!met) throw new Error(`Home's JavaScript is ${kb(total.gzip)} KB gzipped, over the budget of ${budgetKb} KB`);
  } finally {
    await session?.browser.close().catch(() => undefined);
    await session?.browserServer.close().catch(() => undefined);
    await stopAll();
  }
};

runBenchmark(main, (error) => error.message);
