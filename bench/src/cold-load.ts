/**
 * Benchmark: a cold load (new browser context: empty cache, a session already stored) of each face
 * in Chromium, timed from the navigation's start to the first frame that shows its meaningful
 * content: Home with the demo space's scenarios, the editor with the scenario's name and its Tests,
 * the player's join page with the scenario's name and its button (on a phone's viewport, signed out). Beside
 * them, in the same run, the same server's smallest static answer (/config.json) as a baseline, and
 * the bytes a phone downloads to reach the join page, and the same join page served by the previous
 * build (an earlier commit, built once and kept in the temporary folder). Targets: under 1 s each
 * (median); the phone's download to join at most 120 KB.
 *
 *   npx tsx bench/src/cold-load.ts         (from the repository root, after `npm run build`)
 *   npm run bench:load                     (builds first)
 *
 * Env: BENCH_ROUNDS (loads of each page, default 5), BENCH_PREVIOUS (the previous build's commit, default
 * HEAD~1; "none" to leave it out), BENCH_NO_RESULTS=1 (do not touch RESULTS.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { guardRun, runBenchmark, stopAll } from './lib/child-processes';
import { fmt } from './lib/format';
import { describeMachine, machineFacts } from './lib/machine';
import { requireBuiltServer } from './lib/paths';
import { writeResultsSection } from './lib/results-file';
import { positive } from './lib/settings';
import { chromiumPath, signIn, startSignedInBrowser, type SignedInBrowser } from './lib/signed-in-browser';
import { makeRunDir, startChild, waitUntilUp } from './lib/child-processes';
import { freePort } from './lib/free-port';
import { previousBuild, type PreviousBuild } from './lib/previous-build';
import { createToken } from './lib/server-cli';

const rounds = Math.round(positive('BENCH_ROUNDS', 5));
const targetMs = 1000;
/** What a phone may download to reach the join page, in KB of 1,000 bytes (headers and bodies as sent). */
const playerBudgetKb = 120;
const previousRevision = process.env.BENCH_PREVIOUS ?? 'HEAD~1';
const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

// The previous build's install and build, the first time, take a few minutes of the budget.
guardRun({ budgetMs: (90 + rounds * 50 + (previousRevision === 'none' ? 0 : 600)) * 1000, stopping: 'the servers and the browser' });

type Face = 'home' | 'editor' | 'player';

declare global {
  var __benchShown: number | null | undefined;
}

/** tsx keeps function names through a `__name` helper, which functions sent to the page would call. */
const nameShim = 'globalThis.__name ??= (target) => target;';

/**
 * Runs in the page before its own scripts: on each animation frame, looks for the face's content;
 * the frame that first holds it is painted, and the time after it is the load time.
 */
const watchContent = ({ face, name }: { face: Face; name: string }) => {
  globalThis.__benchShown = null;
  const heading = () => document.querySelector('h1')?.textContent?.trim() ?? '';
  const shown = (): boolean => {
    if (face === 'home') return heading() === 'Home' && (document.body.textContent ?? '').includes(name);
    if (face === 'editor') return heading() === name && document.querySelector('nav[aria-label="Tests"], [role="tab"]') !== null;
    return heading() === name && document.querySelector('main button') !== null;
  };
  const check = () => {
    if (shown()) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (globalThis.__benchShown = performance.now());
      channel.port2.postMessage(null);
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

type Load = { ms: number; bytes: number; requests: number };

/** One cold load in a new context; the bytes are what came over the wire (headers and bodies, compressed as sent). */
const coldLoad = async (
  browser: Browser,
  options: BrowserContextOptions,
  url: string,
  watch?: { face: Face; name: string },
): Promise<Load> => {
  const context = await browser.newContext(options);
  try {
    const page: Page = await context.newPage();
    const responses: Promise<number>[] = [];
    page.on('requestfinished', (request) =>
      // A request still finishing as the context closes has no sizes: it is counted as nothing.
      responses.push(
        request.sizes().then(
          (sizes) => sizes.responseHeadersSize + sizes.responseBodySize,
          () => 0,
        ),
      ),
    );
    if (watch) {
      await page.addInitScript({ content: nameShim });
      await page.addInitScript(watchContent, watch);
    }
    await page.goto(url);
    let ms: number;
    if (watch) {
      await page
        .waitForFunction(() => globalThis.__benchShown != null, undefined, { timeout: 30_000, polling: 50 })
        .catch(async (error: unknown) => {
          const heading = await page
            .locator('h1')
            .first()
            .textContent()
            .catch(() => null);
          throw new Error(`${url}: the content never showed (heading: ${heading ?? 'none'})`, { cause: error });
        });
      ms = await page.evaluate(() => globalThis.__benchShown!);
    } else {
      await page.waitForLoadState('load');
      ms = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
    }
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(responses);
    return { ms, bytes: sizes.reduce((sum, size) => sum + size, 0), requests: sizes.length };
  } finally {
    await context.close();
  }
};

type Served = {
  readonly base: string;
  readonly code: string;
  readonly scenarioId: string;
  readonly storageState: SignedInBrowser['storageState'];
};

/** The previous build's server on a data folder of its own, signed in, its demo scenario open to learners. */
const startPrevious = async (build: PreviousBuild, browser: Browser): Promise<Served> => {
  const host = '127.0.0.1';
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const dataDir = path.join(makeRunDir('resim-bench-load-previous-'), 'data');
  const env = { PORT: String(port), HOST: host, DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' };
  const server = startChild('previous product server', [build.serverJs], env);
  await waitUntilUp(server, `${base}/healthz`);
  const admin = JSON.parse(readFileSync(path.join(dataDir, 'demo-admin.json'), 'utf8')) as { email: string; password: string };
  const token = await createToken(admin.email, env, build.cliJs);
  const opened = await openDemoScenario(base, token);
  return { base, ...opened, storageState: await signIn(browser, base, admin) };
};

/** Activates the demo scenario (self-paced) so that its join page admits learners; answers it and its join code. */
const openDemoScenario = async (base: string, token: string): Promise<{ scenarioId: string; code: string }> => {
  const headers = { authorization: `Bearer ${token}` };
  const scenarios = (await (await fetch(`${base}/admin/resim`, { headers })).json()) as { id: string; resimName: string }[];
  const scenario = scenarios[0];
  if (!scenario) throw new Error('the demo scenario is missing');
  const activated = await fetch(`${base}/admin/control/${scenario.id}/2`, { method: 'POST', headers });
  if (!activated.ok) throw new Error(`activating the scenario answered ${activated.status}: ${await activated.text()}`);
  const { code } = (await (await fetch(`${base}/admin/resim/${scenario.id}`, { headers })).json()) as { code: string };
  return { scenarioId: scenario.id, code };
};

const main = async () => {
  requireBuiltServer('npm run build');
  if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: apt-get install chromium`);
  const started = new Date();
  let session: SignedInBrowser | undefined;
  try {
    session = await startSignedInBrowser('resim-bench-load-');
    const { base, browser, storageState, token } = session;
    const headers = { authorization: `Bearer ${token}` };
    const scenarios = (await (await fetch(`${base}/admin/resim`, { headers })).json()) as { id: string; resimName: string }[];
    const scenario = scenarios[0];
    if (!scenario) throw new Error('the demo scenario is missing');
    // The player's join page needs the scenario open to learners: the demo scenario is self-paced, so activated.
    const current: Served = { base, storageState, ...(await openDemoScenario(base, token)) };
    const previous = previousRevision === 'none' ? null : previousBuild(previousRevision);
    const before = previous ? await startPrevious(previous, browser) : null;

    /** Each face of one build; the previous build's rows are marked with its commit. */
    const facesOf = (served: Served, mark: string) => {
      const signedIn: BrowserContextOptions = {
        baseURL: served.base,
        storageState: served.storageState,
        viewport: { width: 1366, height: 860 },
      };
      return [
        {
          face: 'home' as const,
          label: `Home \`/\`${mark}`,
          run: () => coldLoad(browser, signedIn, '/', { face: 'home', name: scenario.resimName }),
        },
        {
          face: 'editor' as const,
          label: `editor \`/resim/{id}\`${mark}`,
          run: () => coldLoad(browser, signedIn, `/resim/${served.scenarioId}`, { face: 'editor', name: scenario.resimName }),
        },
        {
          face: 'player' as const,
          label: `player \`/play/{code}\` (phone)${mark}`,
          run: () =>
            coldLoad(browser, { ...phone, baseURL: served.base }, `/play/${served.code}`, { face: 'player', name: scenario.resimName }),
        },
      ];
    };
    const pages = [
      { face: 'baseline' as const, label: 'baseline: `/config.json`', run: () => coldLoad(browser, { baseURL: base }, '/config.json') },
      ...facesOf(current, ''),
      ...(previous && before ? facesOf(before, `, previous build \`${previous.commit.slice(0, 7)}\``) : []),
    ];
    // Warm-up: the server's compiled queries and Chromium's own start, not counted.
    for (const page of pages) await page.run();
    const samples = pages.map(() => [] as Load[]);
    for (let round = 1; round <= rounds; round++) {
      for (const [at, page] of pages.entries()) samples[at]!.push(await page.run());
      console.log(`  round ${round}: ${pages.map((page, at) => `${fmt(samples[at]!.at(-1)!.ms)} ms`).join(' / ')}`);
    }

    const baseline = median(samples[0]!.map((load) => load.ms));
    const rows = pages.map((page, at) => {
      const loads = samples[at]!;
      const ms = median(loads.map((load) => load.ms));
      return {
        face: page.face,
        label: page.label,
        ms,
        max: Math.max(...loads.map((load) => load.ms)),
        bytes: median(loads.map((load) => load.bytes)),
        requests: median(loads.map((load) => load.requests)),
      };
    });
    const faces = rows.slice(1, 4);
    const player = rows[3]!;
    const earlier = rows.slice(4);
    const met = faces.every((row) => row.ms < targetMs) && player.bytes <= playerBudgetKb * 1000;
    const beside = (row: (typeof rows)[number]) => {
      const then = earlier.find((candidate) => candidate.face === row.face);
      return then ? ` (${(row.ms / then.ms).toFixed(2)}× the previous build's ${fmt(then.ms)} ms)` : '';
    };
    const previousPlayer = earlier.find((row) => row.face === 'player');
    const table = [
      '| page | content shown, median (ms) | max (ms) | × baseline | downloaded (KB) | requests |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (row) =>
          `| ${row.label} | ${fmt(row.ms)} | ${fmt(row.max)} | ${(row.ms / baseline).toFixed(1)}× | ${fmt(row.bytes / 1000, 1)} | ${row.requests} |`,
      ),
    ].join('\n');
    const facts = { ...machineFacts(started), chromium: browser.version() };
    const summary =
      `Cold load to content: Home ${fmt(faces[0]!.ms)} ms${beside(faces[0]!)}, editor ${fmt(faces[1]!.ms)} ms${beside(faces[1]!)}, ` +
      `player ${fmt(faces[2]!.ms)} ms${beside(faces[2]!)} ` +
      `(target < ${fmt(targetMs)} ms; baseline ${fmt(baseline)} ms); a phone downloads ${fmt(player.bytes / 1000, 1)} KB to join ` +
      `(budget ${playerBudgetKb} KB)` +
      (previousPlayer
        ? `, the previous build ${fmt(previousPlayer.bytes / 1000, 1)} KB (${(player.bytes / previousPlayer.bytes).toFixed(2)}× its bytes)`
        : '') +
      `: ${met ? 'met' : 'NOT met'}.`;
    console.log(`\n${table}\n\n${summary}`);
    console.log(`Chromium ${facts.chromium}, Node ${facts.node}, ${facts.cpus} CPUs (${facts.cpuModel}), ${facts.os}, ${facts.date}`);

    if (process.env.BENCH_NO_RESULTS !== '1') {
      writeResultsSection(
        'cold-load',
        [
          'Command: `npm run bench:load` (runs `bench/src/cold-load.ts`; `npm run bench` runs it too). Each load is a new Chromium context ' +
            "(empty cache; the console's session already stored, the player signed out on a 390×844 phone viewport), timed from the " +
            "navigation's start to just after the first frame that holds the face's content: Home with the demo space's scenario, the " +
            "editor with the scenario's name and tabs, the player's join page with the scenario's name and its button. Baseline: the same " +
            `server's \`/config.json\` to its load event. ${rounds} rounds after a warm-up; medians. Downloaded: headers and bodies as sent ` +
            '(compressed), every request until the network is idle. The previous build: the same join page served by an earlier ' +
            'commit (`BENCH_PREVIOUS`, default `HEAD~1`), built once from `git archive` in the temporary folder, on its own data ' +
            'folder, loaded in the same rounds.',
          '',
          `**${summary}**`,
          '',
          table,
          '',
          `Machine: ${describeMachine(facts)}; Chromium ${facts.chromium} headless. Date: ${facts.date}.`,
        ].join('\n'),
        (current, generated) => `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## Cold load of each face\n\n${generated}\n`,
      );
    }
    if (!met)
      throw new Error(
        `a face took ${fmt(targetMs)} ms or more to show its content on a cold load, or the player's download is over ${playerBudgetKb} KB`,
      );
  } finally {
    await session?.browser.close().catch(() => undefined);
    await session?.browserServer.close().catch(() => undefined);
    await stopAll();
  }
};

runBenchmark(main, (error) => error.message);
